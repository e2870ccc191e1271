/** addChaseBetting, cancelAutoChaseBetting and cancelBetting. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.ts';
import {
  balanceOf,
  dwdEntry,
  expectLedgerSound,
  fund,
  requestId,
  saleIssue,
  saleIssues,
} from './betting-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterEach(async () => expectLedgerSound(ctx.sql));

const CHASE = '/v1/betting/addChaseBetting';
const CANCEL_CHASE = '/v1/betting/cancelAutoChaseBetting';
const CANCEL = '/v1/betting/cancelBetting';

async function player(fen: number) {
  const c = await ctx.userClient();
  if (fen > 0) await fund(ctx.sql, c.userId, fen);
  return c;
}

/** 定位胆 '1' on 1008 for these issues at these multiples (2 yuan per multiple). */
function chaseData(issues: string[], multiples: number[], over: Record<string, unknown> = {}) {
  const total = multiples.reduce((s, m) => s + 2 * m, 0);
  return {
    isStopAfterWinning: 1,
    startIssue: issues[0],
    lotteryCode: '1008',
    bettingPoint: 0,
    playDetailCode: '1008DWD',
    bettingUnit: 1,
    bettingAllAmount: `${total}.00`,
    chaseCount: issues.length,
    eachInfo: [{ bettingNumber: '1,-,-,-,-', bettingCount: 1 }],
    eachOrder: issues.map((bettingIssue, i) => ({
      bettingIssue,
      graduationCount: multiples[i],
      bettingAmount: `${2 * multiples[i]!}.00`,
    })),
    ...over,
  };
}

describe('addChaseBetting', () => {
  it('places one bet per issue at its multiple, pays up front (302) and stores the chase', async () => {
    const c = await player(10_000);
    const issues = await saleIssues(ctx.sql, '1008', 3);
    const res = await c.post(CHASE, {
      chaseBettingData: JSON.stringify(chaseData(issues, [1, 2, 3])),
      requestId: requestId(),
    });
    expect(res.code).toBe(1);
    expect(res.data.orders.map((o: { issue: string }) => o.issue)).toEqual(issues);
    expect(res.data.balance).toBe('88.00');
    const [chase] = await ctx.sql<
      { status: string; stop_after_win: boolean; chase_count: number; total_amount: number }[]
    >`
      select status, stop_after_win, chase_count, total_amount from chases where id = ${res.data.chaseId}`;
    expect(chase).toEqual({
      status: 'running',
      stop_after_win: true,
      chase_count: 3,
      total_amount: 1_200,
    });
    const bets = await ctx.sql<
      { id: number; multiple: number; amount: number; stake_type: number; chase_id: number }[]
    >`
      select id, multiple, amount, stake_type, chase_id from bets where user_id = ${c.userId} order by issue`;
    expect(bets.map((b) => [b.multiple, b.amount, b.stake_type, b.chase_id])).toEqual([
      [1, 200, 302, res.data.chaseId],
      [2, 400, 302, res.data.chaseId],
      [3, 600, 302, res.data.chaseId],
    ]);
    const stakes =
      await ctx.sql`select transfer_id from transfers where type_code = 302 and user_id = ${c.userId}`;
    expect(stakes.map((t) => t.transfer_id).sort()).toEqual(bets.map((b) => `bet:${b.id}`).sort());
  });

  it('the same requestId answers the stored chase and charges once', async () => {
    const c = await player(10_000);
    const issues = await saleIssues(ctx.sql, '1008', 2);
    const id = requestId();
    const form = { chaseBettingData: JSON.stringify(chaseData(issues, [1, 1])), requestId: id };
    const all = await Promise.all(Array.from({ length: 20 }, () => c.post(CHASE, form)));
    expect(all.every((r) => r.code === 1)).toBe(true);
    expect(new Set(all.map((r) => r.data.chaseId)).size).toBe(1);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(9_600);
  });

  it('refuses inconsistent chases, and nothing moves', async () => {
    const c = await player(1_000);
    const issues = await saleIssues(ctx.sql, '1008', 3);
    const past = { issue: '202001010001' };
    const gap = [issues[0]!, issues[2]!];
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [chaseData(issues, [1, 2, 3], { bettingAllAmount: '13.00' }), '金额不符'],
      [
        chaseData(issues, [1, 2, 3], {
          eachOrder: chaseData(issues, [1, 2, 3]).eachOrder.map((o, i) =>
            i === 1 ? { ...o, bettingAmount: '2.00' } : o,
          ),
        }),
        '金额不符',
      ],
      [chaseData(issues, [1, 2, 3], { chaseCount: 2 }), '追号期数不符'],
      [chaseData(gap, [1, 1]), '追号期号不连续'],
      [chaseData(issues, [1, 1, 1], { startIssue: issues[1] }), '追号期号不连续'],
      [chaseData([past!.issue], [1]), /^第202001010001期已截止，当前为第\d{12}期$/],
      [
        chaseData(issues, [1, 2, 3], {
          eachInfo: [{ bettingNumber: '1,-,-,-,-', bettingCount: 2 }],
        }),
        '注数不符',
      ],
      [chaseData(issues, [1, 2, 3], { bettingPoint: 20 }), /返点/],
      [chaseData(issues, [1, 2, 3], { isStopAfterWinning: 2 }), '追中即停参数不正确'],
      [chaseData(issues, [1, 2, 3], { surprise: true }), '投注数据含有不支持的字段：surprise'],
      [chaseData(issues, [1, 2, 3], { playDetailCode: '1008LM' }), '该玩法不支持追号'],
      [chaseData(issues, [1, 2, 3], { eachOrder: [] }), '追号期号不能为空'],
      [chaseData(issues, [100, 200, 300]), '余额不足'],
    ];
    for (const [data, msg] of cases) {
      const res = await c.post(CHASE, {
        chaseBettingData: JSON.stringify(data),
        requestId: requestId(),
      });
      expect(res.code, JSON.stringify(data)).toBe(-1);
      if (typeof msg === 'string') expect(res.msg, JSON.stringify(data)).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    const many = await saleIssues(ctx.sql, '1008', 51);
    const tooMany = await c.post(CHASE, {
      chaseBettingData: JSON.stringify(
        chaseData(
          many,
          many.map(() => 1),
        ),
      ),
      requestId: requestId(),
    });
    expect(tooMany.msg).toBe('追号期数必须在1到50之间');
    expect(await balanceOf(ctx.sql, c.userId)).toBe(1_000);
    expect((await ctx.sql`select id from chases where user_id = ${c.userId}`).length).toBe(0);
  });
});

