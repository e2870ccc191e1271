/** Issue rows on demand: the issue a bet may go on, rows created once with one seed, sale close. */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAt, nextIssues } from '../../src/domain/lottery/index.ts';
import { AppError } from '../../src/server/http/envelope.ts';
import { issueClosedMessage } from '../../src/domain/follow/rules.ts';
import {
  ensureIssueRows,
  issueForSale,
  MAX_ISSUES_AHEAD,
  upcomingIssues,
} from '../../src/server/lottery/issues.ts';
import { loadLottery, type Lottery } from '../../src/server/lottery/lotteries.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let ssc: Lottery;
beforeAll(async () => {
  ctx = await setupTestApp();
  ssc = (await loadLottery(ctx.sql, '1008'))!;
});

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
  throw new Error('not refused');
}

describe('issueForSale', () => {
  it('creates the row of the issue on sale and of a chase issue up to the horizon', async () => {
    const now = Date.now();
    const [onSale] = upcomingIssues(ssc, now, 1);
    const row = await issueForSale(ctx.sql, '1008', onSale!.issue, now);
    expect(row).toMatchObject({
      lotteryCode: '1008',
      issue: onSale!.issue,
      status: 'pending',
      drawAtMs: onSale!.drawAtMs,
    });
    expect(row.closeAtMs).toBe(onSale!.drawAtMs - ssc.closeLeadSec * 1000);
    expect(row.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const ahead = nextIssues(ssc.schedule, onSale!.issue, 49).at(-1)!;
    expect((await issueForSale(ctx.sql, '1008', ahead.issue, now)).issue).toBe(ahead.issue);
    const tooFar = nextIssues(ssc.schedule, onSale!.issue, MAX_ISSUES_AHEAD + 5).at(-1)!;
    expect(await refusal(issueForSale(ctx.sql, '1008', tooFar.issue, now))).toBe('期号不存在');
  });

  it('refuses closed, past, cancelled and unknown issues', async () => {
    const now = Date.now();
    const drawing = issueAt(ssc.schedule, now);
    // inside the close window of the issue about to draw
    expect(
      await refusal(issueForSale(ctx.sql, '1008', drawing.issue, drawing.drawAtMs - 1000)),
    ).toBe(
      issueClosedMessage(drawing.issue, upcomingIssues(ssc, drawing.drawAtMs - 1000, 1)[0]!.issue),
    );
    const past = issueAt(ssc.schedule, now - 3600_000);
    expect(await refusal(issueForSale(ctx.sql, '1008', past.issue, now))).toBe(
      `第${past.issue}期已截止，当前为第${upcomingIssues(ssc, now, 1)[0]!.issue}期`,
    );
    expect(await refusal(issueForSale(ctx.sql, '1008', '2026113', now))).toBe('期号不存在');
    expect(await refusal(issueForSale(ctx.sql, '1008', '202611221441', now))).toBe('期号不存在');
    expect(await refusal(issueForSale(ctx.sql, '9999', '202611220001', now))).toBe('彩种不存在');
    const [, next] = upcomingIssues(ssc, now, 2);
    await ensureIssueRows(ctx.sql, ssc, [next!.issue]);
    await ctx.sql`update lottery_issues set status = 'cancelled' where lottery_code = '1008' and issue = ${next!.issue}`;
    expect(await refusal(issueForSale(ctx.sql, '1008', next!.issue, now))).toBe(
      issueClosedMessage(next!.issue, upcomingIssues(ssc, now, 1)[0]!.issue),
    );
  });

  it('creates each row once: concurrent creators share one seed', async () => {
    const [, , third] = upcomingIssues(ssc, Date.now(), 3);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => ensureIssueRows(ctx.sql, ssc, [third!.issue])),
    );
    expect(new Set(results.map((r) => r[0]!.seedHash)).size).toBe(1);
    const [{ n }] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from lottery_issues where lottery_code = '1008' and issue = ${third!.issue}`;
    expect(n).toBe(1);
  });

  it('official games sell the next draw with a two-minute close', async () => {
    const fc3d = (await loadLottery(ctx.sql, '1201'))!;
    const now = Date.now();
    const [onSale] = upcomingIssues(fc3d, now, 1);
    const row = await issueForSale(ctx.sql, '1201', onSale!.issue, now);
    expect(row.seedHash).toBeNull();
    expect(row.drawAtMs - row.closeAtMs).toBe(120_000);
    expect(row.closeAtMs).toBeGreaterThan(now);
  });
});
