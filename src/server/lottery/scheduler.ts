/**
 * The lottery scheduler, a job of the site's job runner (siteJobs.ts), so exactly one instance
 * runs it and a failure (the database away) is retried with backoff. Each tick (about once a second,
 * on the second):
 *  1. opens issues ahead: the on-sale issue and the next OPEN_AHEAD of every enabled lottery;
 *  2. draws every self-run issue whose draw time has passed (pending → drawn, seed revealed); rows
 *     left from before a downtime are drawn the same way (catch-up), oldest first;
 *  3. settles every drawn issue (including ones left drawn by a crash, or entered by the operator).
 * Official games' rows wait in 'pending' after their draw time for the operator's result.
 * Every step is idempotent (status guards), so a tick interrupted anywhere is finished by the next.
 */
import type { Sql } from '../db/client.ts';
import { drawFromSeedHex } from './draw.ts';
import { ensureIssueRows, upcomingIssues } from './issues.ts';
import { listLotteries, loadLottery } from './lotteries.ts';
import { settleIssue } from './settlement/index.ts';
import type { JobSpec } from '../jobs/runner.ts';

const OPEN_AHEAD = 5;
const DRAW_BATCH = 200;
const SETTLE_BATCH = 50;

type Log = (msg: string) => void;

/** Which lottery had its issues opened up to which on-sale issue (skips the work between rollovers). */
const opened = new Map<string, string>();

async function openAhead(sql: Sql, nowMs: number): Promise<number> {
  let made = 0;
  for (const lottery of await listLotteries(sql)) {
    if (!lottery.enabled) continue;
    const ahead = upcomingIssues(lottery, nowMs, OPEN_AHEAD + 1);
    const key = `${lottery.code}:${JSON.stringify(lottery.schedule)}:${lottery.closeLeadSec}`;
    if (opened.get(key) === ahead[0]!.issue) continue;
    await ensureIssueRows(
      sql,
      lottery,
      ahead.map((a) => a.issue),
    );
    opened.set(key, ahead[0]!.issue);
    made++;
  }
  return made;
}

export interface DueRow {
  lottery_code: string;
  issue: string;
  seed: string;
}

/** Draws due self-run issues from their seeds; returns how many were drawn. */
async function drawDue(sql: Sql, nowMs: number): Promise<number> {
  const due = await sql<DueRow[]>`
    select i.lottery_code, i.issue, i.seed
    from lottery_issues i join lotteries l on l.code = i.lottery_code
    where i.status = 'pending' and i.draw_at <= ${new Date(nowMs)} and l.source = 'self' and i.seed is not null
    order by i.draw_at limit ${DRAW_BATCH}`;
  return drawSeeded(sql, due);
}

/**
 * The provably fair draw of these self-run issues (pending → drawn): each result derived from its
 * seed. The status guard draws each issue once even if two callers overlapped (the scheduler's ticks,
 * the test-only draw of testDrawRoutes.ts); returns how many this call drew.
 */
export async function drawSeeded(sql: Sql, due: readonly DueRow[]): Promise<number> {
  if (due.length === 0) return 0;
  const results: string[] = [];
  for (const row of due) {
    const lottery = await loadLottery(sql, row.lottery_code);
    if (!lottery) throw new Error(`issue of an unknown lottery: ${row.lottery_code}`);
    results.push(drawFromSeedHex(lottery.family, row.seed));
  }
  const drawn = await sql`
    update lottery_issues i set result = d.result, status = 'drawn', drawn_at = now()
    from unnest(${due.map((d) => d.lottery_code)}::text[], ${due.map((d) => d.issue)}::text[], ${results}::text[])
      as d(lottery_code, issue, result)
    where i.lottery_code = d.lottery_code and i.issue = d.issue and i.status = 'pending'
    returning i.issue`;
  return drawn.length;
}

/** Settles drawn issues, oldest first; one failing issue does not hold up the others. */
async function settleDrawn(sql: Sql, log: Log): Promise<number> {
  const drawn = await sql<{ lottery_code: string; issue: string }[]>`
    select lottery_code, issue from lottery_issues where status = 'drawn' order by draw_at limit ${SETTLE_BATCH}`;
  let settled = 0;
  for (const row of drawn) {
    try {
      await settleIssue(sql, row.lottery_code, row.issue);
      settled++;
    } catch (err) {
      log(`settling ${row.lottery_code} ${row.issue} failed: ${(err as Error).message}`);
    }
  }
  return settled;
}

/** One pass of the scheduler's work at `nowMs` (tests call it directly with chosen times). */
export async function tickOnce(sql: Sql, nowMs: number = Date.now(), log: Log = () => {}) {
  const openedLotteries = await openAhead(sql, nowMs);
  let drawn = 0;
  for (;;) {
    const n = await drawDue(sql, nowMs);
    drawn += n;
    if (n < DRAW_BATCH) break;
  }
  const settled = await settleDrawn(sql, log);
  return { opened: openedLotteries, drawn, settled };
}

/**
 * The scheduler as a job of the job runner (jobs/runner.ts): a tick just after every whole second,
 * when draws fall due. A failing tick is retried with the runner's backoff.
 */
export function lotteryJob(sql: Sql, log: Log, tickMs = 1000): JobSpec {
  return {
    name: 'lottery',
    run: async (nowMs) => {
      await tickOnce(sql, nowMs, log);
    },
    nextDelayMs: (nowMs) => tickMs - (nowMs % tickMs) + 20,
  };
}
