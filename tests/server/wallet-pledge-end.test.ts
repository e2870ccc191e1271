/** Pledge (定存): cancel, auto-renew and maturity through the wallet job. */
import { describe, expect, it } from 'vitest';
import { playerBalance } from '../../src/server/ledger/ledger.ts';
import { runWalletJobs } from '../../src/server/wallet/jobs.ts';
import { vwBalance } from '../../src/server/wallet/service.ts';
import { ctx, V, DAY, op, product, player, escrow, create } from './wallet-pledge-fixtures.ts';

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
