/**
 * Following a shared bet goes through addBetting, the one betting path: the rows domain/follow builds
 * are accepted as they are (multiple mode and amount mode), a retried follow with its request id bets
 * once, and a follow at a closed issue is refused naming the issue on sale.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.ts';
import { balanceOf, expectLedgerSound, fund, requestId, saleIssue } from './betting-fixtures.ts';
import { issueClosedMessage, toBettingRows, type FollowEntry } from '../../src/domain/follow';
import { issueAt } from '../../src/domain/lottery';
import { upcomingIssues } from '../../src/server/lottery/issues.ts';
import { loadLottery } from '../../src/server/lottery/lotteries.ts';

let ctx: TestContext;
let issue: string;
beforeAll(async () => {
  ctx = await setupTestApp();
  issue = await saleIssue(ctx.sql, '1008');
});
afterEach(async () => expectLedgerSound(ctx.sql));

const ADD = '/v1/betting/addBetting';
const dwd: FollowEntry = {
  playDetailCode: '1008DWD',
  bettingNumber: '1 2,-,-,-,-',
  bettingCount: 2,
  betDetail: '定位胆',
};
const twoSided: FollowEntry = {
  playDetailCode: '1008LM',
  bettingNumber: '大 小,-,-,-,-,-',
  bettingCount: 2,
  betDetail: '两面',
};

function rowsAt(at: string) {
  const built = toBettingRows(
    '1008',
    at,
    [dwd, twoSided],
    [
      { mode: 'multiple', bettingCount: 2, unit: 'jiao', value: 3 }, // 2 × 2 元 × 0.1 × 3 = 1.20
      { mode: 'amount', bettingCount: 2, unit: 'yuan', value: 5 }, // 2 × 5 = 10.00
    ],
  );
  if (!built.ok) throw new Error(built.msg);
  return built.rows;
}

describe('following through addBetting', () => {
  it('places the followed rows and a retry with the same request id bets once', async () => {
    const c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 10_000);
    const body = { bettingData: JSON.stringify(rowsAt(issue)), requestId: requestId() };
    const first = await c.post(ADD, body);
    expect(first.code, first.msg).toBe(1);
    expect(first.data.orders).toHaveLength(2);
    const again = await c.post(ADD, body);
    expect(again.code).toBe(1);
    expect(again.data.orders).toEqual(first.data.orders);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(10_000 - 120 - 1_000);
    const bets = await ctx.sql<{ amount: number; unit: string; multiple: number }[]>`
      select amount, unit, multiple from bets where user_id = ${c.userId} order by request_index`;
    expect(bets.map((b) => [b.amount, b.unit, b.multiple])).toEqual([
      [120, 'jiao', 3],
      [1_000, 'yuan', 1],
    ]);
  });

  it('refuses a follow at a closed issue naming the issue on sale, and nothing moves', async () => {
    const c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 10_000);
    const lottery = (await loadLottery(ctx.sql, '1008'))!;
    const now = Date.now();
    const closed = issueAt(lottery.schedule, now - 10 * 60_000).issue;
    const res = await c.post(ADD, {
      bettingData: JSON.stringify(rowsAt(closed)),
      requestId: requestId(),
    });
    expect(res.code).toBe(-1);
    const current = upcomingIssues(lottery, Date.now(), 1)[0]!.issue;
    expect(res.msg).toBe(issueClosedMessage(closed, current));
    expect(res.msg).toBe(`第${closed}期已截止，当前为第${current}期`);
    expect(await balanceOf(ctx.sql, c.userId)).toBe(10_000);
  });
});
