/** Pledge (定存) products and creating a pledge. */
import { describe, expect, it } from 'vitest';
import { vwBalance } from '../../src/server/wallet/service.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { ctx, V, DAY, rid, op, product, player, escrow, create } from './wallet-pledge-fixtures.ts';

describe('products', () => {
  it('players see the enabled products in order; the operator sees all and can toggle them', async () => {
    const c = await player(0);
    const list = (await c.get(`${V}/pledgeProducts`)).data.list;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['7天灵活', '30天稳健', '90天锁定']);
    expect(list[1]).toEqual({
      productId: product.penalty,
      name: '30天稳健',
      termDays: 30,
      annualRate: '8.00',
      minAmount: '100.00',
      maxAmount: '5000.00',
      userLimit: '6000.00',
      earlyExit: 'penalty',
      earlyExitName: '提前赎回扣除违约金 5.00%',
      penaltyPercent: '5.00',
      enabled: true,
      sort: 0,
    });
    expect((await op.get('/v1/admin/pledge/products')).data.list).toHaveLength(4);
    expect(
      (await op.post('/v1/admin/pledge/products/enable', { productId: product.off })).code,
    ).toBe(1);
    expect((await c.get(`${V}/pledgeProducts`)).data.list).toHaveLength(4);
    expect(
      (await op.post('/v1/admin/pledge/products/disable', { productId: product.off })).code,
    ).toBe(1);
    expect((await c.get(`${V}/pledgeProducts`)).data.list).toHaveLength(3);
    expect((await op.post('/v1/admin/pledge/products/disable', { productId: 999999 })).msg).toBe(
      '记录不存在',
    );
    expect((await c.get('/v1/admin/pledge/products')).status).toBe(403);
  });

  it('the operator save refuses bad products', async () => {
    const good = {
      name: 'x',
      termDays: 7,
      annualRate: '5',
      minAmount: '100',
      earlyExit: 'principal',
    };
    const bad: Record<string, string | number>[] = [
      { ...good, name: '' },
      { ...good, name: '<b>x</b>' },
      { ...good, termDays: 0 },
      { ...good, termDays: 3651 },
      { ...good, annualRate: '0' },
      { ...good, annualRate: '100.01' },
      { ...good, annualRate: '5.001' },
      { ...good, annualRate: '-1' },
      { ...good, minAmount: '0' },
      { ...good, minAmount: '1.001' },
      { ...good, maxAmount: '50' },
      { ...good, userLimit: '99.99' },
      { ...good, earlyExit: 'maybe' },
      { ...good, earlyExit: 'penalty' },
      { ...good, earlyExit: 'penalty', penaltyPercent: '101' },
      { ...good, extra: 1 },
      { ...good, productId: 999999 },
      { ...good, enabled: 2 },
    ];
    const before = (await op.get('/v1/admin/pledge/products')).data.list.length;
    for (const form of bad) {
      const r = await op.post('/v1/admin/pledge/products/save', form);
      expect(r.code, JSON.stringify(form)).not.toBe(1);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await op.get('/v1/admin/pledge/products')).data.list.length).toBe(before);
  });
});

describe('create', () => {
  it('moves the principal into escrow (614) and answers the order', async () => {
    const c = await player(200_000);
    const r = await create(c, product.penalty!, '1000', 1);
    expect(r.code, r.msg).toBe(1);
    expect(r.data.applied).toBe(true);
    expect(r.data.order).toMatchObject({
      productName: '30天稳健',
      termDays: 30,
      annualRate: '8.00',
      amount: '1000.00',
      amountFen: 100_000,
      autoRenew: true,
      status: 'holding',
      statusName: '持有中',
      term: 1,
      expectedProfit: '6.57',
      profitTotal: '0.00',
      refund: '0.00',
      settledAt: null,
    });
    expect(r.data.order.endAt - r.data.order.startAt).toBe(30 * DAY);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([
      100_000, 100_000,
    ]);
    const info = (await c.get(`${V}/info`)).data;
    expect([info.pledgedTotal, info.holdingCount, info.balance]).toEqual(['1000.00', 1, '1000.00']);
  });

  it('the same requestId 50 times concurrently makes one order', async () => {
    const c = await player(100_000);
    const requestId = rid();
    const res = await Promise.all(
      Array.from({ length: 50 }, () => create(c, product.principal!, '300', 0, requestId)),
    );
    expect(res.filter((r) => r.code !== 1)).toEqual([]);
    expect(res.filter((r) => r.data.applied)).toHaveLength(1);
    expect(new Set(res.map((r) => r.data.order.orderId)).size).toBe(1);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([70_000, 30_000]);
    const again = await create(c, product.principal!, '301', 0, requestId);
    expect(again.msg).toBe(REQUEST_REUSED_MSG);
  });

  it('refuses by the product rules and the balance, moving nothing', async () => {
    const c = await player(700_000);
    const cases: [number, string, number, string][] = [
      [product.penalty!, '99.99', -1, '最低质押金额为 100.00 元'],
      [product.penalty!, '5000.01', -1, '单笔最多质押 5000.00 元'],
      [product.off!, '100', -110005, '该质押产品不存在或已下架'],
      [999_999, '100', -110005, '该质押产品不存在或已下架'],
      [product.none!, '7000.01', -1, '虚拟钱包余额不足'],
    ];
    for (const [id, amount, code, msg] of cases) {
      const r = await create(c, id, amount);
      expect([r.code, r.msg]).toEqual([code, msg]);
    }
    expect((await create(c, product.penalty!, '5000')).code).toBe(1);
    const over = await create(c, product.penalty!, '1000.01');
    expect([over.code, over.msg]).toEqual([-1, '超出个人质押限额，当前最多可质押 1000.00 元']);
    expect((await create(c, product.penalty!, '1000')).code).toBe(1);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([
      100_000, 600_000,
    ]);
  });

  it('concurrent creates never pass the per-player limit', async () => {
    const c = await player(1_000_000);
    const res = await Promise.all(
      Array.from({ length: 10 }, () => create(c, product.penalty!, '1000')),
    );
    expect(res.filter((r) => r.code === 1)).toHaveLength(6);
    expect(await escrow(c.userId)).toBe(600_000);
  });

  it('refuses bad input of every kind', async () => {
    const c = await player(100_000);
    const good = { productId: product.principal!, amount: '100', autoRenew: 0, requestId: rid() };
    const bad: Record<string, string | number>[] = [
      {},
      { ...good, extra: 1 },
      { productId: 'abc', amount: '100', autoRenew: 0, requestId: rid() },
      { ...good, productId: 0 },
      { ...good, productId: -1 },
      { ...good, productId: '1e309' },
      { ...good, amount: '-100' },
      { ...good, amount: '0' },
      { ...good, amount: '100.001' },
      { ...good, amount: '<i>' },
      { ...good, autoRenew: 2 },
      { ...good, autoRenew: 'true' },
      { ...good, requestId: 'x' },
    ];
    for (const form of bad) {
      const r = await c.post(`${V}/pledgeCreate`, form);
      expect(r.code, JSON.stringify(form)).not.toBe(1);
      expect(r.status).toBeLessThan(500);
    }
    expect(await vwBalance(ctx.sql, c.userId)).toBe(100_000);
    expect(await escrow(c.userId)).toBe(0);
  });
});
