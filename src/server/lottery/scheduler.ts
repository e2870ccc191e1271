/**
 * The lottery scheduler. Exactly one instance runs it, the holder of a session-level advisory lock on
 * a reserved connection; the others retry the lock every LOCK_RETRY_MS so one takes over when the
 * holder dies. Each tick (about once a second, on the second):
 *  1. opens issues ahead: the on-sale issue and the next OPEN_AHEAD of every enabled lottery;
 *  2. draws every self-run issue whose draw time has passed (pending → drawn, seed revealed); rows
 *     left from before a downtime are drawn the same way (catch-up), oldest first;
 *  3. settles every drawn issue (including ones left drawn by a crash, or entered by the operator);
 *  and every ten minutes it deletes expired short-lived rows (jobs/cleanup.ts).
 * Official games' rows wait in 'pending' after their draw time for the operator's result.
 * Every step is idempotent (status guards), so a tick interrupted anywhere is finished by the next.
 */
import type { Sql } from '../db/client.ts';
import { drawFromSeedHex } from './draw.ts';
import { ensureIssueRows, upcomingIssues } from './issues.ts';
import { listLotteries, loadLottery } from './lotteries.ts';
import { settleIssue } from './settlement/index.ts';
import { cleanupExpired } from '../jobs/cleanup.ts';
import { runWalletJobsEveryMinute } from '../wallet/jobs.ts';

export const SCHEDULER_LOCK = 727_003;
const OPEN_AHEAD = 5;
const DRAW_BATCH = 200;
const SETTLE_BATCH = 50;
const LOCK_RETRY_MS = 5000;
/** Housekeeping (expired codes, failures, ended sessions) runs on the lock holder this often. */
const CLEANUP_EVERY_MS = 10 * 60 * 1000;

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
    await ensureIssueRows(sql, lottery, ahead.map((a) => a.issue));
    opened.set(key, ahead[0]!.issue);
    made++;
  }
  return made;
}

interface DueRow {
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
  if (due.length === 0) return 0;
  const results: string[] = [];
  for (const row of due) {
    const lottery = await loadLottery(sql, row.lottery_code);
    if (!lottery) throw new Error(`issue of an unknown lottery: ${row.lottery_code}`);
    results.push(drawFromSeedHex(lottery.family, row.seed));
  }
  // the status guard draws each issue once even if two ticks overlapped
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

export interface LotteryScheduler {
  /** whether this instance holds the scheduler lock now */
  holdsLock(): boolean;
  stop(): Promise<void>;
}

export function startLotteryScheduler(sql: Sql, log: Log, opts: { tickMs?: number; lockRetryMs?: number } = {}): LotteryScheduler {
  const tickMs = opts.tickMs ?? 1000;
  const lockRetryMs = opts.lockRetryMs ?? LOCK_RETRY_MS;
  let stopped = false;
  let conn: Awaited<ReturnType<Sql['reserve']>> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let lastCleanup = 0;

  const release = async () => {
    const c = conn;
    conn = null;
    if (!c) return;
    await c`select pg_advisory_unlock(${SCHEDULER_LOCK})`.catch(() => {});
    c.release();
  };

  const tryLock = async (): Promise<boolean> => {
    const c = await sql.reserve();
    try {
      const [row] = await c<{ ok: boolean }[]>`select pg_try_advisory_lock(${SCHEDULER_LOCK}) as ok`;
      if (row?.ok) {
        conn = c;
        log('lottery scheduler: this instance runs the draws');
        return true;
      }
    } catch (err) {
      log(`lottery scheduler: lock attempt failed: ${(err as Error).message}`);
    }
    c.release();
    return false;
  };

  const step = async () => {
    if (!conn && !(await tryLock())) return schedule(lockRetryMs);
    try {
      // a lost connection means a lost lock: check it is still ours before working
      await conn!`select 1`;
    } catch {
      await release();
      return schedule(0);
    }
    try {
      await tickOnce(sql, Date.now(), log);
    } catch (err) {
      log(`lottery scheduler tick failed: ${(err as Error).message}`);
    }
    if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = Date.now();
      await cleanupExpired(sql).catch((err) => log(`housekeeping failed: ${(err as Error).message}`));
    }
    await runWalletJobsEveryMinute(sql, Date.now(), log);
    // next tick just after the next whole second, when draws fall due
    schedule(tickMs - (Date.now() % tickMs) + 20);
  };

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step().catch((err) => log(`lottery scheduler: ${(err as Error).message}`));
    }, delayMs);
  }

  schedule(0);
  return {
    holdsLock: () => conn !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await release();
    },
  };
}
