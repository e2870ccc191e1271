/**
 * Recharge review by the operator: approval credits exactly the amount once (with the channel's
 * type code, the bill row and the turnover requirement), even when approved twice concurrently;
 * rejection moves nothing; reviewed orders cannot be reviewed again; players get 403.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, playerBalance } from '../../src/server/ledger/ledger.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;

let op: UserClient;
let player: UserClient;
const configOf: Record<string, number> = {};

beforeAll(async () => {
  await seedPaymentChannels(ctx.sql);
  for (const r of await ctx.sql<
    { id: number; channel: string }[]
  >`select id, channel from payment_configs`)
    configOf[r.channel] = r.id;
  op = await ctx.userClient({ userName: 'payop2', isOperator: true });
  player = await ctx.userClient({ userName: 'pay_dave' });
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

async function newOrder(c: UserClient, channel: string, amount: string) {
  const res = await c.post('/v1/transaction/rechargeFrontPaymentRecord', {
    channel,
    configId: configOf[channel],
    amount,
    requestId: crypto.randomUUID(),
  });
  expect(res.code).toBe(1);
  return res.data.order as { id: number; orderNo: string; amountFen: number };
}
const bills = (userId: number) =>
  ctx.sql<
    { transfer_id: string; type_code: number; amount: number; ref: string; balance_after: number }[]
  >`
    select transfer_id, type_code, amount, ref, balance_after from transfers where user_id = ${userId} order by id`;
const turnovers = (userId: number) =>
  ctx.sql<
    { source: string; ref: string; base_fen: number }[]
  >`select source, ref, base_fen from turnover_flows where user_id = ${userId} order by id`;

describe('approve', () => {
  it('credits exactly the amount with the channel type code, a bill row and a turnover row', async () => {
    const o = await newOrder(player, 'wechat', '200');
    const before = await playerBalance(ctx.sql, player.userId);
    const res = await op.post('/v1/admin/recharge/approve', { id: o.id });
    expect(res.code).toBe(1);
    expect(res.data.order).toMatchObject({
      id: o.id,
      status: 'approved',
      statusName: '已到账',
      userId: player.userId,
      userName: 'pay_dave',
      operatorName: 'payop2',
    });
    expect(res.data.order.reviewedAt).toEqual(expect.any(Number));
    expect(res.data.balanceFen).toBe(before + 20_000);
    expect(res.data.balance).toBe('200.00');
    expect(await playerBalance(ctx.sql, player.userId)).toBe(before + 20_000);
    expect(await bills(player.userId)).toEqual([
      {
        transfer_id: `recharge:${o.id}`,
        type_code: 104,
        amount: 20_000,
        ref: o.orderNo,
        balance_after: 20_000,
      },
    ]);
    expect(await turnovers(player.userId)).toEqual([
      { source: 'recharge', ref: o.orderNo, base_fen: 20_000 },
    ]);
    // the player sees it in the bill list's type and in the order
    const mine = await player.get('/v1/transaction/rechargeRecordDetail', { id: o.id });
    expect(mine.data.status).toBe('approved');

    // approving again, or rejecting the approved order, is refused and moves nothing
    expect(await op.post('/v1/admin/recharge/approve', { id: o.id })).toMatchObject({
      code: -1,
      msg: '订单已处理',
    });
    expect(await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '重复' })).toMatchObject({
      code: -1,
      msg: '订单已处理',
    });
    expect(await playerBalance(ctx.sql, player.userId)).toBe(before + 20_000);
    expect(await bills(player.userId)).toHaveLength(1);
    expect(await turnovers(player.userId)).toHaveLength(1);
  });

  it('two concurrent approvals of one order credit once', async () => {
    const p = await ctx.userClient({ userName: 'pay_race' });
    const o = await newOrder(p, 'digitalcurrencypay', '20.5'); // 147.60 yuan
    expect(o.amountFen).toBe(14_760);
    const results = await Promise.all([
      op.post('/v1/admin/recharge/approve', { id: o.id }),
      op.post('/v1/admin/recharge/approve', { id: o.id }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([-1, 1]);
    expect(results.find((r) => r.code === -1)!.msg).toBe('订单已处理');
    expect(await playerBalance(ctx.sql, p.userId)).toBe(14_760);
    expect((await bills(p.userId)).map((b) => [b.type_code, b.amount])).toEqual([[110, 14_760]]);
    expect(await turnovers(p.userId)).toHaveLength(1);
  });

  it('ten concurrent approvals of five orders credit each once', async () => {
    const p = await ctx.userClient({ userName: 'pay_race2' });
    const orders = [];
    for (const amount of ['50', '100', '200', '500', '1000'])
      orders.push(await newOrder(p, 'qqpay', amount));
    const results = await Promise.all(
      orders.flatMap((o) => [o, o]).map((o) => op.post('/v1/admin/recharge/approve', { id: o.id })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(185_000);
    expect((await bills(p.userId)).every((b) => b.type_code === 103)).toBe(true);
    expect(await bills(p.userId)).toHaveLength(5);
  });

  it('refuses an unknown id and bad input', async () => {
    expect(await op.post('/v1/admin/recharge/approve', { id: 99_999_999 })).toMatchObject({
      code: -1,
      msg: '记录不存在',
    });
    expect((await op.post('/v1/admin/recharge/approve', { id: 'x' })).status).toBe(400);
    expect((await op.post('/v1/admin/recharge/approve', { id: -1 })).status).toBe(400);
    expect((await op.post('/v1/admin/recharge/approve', {})).status).toBe(400);
    expect((await op.post('/v1/admin/recharge/approve', { id: 1, extra: 1 })).status).toBe(400);
  });
});

describe('reject', () => {
  it('rejects a pending order with a remark and moves nothing; approving it afterwards is refused', async () => {
    const p = await ctx.userClient({ userName: 'pay_rej' });
    const o = await newOrder(p, 'alipay', '66.6');
    expect((await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '' })).status).toBe(400);
    expect(
      (await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '<b>x</b>' })).status,
    ).toBe(400);
    expect(await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '   ' })).toMatchObject({
      code: -1,
      msg: '请填写驳回原因',
    });
    const res = await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '未收到款项' });
    expect(res.code).toBe(1);
    expect(res.data.order).toMatchObject({
      status: 'rejected',
      statusName: '已驳回',
      remark: '未收到款项',
    });
    expect(await op.post('/v1/admin/recharge/approve', { id: o.id })).toMatchObject({
      code: -1,
      msg: '订单已处理',
    });
    expect(await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '再次' })).toMatchObject({
      code: -1,
      msg: '订单已处理',
    });
    expect(await playerBalance(ctx.sql, p.userId)).toBe(0);
    expect(await bills(p.userId)).toEqual([]);
    expect(await turnovers(p.userId)).toEqual([]);
    expect(
      await op.post('/v1/admin/recharge/reject', { id: 99_999_999, remark: 'x' }),
    ).toMatchObject({ code: -1, msg: '记录不存在' });
  });

  it('an approve racing a reject: exactly one wins, and money moves only if the approve won', async () => {
    const p = await ctx.userClient({ userName: 'pay_mix' });
    const o = await newOrder(p, 'alipay', '100');
    const [a, r] = await Promise.all([
      op.post('/v1/admin/recharge/approve', { id: o.id }),
      op.post('/v1/admin/recharge/reject', { id: o.id, remark: '并发' }),
    ]);
    expect([a.code, r.code].filter((c) => c === 1)).toHaveLength(1);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(a.code === 1 ? 10_000 : 0);
  });
});

describe('list', () => {
  it('filters by status and user name, newest first, with paging', async () => {
    const p = await ctx.userClient({ userName: 'pay_list' });
    const a = await newOrder(p, 'alipay', '100');
    const b = await newOrder(p, 'alipay', '200');
    await op.post('/v1/admin/recharge/approve', { id: a.id });
    const all = await op.get('/v1/admin/recharge/list', { userName: 'PAY_LIST' });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(all.data.list[0]).toMatchObject({
      userName: 'pay_list',
      status: 'pending',
      amount: '200.00',
      operatorName: '',
    });
    const approved = await op.get('/v1/admin/recharge/list', {
      userName: 'pay_list',
      status: 'approved',
    });
    expect(approved.data.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
    const paged = await op.get('/v1/admin/recharge/list', {
      userName: 'pay_list',
      page: 2,
      pageSize: 1,
    });
    expect(paged.data).toMatchObject({ total: 2, list: [{ id: a.id }] });
    expect((await op.get('/v1/admin/recharge/list', { status: 'paid' })).status).toBe(400);
    expect((await op.get('/v1/admin/recharge/list', { userName: "x' or 1=1" })).status).toBe(400);
    expect((await op.get('/v1/admin/recharge/list', { userName: 'nobody_here' })).data).toEqual({
      list: [],
      total: 0,
    });
  });
});

describe('operator only', () => {
  it('refuses players (403) and callers without a session (0)', async () => {
    const o = await newOrder(player, 'alipay', '100');
    for (const [method, path, form] of [
      ['post', '/v1/admin/recharge/approve', { id: o.id }],
      ['post', '/v1/admin/recharge/reject', { id: o.id, remark: 'x' }],
      ['get', '/v1/admin/recharge/list', {}],
      ['get', '/v1/admin/payment/channels', {}],
      [
        'post',
        '/v1/admin/payment/channelSave',
        { channel: 'alipay', name: 'x', min: '1', max: '2', accountNo: '1' },
      ],
      ['post', '/v1/admin/payment/channelDelete', { id: configOf.alipay }],
      ['post', '/v1/admin/payment/settingsSave', { notice: 'x' }],
    ] as const) {
      const res = method === 'get' ? await player.get(path, form) : await player.post(path, form);
      expect(res.status).toBe(403);
      const anon =
        method === 'get' ? await ctx.client().get(path, form) : await ctx.client().post(path, form);
      expect(anon.code).toBe(0);
    }
    expect(
      (await player.get('/v1/transaction/rechargeRecordDetail', { id: o.id })).data.status,
    ).toBe('pending');
    expect(await playerBalance(ctx.sql, player.userId)).toBe(20_000); // only the approved 200 of the first test
  });
});
