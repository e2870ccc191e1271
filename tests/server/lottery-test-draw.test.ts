/**
 * The test-only draw (src/server/lottery/testDrawRoutes.ts): without SITE_TEST_HOOKS=1 its path
 * answers exactly as an unknown route, for anyone; with it, the operator closes the issue on sale,
 * it is drawn from its seed (provably fair, verifyDraw agrees) and settled by the settlement module,
 * the bettor's balance ending at start − stake + payout + rebate computed here from the domain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RULE_FLAGS,
  getPlay,
  parseDraw,
  parseSelection,
  settleTicket,
  type RuleFlags,
} from '../../src/domain/lottery/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { drawFromSeedHex } from '../../src/server/lottery/draw.ts';
import { upcomingIssues } from '../../src/server/lottery/issues.ts';
import { loadLottery } from '../../src/server/lottery/lotteries.ts';
import { TEST_DRAW_PATH } from '../../src/server/lottery/testDrawRoutes.ts';
import { tickOnce } from '../../src/server/lottery/scheduler.ts';
import { setupTestApp, type TestClient, type TestContext } from './helpers.ts';
import { balanceOf, dwdEntry, expectLedgerSound, fund, requestId } from './betting-fixtures.ts';

const SSC_1MIN = '1008';

/** status and body of a call, the parts a caller could tell apart */
const answer = (r: { status: number; code: number; msg: string; data: unknown }) => ({
  status: r.status,
  code: r.code,
  msg: r.msg,
  data: r.data,
});