describe('cancelAutoChaseBetting', () => {
  it('refunds the chosen unstarted issues (203), then the rest, and the chase ends cancelled', async () => {
    const c = await player(10_000);
    const issues = await saleIssues(ctx.sql, '1008', 3);
    const placed = await c.post(CHASE, {
      chaseBettingData: JSON.stringify(chaseData(issues, [1, 2, 3])),
      requestId: requestId(),
    });
    const one = await c.post(CANCEL_CHASE, { chaseId: placed.data.chaseId, issues: issues[2]! });
    expect(one.code).toBe(1);
    expect(one.data).toEqual({ refunded: '6.00', balance: '94.00' });
    const rest = await c.post(CANCEL_CHASE, { chaseId: placed.data.chaseId });
    expect(rest.data).toEqual({ refunded: '6.00', balance: '100.00' });
    const [chase] = await ctx.sql`select status from chases where id = ${placed.data.chaseId}`;
    expect(chase!.status).toBe('cancelled');
    const bets = await ctx.sql<
      { id: number; status: string }[]
    >`select id, status from bets where chase_id = ${placed.data.chaseId}`;
    expect(bets.every((b) => b.status === 'USER_CANCELLED')).toBe(true);
    const refunds =
      await ctx.sql`select transfer_id from transfers where type_code = 203 and user_id = ${c.userId}`;
    expect(refunds.map((r) => r.transfer_id).sort()).toEqual(
      bets.map((b) => `chase:${b.id}`).sort(),
    );
    const again = await c.post(CANCEL_CHASE, { chaseId: placed.data.chaseId });
    expect(again.msg).toBe('该追号已结束，不能撤销');
  });

  it("refuses another player's chase and started issues", async () => {
    const owner = await player(10_000);
    const other = await player(0);
    const issues = await saleIssues(ctx.sql, '1008', 2);
    const placed = await owner.post(CHASE, {
      chaseBettingData: JSON.stringify(chaseData(issues, [1, 1])),
      requestId: requestId(),
    });
    const res = await other.post(CANCEL_CHASE, { chaseId: placed.data.chaseId });
    expect(res.msg).toBe('追号记录不存在');
    // the first issue closes: only the second can be taken back
    await ctx.sql`update lottery_issues set close_at = now() - interval '1 second' where lottery_code = '1008' and issue = ${issues[0]!}`;
    const none = await owner.post(CANCEL_CHASE, {
      chaseId: placed.data.chaseId,
      issues: issues[0]!,
    });
    expect(none.msg).toBe('没有可撤销的追号期');
    const rest = await owner.post(CANCEL_CHASE, { chaseId: placed.data.chaseId });
    expect(rest.data.refunded).toBe('2.00');
    const [chase] = await ctx.sql`select status from chases where id = ${placed.data.chaseId}`;
    expect(chase!.status).toBe('running');
    await ctx.sql`update lottery_issues set close_at = draw_at - interval '10 seconds' where lottery_code = '1008' and issue = ${issues[0]!}`;
  });
});

