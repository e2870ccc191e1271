/** Records (bets, chases, summaries), rebates, and the public newest-wins list. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { setupTestApp, type TestClient, type TestContext } from './helpers.ts';
import {
  dwdEntry,
  expectLedgerSound,
  fund,
  requestId,
  saleIssue,
  saleIssues,
} from './betting-fixtures.ts';

let ctx: TestContext;
let alice: TestClient & { userId: number; userName: string };
let bob: TestClient & { userId: number; userName: string };
let issue: string;
let won: number;
let lost: number;
let cancelled: number;
let pending: number;
let chaseId: number;

const place = async (c: TestClient, entries: Record<string, unknown>[]) => {
  const res = await c.post('/v1/betting/addBetting', {
    bettingData: JSON.stringify(entries),
    requestId: requestId(),
  });
  if (res.code !== 1) throw new Error(res.msg);
  return res.data.orders as { id: number; orderNo: string }[];
};

beforeAll(async () => {
  ctx = await setupTestApp();
  alice = await ctx.userClient({ userName: 'alice2024' });
  bob = await ctx.userClient();
  await fund(ctx.sql, alice.userId, 100_000);
  await fund(ctx.sql, bob.userId, 100_000);
  issue = await saleIssue(ctx.sql, '1008');
  [{ id: won }, { id: lost }] = await place(alice, [
    dwdEntry(issue),
    dwdEntry(issue, { bettingNumber: '2,-,-,-,-' }),
  ]);
  [{ id: cancelled }] = await place(alice, [dwdEntry(issue, { bettingNumber: '3,-,-,-,-' })]);
  await alice.post('/v1/betting/cancelBetting', { orderId: cancelled });
  const later = (await saleIssues(ctx.sql, '1008', 3))[2]!; // after `issue`, not settled here
  [{ id: pending }] = await place(alice, [
    dwdEntry(later, { bettingUnit: 0.1, bettingAmount: '0.20', bettingPoint: 5 }),
  ]);
  const chase = await alice.post('/v1/betting/addChaseBetting', {
    chaseBettingData: JSON.stringify({
      isStopAfterWinning: 0,
      startIssue: later,
      lotteryCode: '1008',
      bettingPoint: 0,
      playDetailCode: '1008DWD',
      bettingUnit: 1,
      bettingAllAmount: '2.00',
      chaseCount: 1,
      eachInfo: [{ bettingNumber: '9,-,-,-,-', bettingCount: 1 }],
      eachOrder: [{ bettingIssue: later, graduationCount: 1, bettingAmount: '2.00' }],
    }),
    requestId: requestId(),
  });
  chaseId = chase.data.chaseId;
  await place(bob, [dwdEntry(issue)]);
  // the draw of `issue` (as the operator's openResult would record it), then real settlement
  await ctx.sql`update lottery_issues set result = '1,2,3,4,5', status = 'drawn', drawn_at = now()
                where lottery_code = '1008' and issue = ${issue}`;
  await settleIssue(ctx.sql, '1008', issue);
});
afterEach(async () => expectLedgerSound(ctx.sql));

describe('getBetting', () => {
  it('lists own bets newest first with the wire row shape', async () => {
    const res = await alice.get('/v1/betting/getBetting', {});
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(5);
    const byId = new Map(res.data.list.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(won)).toMatchObject({
      lotteryCode: '1008',
      lotteryName: '极速时时彩',
      issue,
      playDetailCode: '1008DWD',
      playName: '定位胆',
      bettingNumber: '1,-,-,-,-',
      bettingCount: 1,
      bettingAmount: '2.00',
      bettingPoint: 0,
      bettingUnit: 1,
      graduationCount: 1,
      status: 'WON',
      statusText: '已中奖',
      openNumber: '1,2,3,4,5',
      chaseId: null,
    });
    expect(typeof (byId.get(won) as { returnAmount: unknown }).returnAmount).toBe('number');
    expect((byId.get(won) as { returnAmount: number }).returnAmount).toBeGreaterThan(2);
    expect(byId.get(lost)).toMatchObject({ status: 'LOST', returnAmount: 0 });
    expect(byId.get(cancelled)).toMatchObject({ status: 'USER_CANCELLED', returnAmount: '已撤单' });
    expect(byId.get(pending)).toMatchObject({
      status: 'PENDING',
      returnAmount: '等待开奖',
      bettingUnit: 0.1,
      bettingPoint: 5,
      openNumber: '',
    });
    expect(
      res.data.list.find((r: { chaseId: number | null }) => r.chaseId === chaseId),
    ).toBeTruthy();
  });

  it('filters by status, lottery and date, and pages', async () => {
    const byStatus = await alice.get('/v1/betting/getBetting', { status: 'PENDING' });
    expect(byStatus.data.total).toBe(2);
    const other = await alice.get('/v1/betting/getBetting', { lotteryCode: '1009' });
    expect(other.data.total).toBe(0);
    const page = await alice.get('/v1/betting/getBetting', { page: 2, pageSize: 2 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.total).toBe(5);
    const past = await alice.get('/v1/betting/getBetting', {
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    });
    expect(past.data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await alice.get('/v1/betting/getBetting', { startDate: today, endDate: today })).data.total,
    ).toBe(5);
    expect((await alice.get('/v1/betting/getBetting', { pageSize: 101 })).code).toBe(-1);
    expect((await alice.get('/v1/betting/getBetting', { status: 'NOPE' })).code).toBe(-1);
    // where the bet was placed: four from the betting page, one from the chase, none from the helpers
    expect((await alice.get('/v1/betting/getBetting', { source: 'bet' })).data.total).toBe(4);
    expect((await alice.get('/v1/betting/getBetting', { source: 'chase' })).data.total).toBe(1);
    expect((await alice.get('/v1/betting/getBetting', { source: 'dragon' })).data.total).toBe(0);
    expect((await alice.get('/v1/betting/getBetting', { source: 'nope' })).code).toBe(-1);
    expect((await alice.get('/v1/betting/getBetting', { startDate: '2020-02-30' })).msg).toBe(
      '日期格式不正确',
    );
    expect(
      (
        await alice.get('/v1/betting/getBetting', {
          startDate: '2020-03-01',
          endDate: '2020-02-01',
        })
      ).msg,
    ).toBe('开始日期不能晚于结束日期');
  });

  it('shows only own rows', async () => {
    const res = await bob.get('/v1/betting/getBetting', {});
    expect(res.data.total).toBe(1);
  });
});

describe('getBetDetail', () => {
  it('adds the draw, the rebate and the prize tiers', async () => {
    const res = await alice.get('/v1/betting/getBetDetail', { id: won });
    expect(res.data).toMatchObject({ id: won, openNumber: '1,2,3,4,5', status: 'WON' });
    expect(res.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.data.tiers).toEqual([
      { id: expect.any(String), name: expect.any(String), prize: '19.50' },
    ]);
    expect(res.data.winDetail).not.toBeNull();
    const p = await alice.get('/v1/betting/getBetDetail', { id: pending });
    expect(p.data.tiers[0].prize).toBe('1.85'); // 角, group 1950 − 2·50
  });

  it("refuses another player's bet", async () => {
    expect((await bob.get('/v1/betting/getBetDetail', { id: won })).msg).toBe('订单不存在');
  });
});

describe('getBetData', () => {
  it('sums settled stakes, wins, rebates and profit of own non-refunded bets, the pending stakes apart', async () => {
    const res = await alice.get('/v1/betting/getBetData', {});
    const [w] = await ctx.sql<{ payout: number }[]>`select payout from bets where id = ${won}`;
    expect(res.data).toEqual({
      betCount: 4,
      // the settled stakes (won 2.00, lost 2.00); the stake awaiting its draw apart
      betAmount: '4.00',
      pendingBetAmount: '2.20',
      prizeAmount: (w!.payout / 100).toFixed(2),
      winAmount: (w!.payout / 100).toFixed(2),
      rebateAmount: '0.00',
      profit: ((w!.payout - 400) / 100).toFixed(2),
    });
  });
});

describe('chases', () => {
  it('lists, details and counts own chases', async () => {
    const list = await alice.get('/v1/betting/getChaseBetting', {});
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      id: chaseId,
      lotteryCode: '1008',
      playDetailCode: '1008DWD',
      chaseCount: 1,
      finishedCount: 0,
      totalAmount: '2.00',
      status: 'running',
      statusText: '进行中',
      isStopAfterWinning: 0,
    });
    const detail = await alice.get('/v1/betting/getChaseDetail', { id: chaseId });
    expect(detail.data.orders).toHaveLength(1);
    expect(detail.data.orders[0]).toMatchObject({ chaseId, status: 'PENDING' });
    const counts = await alice.get('/v1/betting/getChaseBetData');
    expect(counts.data).toEqual({ running: 1, finished: 0, stopped: 0, cancelled: 0 });
    expect(
      (await alice.get('/v1/betting/getChaseBetting', { status: 'finished' })).data.total,
    ).toBe(0);
  });

  it("refuses another player's chase", async () => {
    expect((await bob.get('/v1/betting/getChaseDetail', { id: chaseId })).msg).toBe(
      '追号记录不存在',
    );
    expect((await bob.get('/v1/betting/getChaseBetting', {})).data.total).toBe(0);
  });
});

describe('rebates', () => {
  it('answers the default group and the largest rebate point per family', async () => {
    const all = await alice.get('/v1/betting/getAllBetRebate');
    const ssc = all.data.list.find((r: { lotteryType: string }) => r.lotteryType === 'SSC');
    expect(ssc).toEqual({ lotteryType: 'SSC', rebate: 7.5, prizeGroup: 1950 });
    const fc3d = all.data.list.find((r: { lotteryType: string }) => r.lotteryType === 'FC3D');
    expect(fc3d).toEqual({ lotteryType: 'FC3D', rebate: 5, prizeGroup: 1900 });
    expect((await alice.get('/v1/betting/getBetRebate', { lotteryType: 'SSC' })).data).toEqual({
      rebate: 7.5,
      prizeGroup: 1950,
    });
    expect((await alice.get('/v1/betting/getBetRebate', { lotteryType: 'XYZ' })).msg).toBe(
      '彩种类型不存在',
    );
  });

  it("follows the account's own group, capped by the lottery", async () => {
    const c = await ctx.userClient();
    await ctx.sql`insert into user_prize_groups (user_id, family, prize_group) values (${c.userId}, 'SSC', 1990), (${c.userId}, 'K3', 1900)`;
    expect((await c.get('/v1/betting/getBetRebate', { lotteryType: 'SSC' })).data).toEqual({
      rebate: 8,
      prizeGroup: 1960,
    });
    expect((await c.get('/v1/betting/getBetRebate', { lotteryType: 'K3' })).data).toEqual({
      rebate: 5,
      prizeGroup: 1900,
    });
    // a rebate above the account's refuses with a message mentioning 返点
    await fund(ctx.sql, c.userId, 1_000);
    const res = await c.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([
        dwdEntry(issue, {
          lotteryCode: '1407',
          playDetailCode: '1407HZDXDS',
          bettingNumber: '大',
          bettingPoint: 5.5,
        }),
      ]),
      requestId: requestId(),
    });
    expect(res.msg).toMatch(/返点/);
  });

  it('needs a login', async () => {
    expect((await ctx.client().get('/v1/betting/getAllBetRebate')).code).toBe(0);
  });

  it('chainGroups walks the uplines, capped and clamped to each parent; the default follows the setting', async () => {
    const { insertUserWithPassword } = await import('../../src/server/account/users.ts');
    const { chainGroups, prizeGroupOf, clearDefaultGroupCache } = await import(
      '../../src/server/betting/groups.ts'
    );
    const top = (await insertUserWithPassword(ctx.sql, 'chaintop', 'pass1234', { isAgent: true }))!;
    const mid = (await insertUserWithPassword(ctx.sql, 'chainmid', 'pass1234', {
      isAgent: true,
      parentId: top,
    }))!;
    const low = (await insertUserWithPassword(ctx.sql, 'chainlow', 'pass1234', { parentId: mid }))!;
    await ctx.sql`insert into user_prize_groups (user_id, family, prize_group) values (${top}, 'SSC', 1980), (${low}, 'SSC', 1958)`;
    expect(await chainGroups(ctx.sql, low, 'SSC', 1960)).toEqual([
      { userId: low, group: 1950 },
      { userId: mid, group: 1950 },
      { userId: top, group: 1960 },
    ]);
    expect(await prizeGroupOf(ctx.sql, low, 'SSC', 1960)).toBe(1958);
    expect(await prizeGroupOf(ctx.sql, mid, 'SSC', 1900)).toBe(1900);
    await ctx.sql`update site_settings set value = ${ctx.sql.json({ group: 1940 })} where key = 'lottery_default_group'`;
    clearDefaultGroupCache();
    try {
      expect(await prizeGroupOf(ctx.sql, mid, 'SSC', 1960)).toBe(1940);
    } finally {
      await ctx.sql`update site_settings set value = ${ctx.sql.json({ group: 1950 })} where key = 'lottery_default_group'`;
      clearDefaultGroupCache();
    }
  });
});

describe('getNewestBounsList', () => {
  it('lists the latest wins with masked names, without a login', async () => {
    const res = await ctx.client().get('/v1/betting/getNewestBounsList');
    expect(res.code).toBe(1);
    const mine = res.data.list.filter((r: { userName: string }) => r.userName === 'al***4');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      lotteryName: '极速时时彩',
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(res.data.list.some((r: { userName: string }) => r.userName.includes('alice'))).toBe(
      false,
    );
  });
});