describe('without SITE_TEST_HOOKS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestApp({ SITE_TEST_HOOKS: '' });
  });

  it('is off by default and refused beside NODE_ENV=production', () => {
    expect(ctx.config.testHooks).toBe(false);
    expect(loadConfig({}).testHooks).toBe(false);
    expect(loadConfig({ SITE_TEST_HOOKS: 'true' }).testHooks).toBe(false);
    expect(() => loadConfig({ SITE_TEST_HOOKS: '1', NODE_ENV: 'production' })).toThrow(
      /SITE_TEST_HOOKS/,
    );
  });

  it('answers the draw path exactly as an unknown route, to a visitor and to the operator, and draws nothing', async () => {
    const operator = await ctx.userClient({ isOperator: true });
    const form = { lotteryCode: SSC_1MIN };
    for (const c of [ctx.client(), operator] as TestClient[]) {
      const unknown = await c.post('/v1/test/lottery/noSuchRoute', form);
      expect(unknown).toMatchObject({ status: 404, code: -1 });
      expect(answer(await c.post(TEST_DRAW_PATH, form))).toEqual(answer(unknown));
      expect(answer(await c.get(TEST_DRAW_PATH, form))).toEqual(
        answer(await c.get('/v1/test/lottery/noSuchRoute', form)),
      );
    }
    expect(ctx.app.hasRoute({ method: 'POST', url: TEST_DRAW_PATH })).toBe(false);
    expect(ctx.app.printRoutes()).not.toContain('drawNow');
    const [drawn] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from lottery_issues where lottery_code = ${SSC_1MIN} and status <> 'pending'`;
    expect(drawn!.n).toBe(0);
  });
});

describe('with SITE_TEST_HOOKS=1', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestApp({ SITE_TEST_HOOKS: '1' });
  });

  it('is for the operator only, and for self-run games', async () => {
    expect((await ctx.client().post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN })).code).not.toBe(1);
    const player = await ctx.userClient();
    expect((await player.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN })).code).not.toBe(1);
    const operator = await ctx.userClient({ isOperator: true });
    const official = await operator.post(TEST_DRAW_PATH, { lotteryCode: '1201' });
    expect(official).toMatchObject({ code: -1, msg: '官方彩种由运营录入开奖号码' });
  });

  it('closes the issue on sale, draws it from its seed and settles it exactly as the scheduler would', async () => {
    const operator = await ctx.userClient({ isOperator: true });
    const player = await ctx.userClient();
    await fund(ctx.sql, player.userId, 10_000);
    // the issue on sale with a few seconds left (the bet must not meet the close by itself)
    let next = (await player.get('/v1/betting/nextIssueOpenData', { lotteryCode: SSC_1MIN })).data;
    if (next.closeTime - next.serverTime < 3000) {
      // too close to its close: draw it now (the hook under test), and the next one is on sale
      const early = await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN });
      expect(early.code, early.msg).toBe(1);
      next = (await player.get('/v1/betting/nextIssueOpenData', { lotteryCode: SSC_1MIN })).data;
    }
    const issue: string = next.issue;
    // 定位胆, every digit on 万位 (10 lines, 20 元), 1.0 % rebate: it always wins
    const entry = dwdEntry(issue, {
      bettingNumber: '0 1 2 3 4 5 6 7 8 9,-,-,-,-',
      bettingCount: 10,
      bettingAmount: '20.00',
      bettingPoint: 1,
    });
    const placed = await player.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([entry]),
      requestId: requestId(),
    });
    expect(placed.code).toBe(1);
    expect(await balanceOf(ctx.sql, player.userId)).toBe(8_000);

    const res = await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ lotteryCode: SSC_1MIN, issue, status: 'settled' });

    // provably fair: the result is the seed's, the public check agrees
    const [row] = await ctx.sql<
      { seed: string; result: string; status: string; close_at: Date; draw_at: Date }[]
    >`
      select seed, result, status, close_at, draw_at from lottery_issues where lottery_code = ${SSC_1MIN} and issue = ${issue}`;
    expect(row!.result).toBe(drawFromSeedHex('SSC', row!.seed));
    expect(res.data.openNumber).toBe(row!.result);
    expect(row!.draw_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row!.close_at.getTime()).toBeLessThanOrEqual(row!.draw_at.getTime());
    const verify = await player.get('/v1/lottery/verifyDraw', { lotteryCode: SSC_1MIN, issue });
    expect(verify.data).toMatchObject({
      openNumber: row!.result,
      hashMatches: true,
      resultMatches: true,
    });

    // settled through the settlement module: the payout and the rebate of the domain, to the fen
    const [bet] = await ctx.sql<
      {
        id: number;
        status: string;
        amount: number;
        bet_group: number;
        user_group: number;
        payout: number;
      }[]
    >`
      select id, status, amount, bet_group, user_group, payout from bets where user_id = ${player.userId}`;
    const [lottery] = await ctx.sql<
      { rule_flags: Partial<RuleFlags> }[]
    >`select rule_flags from lotteries where code = ${SSC_1MIN}`;
    const play = getPlay('SSC', 'DWD')!;
    const want = settleTicket(
      play,
      parseSelection(play, '0 1 2 3 4 5 6 7 8 9,-,-,-,-')!,
      parseDraw('SSC', row!.result)!,
      { ...DEFAULT_RULE_FLAGS, ...(lottery!.rule_flags ?? {}) },
      {
        unit: 'yuan',
        multiple: 1,
        lines: 10,
        amountFen: 2000,
        betGroup: bet!.bet_group,
        odds: null,
      },
    );
    const rebateFen = Math.floor(
      ((2000 - want.refundFen) * (bet!.user_group - bet!.bet_group)) / 2000,
    );
    expect(want.status).toBe('WON');
    expect(rebateFen).toBe(20);
    expect(bet).toMatchObject({ status: 'WON', payout: want.payoutFen });
    const [win] = await ctx.sql<
      { amount: number }[]
    >`select amount from transfers where transfer_id = ${`win:${bet!.id}:v0`}`;
    expect(win!.amount).toBe(want.payoutFen);
    const end = 10_000 - 2000 + want.payoutFen + rebateFen;
    expect(await balanceOf(ctx.sql, player.userId)).toBe(end);

    // closed: the issue on sale is the next one, this one the last drawn; no bet on it any more;
    // the scheduler's next tick and a second call change nothing
    const moved = (await player.get('/v1/betting/nextIssueOpenData', { lotteryCode: SSC_1MIN }))
      .data;
    expect(moved).toMatchObject({
      lastIssue: issue,
      lastOpenNumber: row!.result,
      lastStatus: 'settled',
    });
    expect(moved.issue > issue).toBe(true);
    const late = await player.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([dwdEntry(issue)]),
      requestId: requestId(),
    });
    expect(late.code).not.toBe(1);
    expect(late.msg).toContain(`第${issue}期已截止`);
    await tickOnce(ctx.sql, Date.now());
    expect(
      (await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN, issue })).data,
    ).toMatchObject({ issue, status: 'settled', openNumber: row!.result });
    expect(await balanceOf(ctx.sql, player.userId)).toBe(end);
    await expectLedgerSound(ctx.sql);
  });

  it('draws the next issue on sale after one drawn early, and refuses an issue after the one on sale', async () => {
    const operator = await ctx.userClient({ isOperator: true });
    const onSale = async () =>
      (await operator.get('/v1/betting/nextIssueOpenData', { lotteryCode: SSC_1MIN })).data
        .issue as string;
    const first = await onSale();
    expect((await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN })).data).toMatchObject({
      issue: first,
      status: 'settled',
    });
    const second = await onSale();
    expect(second > first).toBe(true);
    expect((await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN })).data).toMatchObject({
      issue: second,
      status: 'settled',
    });
    const third = await onSale();
    expect(third > second).toBe(true);

    const lottery = (await loadLottery(ctx.sql, SSC_1MIN))!;
    const later = upcomingIssues(lottery, Date.now(), 8)
      .map((i) => i.issue)
      .find((i) => i > third)!;
    expect(
      await operator.post(TEST_DRAW_PATH, { lotteryCode: SSC_1MIN, issue: later }),
    ).toMatchObject({ code: -1, msg: '只能提前开奖当前在售的一期' });
    const [row] = await ctx.sql<
      { status: string }[]
    >`select status from lottery_issues where lottery_code = ${SSC_1MIN} and issue = ${later}`;
    expect(row?.status ?? 'pending').toBe('pending');
  });
});