describe('cancelBetting', () => {
  it('cancels an own pending bet before the close (202) once', async () => {
    const c = await player(1_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const placed = await c.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([dwdEntry(issue)]),
      requestId: requestId(),
    });
    const orderId = placed.data.orders[0].id;
    const res = await c.post(CANCEL, { orderId });
    expect(res).toMatchObject({ code: 1, data: { balance: '10.00' } });
    const [bet] = await ctx.sql`select status from bets where id = ${orderId}`;
    expect(bet!.status).toBe('USER_CANCELLED');
    const [t] =
      await ctx.sql`select type_code, amount from transfers where transfer_id = ${`cancel:${orderId}`}`;
    expect(t).toEqual({ type_code: 202, amount: 200 });
    const twice = await Promise.all([c.post(CANCEL, { orderId }), c.post(CANCEL, { orderId })]);
    expect(twice.map((r) => r.msg)).toEqual(['该订单已撤单', '该订单已撤单']);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(1_000);
  });

  it("refuses another player's order, an unknown one and a closed issue", async () => {
    const owner = await player(1_000);
    const other = await player(0);
    const issue = await saleIssue(ctx.sql, '1008');
    const placed = await owner.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([dwdEntry(issue)]),
      requestId: requestId(),
    });
    const orderId = placed.data.orders[0].id;
    expect((await other.post(CANCEL, { orderId })).msg).toBe('订单不存在');
    expect((await owner.post(CANCEL, { orderId: 99_999_999 })).msg).toBe('订单不存在');
    expect((await owner.post(CANCEL, { orderId: 'abc' })).code).toBe(-1);
    await ctx.sql`update lottery_issues set close_at = now() - interval '1 second' where lottery_code = '1008' and issue = ${issue}`;
    expect((await owner.post(CANCEL, { orderId })).msg).toBe('当前期已封盘，不能撤单');
    await ctx.sql`update lottery_issues set close_at = draw_at - interval '10 seconds' where lottery_code = '1008' and issue = ${issue}`;
    expect(await balanceOf(ctx.sql, owner.userId)).toBe(800);
  });

  it('cancelling the last pending bet of a chase cancels the chase', async () => {
    const c = await player(1_000);
    const issues = await saleIssues(ctx.sql, '1008', 1);
    const placed = await c.post(CHASE, {
      chaseBettingData: JSON.stringify(chaseData(issues, [1])),
      requestId: requestId(),
    });
    const res = await c.post(CANCEL, { orderId: placed.data.orders[0].id });
    expect(res.code).toBe(1);
    const [chase] = await ctx.sql`select status from chases where id = ${placed.data.chaseId}`;
    expect(chase!.status).toBe('cancelled');
  });
});
