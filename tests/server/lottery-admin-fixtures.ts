/**
 * The setup shared by lottery-admin-results.test.ts, lottery-admin-settings.test.ts. Operator
 * lottery calls: settings, odds, issues, official results, correction (audited, official only) and
 * system cancel.
 */
import { beforeAll } from 'vitest';
import { issueAt } from '../../src/domain/lottery/index.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import {
  clearLotteryCache,
  loadLottery,
  type Lottery,
} from '../../src/server/lottery/lotteries.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

export let ctx: TestContext;
export let op: Awaited<ReturnType<TestContext['userClient']>>;
beforeAll(async () => {
  ctx = await setupTestApp();
  op = await ctx.userClient({ isOperator: true });
});

export async function lottery(code: string): Promise<Lottery> {
  clearLotteryCache();
  return (await loadLottery(ctx.sql, code))!;
}

/** An issue of a lottery whose draw was `daysAgo` days ago (row created as the scheduler would). */
export async function pastIssue(code: string, daysAgo: number): Promise<string> {
  const l = await lottery(code);
  const info = issueAt(l.schedule, Date.now() - daysAgo * 86_400_000 - 3600_000);
  await ensureIssueRows(ctx.sql, l, [info.issue]);
  return info.issue;
}
