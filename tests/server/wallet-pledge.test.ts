/**
 * Pledge products and orders: the operator's product calls, create (limits, idempotency), cancel
 * by each early-exit rule with exact amounts, auto-renew, maturity through the wallet job with a
 * fake `now`, another player's ids, bad input. The virtual wallet's rate is 0 here, so the job
 * pays no interest and balances stay exact.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, playerBalance, transfer } from '../../src/server/ledger/ledger.ts';
import { runWalletJobs } from '../../src/server/wallet/jobs.ts';
import { vwBalance } from '../../src/server/wallet/service.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const V = '/v1/virtualWallet';
const DAY = 86_400_000;
const rid = () => crypto.randomUUID();
let op: TestClient;
const product: Record<string, number> = {};

async function saveProduct(form: Record<string, string | number>) {
  const r = await op.post('/v1/admin/pledge/products/save', form);
  expect(r.code, r.msg).toBe(1);
  return r.data.productId as number;
}

beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  expect((await op.post('/v1/admin/virtualWallet/settings', { annualRate: '0' })).data).toEqual({
    annualRate: '0.00',
  });
  product.principal = await saveProduct({
    name: '7天灵活',
    termDays: 7,
    annualRate: '5',
    minAmount: '100',
    earlyExit: 'principal',
  });
  product.penalty = await saveProduct({
    name: '30天稳健',
    termDays: 30,
    annualRate: '8.00',
    minAmount: '100',
    maxAmount: '5000',
    userLimit: '6000',
    earlyExit: 'penalty',
    penaltyPercent: '5',
  });
  product.none = await saveProduct({
    name: '90天锁定',
    termDays: 90,
    annualRate: '12',
    minAmount: '10.5',
    earlyExit: 'none',
  });
  product.off = await saveProduct({
    name: '已下架',
    termDays: 10,
    annualRate: '1',
    minAmount: '1',
    earlyExit: 'none',
    enabled: 0,
  });
});

/** A player with `fen` in the virtual wallet. */
async function player(fen: number) {
  const c = await ctx.userClient();
  if (fen > 0) {
    await transfer(ctx.sql, {
      transferId: transferIds.fixture(`test-fund:${rid()}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: c.userId },
      amountFen: fen,
      typeCode: 401,
      userId: c.userId,
    });
    expect(
      (await c.post(`${V}/transferIn`, { amount: (fen / 100).toFixed(2), requestId: rid() })).code,
    ).toBe(1);
  }
  return c;
}
const escrow = async (userId: number) =>
  (
    await ctx.sql<
      { balance: number }[]
    >`select balance from ledger_accounts where kind = 'pledge_escrow' and user_id = ${userId}`
  )[0]?.balance ?? 0;
const create = (
  c: TestClient,
  productId: number,
  amount: string,
  autoRenew = 0,
  requestId = rid(),
) => c.post(`${V}/pledgeCreate`, { productId, amount, autoRenew, requestId });

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

describe('cancel and auto-renew', () => {
  it('principal rule: the whole principal back, no profit', async () => {
    const c = await player(50_000);
    const { orderId } = (await create(c, product.principal!, '123.45')).data.order;
    const r = await c.post(`${V}/pledgeCancel`, { orderId });
    expect(r.data.order).toMatchObject({
      status: 'cancelled',
      statusName: '已赎回',
      refund: '123.45',
      penalty: '0.00',
      profitTotal: '0.00',
    });
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([50_000, 0]);
    const twice = await c.post(`${V}/pledgeCancel`, { orderId });
    expect([twice.code, twice.msg]).toEqual([-110005, '订单已结束，无法赎回']);
    expect(await vwBalance(ctx.sql, c.userId)).toBe(50_000);
  });

  it('penalty rule: floor(principal × 5 %) to the house, the rest back; racing cancels move once', async () => {
    const c = await player(200_000);
    const { orderId } = (await create(c, product.penalty!, '1234.57')).data.order;
    const res = await Promise.all(
      Array.from({ length: 10 }, () => c.post(`${V}/pledgeCancel`, { orderId })),
    );
    expect(res.filter((r) => r.code === 1)).toHaveLength(1);
    expect(res.filter((r) => r.code !== 1).every((r) => r.code === -110005)).toBe(true);
    const done = res.find((r) => r.code === 1)!.data.order;
    // 123457 × 500 / 10000 = 6172.85 → 6172
    expect([done.refund, done.penalty]).toEqual(['1172.85', '61.72']);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([
      200_000 - 6_172,
      0,
    ]);
    const detail = (await c.get(`${V}/pledgeOrderDetail`, { orderId })).data;
    expect(
      detail.logs.map((l: { typeCode: number; amount: string }) => [l.typeCode, l.amount]),
    ).toEqual([
      [614, '-1234.57'],
      [615, '1172.85'],
      [615, '-61.72'],
    ]);
  });

  it('none rule: refused with -110005, nothing moves', async () => {
    const c = await player(10_000);
    const { orderId } = (await create(c, product.none!, '10.50')).data.order;
    const r = await c.post(`${V}/pledgeCancel`, { orderId });
    expect([r.code, r.msg]).toEqual([-110005, '该产品不支持提前赎回']);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([8_950, 1_050]);
  });

  it("another player's order ids are refused as if they did not exist", async () => {
    const owner = await player(50_000);
    const { orderId } = (await create(owner, product.principal!, '100')).data.order;
    const thief = await player(0);
    for (const r of [
      await thief.post(`${V}/pledgeCancel`, { orderId }),
      await thief.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 1 }),
      await thief.get(`${V}/pledgeOrderDetail`, { orderId }),
    ])
      expect([r.code, r.msg]).toEqual([-110005, '记录不存在']);
    expect((await thief.get(`${V}/pledgeOrders`)).data).toEqual({ list: [], total: 0 });
    expect((await owner.get(`${V}/pledgeOrderDetail`, { orderId })).data.order.status).toBe(
      'holding',
    );
    const qs: Record<string, string | number>[] = [
      { orderId: 0 },
      { orderId: 'x' },
      {},
      { orderId: 1, more: 1 },
    ];
    for (const q of qs) {
      expect((await owner.get(`${V}/pledgeOrderDetail`, q)).status).toBe(400);
      expect((await owner.post(`${V}/pledgeCancel`, q)).status).toBe(400);
    }
  });

  it('auto-renew switches on and off; not on a finished order', async () => {
    const c = await player(50_000);
    const { orderId } = (await create(c, product.principal!, '100')).data.order;
    expect(
      (await c.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 1 })).data.order.autoRenew,
    ).toBe(true);
    expect(
      (await c.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 0 })).data.order.autoRenew,
    ).toBe(false);
    expect((await c.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 'on' })).status).toBe(400);
    await c.post(`${V}/pledgeCancel`, { orderId });
    const r = await c.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 1 });
    expect([r.code, r.msg]).toEqual([-110005, '订单已结束']);
  });
});

describe('maturity through the wallet job', () => {
  it('without auto-renew: principal and profit back once, however often the job runs', async () => {
    const c = await player(200_000);
    const { orderId, endAt } = (await create(c, product.penalty!, '1000')).data.order;
    await runWalletJobs(ctx.sql, endAt - 1);
    expect((await c.get(`${V}/pledgeOrderDetail`, { orderId })).data.order.status).toBe('holding');
    await Promise.all([
      runWalletJobs(ctx.sql, endAt + 1000),
      runWalletJobs(ctx.sql, endAt + 1000),
      runWalletJobs(ctx.sql, endAt + 5000),
    ]);
    await runWalletJobs(ctx.sql, endAt + 90 * DAY);
    // 100000 × 800 × 30 / 3650000 = 657.53 → 657
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([200_657, 0]);
    const o = (await c.get(`${V}/pledgeOrderDetail`, { orderId })).data;
    expect(o.order).toMatchObject({
      status: 'matured',
      statusName: '已到期',
      profitTotal: '6.57',
      refund: '1000.00',
      term: 1,
    });
    expect(o.logs.map((l: { typeCode: number; amount: string }) => [l.typeCode, l.amount])).toEqual(
      [
        [614, '-1000.00'],
        [616, '6.57'],
        [615, '1000.00'],
      ],
    );
    const profits = (await c.get(`${V}/profitLogs`)).data;
    expect(
      profits.list.map(
        (l: { typeCode: number; amount: string; productName: string; orderId: number }) => [
          l.typeCode,
          l.amount,
          l.productName,
          l.orderId,
        ],
      ),
    ).toEqual([[616, '6.57', '30天稳健', orderId]]);
    expect((await c.get(`${V}/info`)).data).toMatchObject({
      totalProfit: '6.57',
      pledgedTotal: '0.00',
      holdingCount: 0,
    });
    expect((await c.get(`${V}/pledgeOrders`, { status: 'matured' })).data.total).toBe(1);
    expect((await c.get(`${V}/pledgeOrders`, { status: 'holding' })).data.total).toBe(0);
    expect((await c.get(`${V}/pledgeOrders`, { status: 'x' })).status).toBe(400);
  });

  it('with auto-renew: profit paid and a new term; cancel later keeps the paid profit', async () => {
    const c = await player(100_000);
    const { orderId, endAt } = (await create(c, product.principal!, '1000', 1)).data.order;
    await Promise.all([runWalletJobs(ctx.sql, endAt + 1), runWalletJobs(ctx.sql, endAt + 1)]);
    // 100000 × 500 × 7 / 3650000 = 95.89 → 95
    let o = (await c.get(`${V}/pledgeOrderDetail`, { orderId })).data.order;
    expect(o).toMatchObject({
      status: 'holding',
      term: 2,
      profitTotal: '0.95',
      startAt: endAt,
      endAt: endAt + 7 * DAY,
    });
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([95, 100_000]);
    await runWalletJobs(ctx.sql, endAt + 7 * DAY + 1);
    o = (await c.get(`${V}/pledgeOrderDetail`, { orderId })).data.order;
    expect([o.term, o.profitTotal]).toEqual([3, '1.90']);
    await c.post(`${V}/pledgeAutoRenew`, { orderId, autoRenew: 0 });
    await runWalletJobs(ctx.sql, endAt + 14 * DAY + 1);
    o = (await c.get(`${V}/pledgeOrderDetail`, { orderId })).data.order;
    expect([o.status, o.term, o.profitTotal]).toEqual(['matured', 3, '2.85']);
    expect([await vwBalance(ctx.sql, c.userId), await escrow(c.userId)]).toEqual([100_285, 0]);
  });

  it('the operator lists orders with the user name and filters', async () => {
    const c = await player(50_000);
    await create(c, product.principal!, '100');
    const r = await op.get('/v1/admin/pledge/orders', { userName: c.userName });
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({
      userName: c.userName,
      amount: '100.00',
      status: 'holding',
    });
    expect(
      (await op.get('/v1/admin/pledge/orders', { userName: c.userName, status: 'cancelled' })).data
        .total,
    ).toBe(0);
    expect((await op.get('/v1/admin/pledge/orders', { userName: 'nobody_here' })).msg).toBe(
      '用户不存在',
    );
    expect((await c.get('/v1/admin/pledge/orders')).status).toBe(403);
    expect(await playerBalance(ctx.sql, c.userId)).toBe(0);
  });
});
