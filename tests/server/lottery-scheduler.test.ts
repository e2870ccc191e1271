/** The scheduler: opening issues ahead, provably fair draws, catch-up after downtime, one instance only. */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAt, nextIssues, parseDraw } from '../../src/domain/lottery/index.ts';
import { drawFromSeedHex, seedHashOf } from '../../src/server/lottery/draw.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import { loadLottery, type Lottery } from '../../src/server/lottery/lotteries.ts';
import { tickOnce } from '../../src/server/lottery/scheduler.ts';
import { createSiteJobRunner } from '../../src/server/siteJobs.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});

async function lottery(code: string): Promise<Lottery> {
  return (await loadLottery(ctx.sql, code))!;
}

/** `n` consecutive issues of a self-run lottery, the first drawing about `agoMs` ago. */
async function pastIssues(code: string, agoMs: number, n: number): Promise<string[]> {
  const l = await lottery(code);
  const first = issueAt(l.schedule, Date.now() - agoMs);
  const issues = [first.issue, ...nextIssues(l.schedule, first.issue, n - 1).map((i) => i.issue)];
  await ensureIssueRows(ctx.sql, l, issues);
  return issues;
}

const statusOf = async (code: string, issues: string[]) =>
  ctx.sql<
    {
      issue: string;
      status: string;
      result: string | null;
      seed: string;
      seed_hash: string;
      drawn_at: Date | null;
    }[]
  >`
    select issue, status, result, seed, seed_hash, drawn_at from lottery_issues
    where lottery_code = ${code} and issue = any(${issues}::text[]) order by issue`;

describe('tickOnce', () => {
  it('opens the on-sale issue and the next ones of every enabled lottery, with seed hashes for self-run games', async () => {
    const now = Date.now();
    await tickOnce(ctx.sql, now);
    const rows = await ctx.sql<{ lottery_code: string; n: number; hashed: number }[]>`
      select lottery_code, count(*)::int as n, count(seed_hash)::int as hashed from lottery_issues
      where close_at > ${new Date(now)} group by lottery_code`;
    const by = new Map(rows.map((r) => [r.lottery_code, r]));
    expect(by.get('1008')!.n).toBeGreaterThanOrEqual(6);
    expect(by.get('1008')!.hashed).toBe(by.get('1008')!.n);
    expect(by.get('1201')!.n).toBeGreaterThanOrEqual(6);
    expect(by.get('1201')!.hashed).toBe(0);
  });

  it('draws a past self-run issue from its seed and verifyDraw recomputes it', async () => {
    const [issue] = await pastIssues('1304', 5 * 60_000, 1);
    const [before] = await statusOf('1304', [issue!]);
    expect(before!.status).toBe('pending');
    expect(seedHashOf(before!.seed)).toBe(before!.seed_hash);
    await tickOnce(ctx.sql, Date.now());
    const [after] = await statusOf('1304', [issue!]);
    expect(['drawn', 'settled']).toContain(after!.status);
    expect(after!.result).toBe(drawFromSeedHex('PK10', before!.seed));
    expect(parseDraw('PK10', after!.result!)).not.toBeNull();
    expect(after!.drawn_at).not.toBeNull();
    const res = await ctx
      .client()
      .get('/v1/lottery/verifyDraw', { lotteryCode: '1304', issue: issue! });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      lotteryCode: '1304',
      issue,
      seed: before!.seed,
      seedHash: before!.seed_hash,
      openNumber: after!.result,
      recomputed: after!.result,
      hashMatches: true,
      resultMatches: true,
    });
  });

  it('verifyDraw shows a tampered result as not matching', async () => {
    const [issue] = await pastIssues('1407', 10 * 60_000, 1);
    await tickOnce(ctx.sql, Date.now());
    const [row] = await statusOf('1407', [issue!]);
    const other = row!.result === '1,1,1' ? '2,2,2' : '1,1,1';
    await ctx.sql`update lottery_issues set result = ${other} where lottery_code = '1407' and issue = ${issue!}`;
    const res = await ctx
      .client()
      .get('/v1/lottery/verifyDraw', { lotteryCode: '1407', issue: issue! });
    expect(res.data.hashMatches).toBe(true);
    expect(res.data.resultMatches).toBe(false);
  });

  it('catches up on every missed self-run issue after a downtime, creating no empty past rows', async () => {
    const issues = await pastIssues('1308', 3 * 3600_000, 12);
    const before = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from lottery_issues where lottery_code = '1308'`;
    const { drawn } = await tickOnce(ctx.sql, Date.now());
    expect(drawn).toBeGreaterThanOrEqual(12);
    const rows = await statusOf('1308', issues);
    expect(rows.every((r) => r.status !== 'pending' && r.result !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.result)).size).toBe(12);
    const after = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from lottery_issues where lottery_code = '1308'`;
    expect(after[0]!.n - before[0]!.n).toBeLessThanOrEqual(6);
    // a second tick changes nothing already drawn
    const again = await statusOf('1308', issues);
    await tickOnce(ctx.sql, Date.now());
    expect((await statusOf('1308', issues)).map((r) => r.result)).toEqual(
      again.map((r) => r.result),
    );
  });

  it('leaves official issues pending after their draw time (the operator enters the result)', async () => {
    const l = await lottery('1201');
    const past = issueAt(l.schedule, Date.now() - 3 * 86_400_000);
    await ensureIssueRows(ctx.sql, l, [past.issue]);
    await tickOnce(ctx.sql, Date.now());
    const [row] = await ctx.sql<{ status: string; result: string | null }[]>`
      select status, result from lottery_issues where lottery_code = '1201' and issue = ${past.issue}`;
    expect(row).toEqual({ status: 'pending', result: null });
  });
});

describe('the lottery job in the site job runner', () => {
  it('runs on one instance only; another takes over when it stops', async () => {
    const quiet = () => {};
    const a = createSiteJobRunner(ctx.sql, quiet, { lockRetryMs: 100 });
    const b = createSiteJobRunner(ctx.sql, quiet, { lockRetryMs: 100 });
    a.start();
    b.start();
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
      return cond();
    };
    expect(await until(() => a.holdsLock() || b.holdsLock())).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect([a.holdsLock(), b.holdsLock()].filter(Boolean)).toHaveLength(1);
    const [holder, other] = a.holdsLock() ? [a, b] : [b, a];
    // the holder draws due issues by itself
    const [issue] = await pastIssues('1105', 2 * 60_000, 1);
    let status = 'pending';
    for (let i = 0; i < 60 && status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await statusOf('1105', [issue!]))[0]!.status;
    }
    expect(status).not.toBe('pending');
    await holder.stop();
    expect(holder.holdsLock()).toBe(false);
    expect(await until(() => other.holdsLock())).toBe(true);
    await other.stop();
  }, 20_000);
});
