/**
 * Issue rows (lottery_issues): created ahead by the scheduler or on demand by a bet or a chase up to
 * MAX_ISSUES_AHEAD issues ahead, never for the past. Times come from the lottery's schedule:
 * an issue's sale opens when the previous one closes, closes `closeLeadSec` before its draw.
 *
 * Self-run issues get a 32-byte random seed at creation; only sha256(seed) is public until the draw
 * (the seed column is never read by a route before the issue is drawn).
 *
 * Life cycle: pending → drawn (result in) → settled; pending/drawn → cancelled by the operator.
 */
import crypto from 'node:crypto';
import {
  issueAt,
  issueInfo,
  issuesBetween,
  localDayStartMs,
  nextIssues,
  previousDrawMs,
  type IssueInfo,
} from '../../domain/lottery/index.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { issueClosedMessage } from '../../domain/follow/rules.ts';
import { loadLottery, type Lottery } from './lotteries.ts';

/** A chase may run 50 issues; leave a little room for the issue rolling over meanwhile. */
export const MAX_ISSUES_AHEAD = 60;

export type IssueStatus = 'pending' | 'drawn' | 'settled' | 'cancelled';

export interface IssueRow {
  readonly lotteryCode: string;
  readonly issue: string;
  readonly saleOpenAtMs: number;
  readonly closeAtMs: number;
  readonly drawAtMs: number;
  readonly seedHash: string | null;
  readonly result: string | null;
  readonly status: IssueStatus;
  readonly resultVersion: number;
  readonly drawnAtMs: number | null;
}

/** An issue of the schedule with its sale times (not necessarily a row yet). */
export interface ScheduledIssue extends IssueInfo {
  readonly saleOpenAtMs: number;
  readonly closeAtMs: number;
}

interface DbIssueRow {
  lottery_code: string;
  issue: string;
  sale_open_at: Date;
  close_at: Date;
  draw_at: Date;
  seed_hash: string | null;
  result: string | null;
  status: IssueStatus;
  result_version: number;
  drawn_at: Date | null;
}

export function issueFromRow(r: DbIssueRow): IssueRow {
  return {
    lotteryCode: r.lottery_code,
    issue: r.issue,
    saleOpenAtMs: r.sale_open_at.getTime(),
    closeAtMs: r.close_at.getTime(),
    drawAtMs: r.draw_at.getTime(),
    seedHash: r.seed_hash,
    result: r.result,
    status: r.status,
    resultVersion: r.result_version,
    drawnAtMs: r.drawn_at ? r.drawn_at.getTime() : null,
  };
}

/** Columns of IssueRow, for queries in this folder (never the seed). */
export const ISSUE_COLUMNS = [
  'lottery_code',
  'issue',
  'sale_open_at',
  'close_at',
  'draw_at',
  'seed_hash',
  'result',
  'status',
  'result_version',
  'drawn_at',
];

function withTimes(lottery: Lottery, info: IssueInfo, previousDraw?: number): ScheduledIssue {
  const leadMs = lottery.closeLeadSec * 1000;
  const closeAtMs = info.drawAtMs - leadMs;
  const prevDrawMs = previousDraw ?? previousDrawMs(lottery.schedule, info);
  return { ...info, closeAtMs, saleOpenAtMs: Math.min(prevDrawMs - leadMs, closeAtMs) };
}

/** The schedule entry of one issue, or null when the text is not an issue of this lottery. */
export function scheduledIssue(lottery: Lottery, issue: string): ScheduledIssue | null {
  const info = issueInfo(lottery.schedule, issue);
  return info ? withTimes(lottery, info) : null;
}

/** Pure: the issue on sale at `nowMs` (first whose sale has not closed) and the ones after it. */
export function upcomingIssues(lottery: Lottery, nowMs: number, count: number): ScheduledIssue[] {
  if (count < 1) return [];
  const first = issueAt(lottery.schedule, nowMs + lottery.closeLeadSec * 1000);
  const out = [withTimes(lottery, first)];
  for (const info of nextIssues(lottery.schedule, first.issue, count - 1)) {
    out.push(withTimes(lottery, info, out[out.length - 1]!.drawAtMs));
  }
  return out;
}

/** Pure: the issues of the local day containing `nowMs` (its 24:00 draw included), with sale times. */
export function daySchedule(lottery: Lottery, nowMs: number): ScheduledIssue[] {
  const start = localDayStartMs(lottery.schedule, nowMs);
  const out: ScheduledIssue[] = [];
  for (const info of issuesBetween(lottery.schedule, start, start + 86_400_000)) {
    out.push(withTimes(lottery, info, out.length ? out[out.length - 1]!.drawAtMs : undefined));
  }
  return out;
}

/** Latest draw time a bet may target now: the MAX_ISSUES_AHEAD-th upcoming issue's (memoised per on-sale issue). */
const horizonMemo = new Map<string, { onSale: string; drawAtMs: number }>();
function horizonMs(lottery: Lottery, nowMs: number): number {
  const onSale = issueAt(lottery.schedule, nowMs + lottery.closeLeadSec * 1000);
  const memo = horizonMemo.get(lottery.code);
  if (memo?.onSale === onSale.issue) return memo.drawAtMs;
  const ahead = nextIssues(lottery.schedule, onSale.issue, MAX_ISSUES_AHEAD - 1);
  const drawAtMs = (ahead[ahead.length - 1] ?? onSale).drawAtMs;
  horizonMemo.set(lottery.code, { onSale: onSale.issue, drawAtMs });
  return drawAtMs;
}

function newSeed(): { seed: string; seedHash: string } {
  const bytes = crypto.randomBytes(32);
  return {
    seed: bytes.toString('hex'),
    seedHash: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * Creates the rows of these issues where missing (ON CONFLICT DO NOTHING: a concurrent creator's
 * seed wins and stays the only one) and returns all of them in the order given. Unknown issue texts
 * are skipped.
 */
export async function ensureIssueRows(
  db: Db,
  lottery: Lottery,
  issues: readonly string[],
): Promise<IssueRow[]> {
  const planned = issues
    .map((i) => scheduledIssue(lottery, i))
    .filter((x): x is ScheduledIssue => x !== null);
  if (planned.length === 0) return [];
  const self = lottery.source === 'self';
  const seeds = planned.map(() => (self ? newSeed() : { seed: null, seedHash: null }));
  const codes = planned.map(() => lottery.code);
  await db`
    insert into lottery_issues (lottery_code, issue, sale_open_at, close_at, draw_at, seed, seed_hash)
    select * from unnest(
      ${codes}::text[], ${planned.map((p) => p.issue)}::text[],
      ${planned.map((p) => new Date(p.saleOpenAtMs).toISOString())}::timestamptz[],
      ${planned.map((p) => new Date(p.closeAtMs).toISOString())}::timestamptz[],
      ${planned.map((p) => new Date(p.drawAtMs).toISOString())}::timestamptz[],
      ${seeds.map((s) => s.seed) as string[]}::text[], ${seeds.map((s) => s.seedHash) as string[]}::text[])
    on conflict (lottery_code, issue) do nothing`;
  const rows = await db<DbIssueRow[]>`
    select ${db(ISSUE_COLUMNS)} from lottery_issues
    where lottery_code = ${lottery.code} and issue = any(${planned.map((p) => p.issue)}::text[])`;
  const byIssue = new Map(rows.map((r) => [r.issue, issueFromRow(r)]));
  return planned.map((p) => byIssue.get(p.issue)).filter((r): r is IssueRow => r !== undefined);
}

/** One issue row, or null (no creation). */
export async function findIssue(
  db: Db,
  lotteryCode: string,
  issue: string,
): Promise<IssueRow | null> {
  const [row] = await db<DbIssueRow[]>`
    select ${db(ISSUE_COLUMNS)} from lottery_issues where lottery_code = ${lotteryCode} and issue = ${issue}`;
  return row ? issueFromRow(row) : null;
}

/** How many issues closed before their time issueOnSale looks past. */
const SKIP_CLOSED_AHEAD = 5;

/**
 * The issue row bets go on now: the schedule's issue on sale, or the first after it still pending
 * when it was closed before its time (cancelled by the operator, or drawn by a test server's
 * testDrawRoutes.ts). Read first, created only when the scheduler has not yet (polled by every open
 * betting page, so the usual case is one read).
 */
export async function issueOnSale(db: Db, lottery: Lottery, nowMs: number): Promise<IssueRow> {
  let row: IssueRow | undefined;
  for (const planned of upcomingIssues(lottery, nowMs, SKIP_CLOSED_AHEAD + 1)) {
    row =
      (await findIssue(db, lottery.code, planned.issue)) ??
      (await ensureIssueRows(db, lottery, [planned.issue]))[0]!;
    if (row.status === 'pending') return row;
  }
  return row!;
}

/** The refusal of a closed issue, naming the issue on sale now (spec 001 §4: a followed bet's issue has closed). */
function closedIssue(lottery: Lottery, issue: string, nowMs: number): AppError {
  const current = upcomingIssues(lottery, nowMs, 1)[0]?.issue ?? null;
  return new AppError(issueClosedMessage(issue, current === issue ? null : current));
}

/**
 * The issue row a bet may go on: creatable (a valid issue of this lottery, not past the chase
 * horizon) and still on sale at `nowMs`. Inside a transaction the row is held FOR SHARE, so the
 * draw (an UPDATE of that row) waits for the bet to commit and settlement sees it.
 * Refuses '彩种不存在', '期号不存在', '第X期已截止，当前为第Y期' (the issue on sale named).
 */
export async function issueForSale(
  db: Db,
  lotteryCode: string,
  issue: string,
  nowMs: number,
): Promise<IssueRow> {
  const lottery = await loadLottery(db, lotteryCode);
  if (!lottery) throw new AppError('彩种不存在');
  const planned = scheduledIssue(lottery, issue);
  if (!planned) throw new AppError('期号不存在');
  if (planned.closeAtMs <= nowMs) throw closedIssue(lottery, issue, nowMs);
  if (planned.drawAtMs > horizonMs(lottery, nowMs)) throw new AppError('期号不存在');
  const lock = async () => {
    const [row] = await db<DbIssueRow[]>`
      select ${db(ISSUE_COLUMNS)} from lottery_issues
      where lottery_code = ${lotteryCode} and issue = ${issue} for share`;
    return row ? issueFromRow(row) : null;
  };
  let row = await lock();
  if (!row) {
    await ensureIssueRows(db, lottery, [issue]);
    row = await lock();
  }
  if (!row) throw new AppError('期号不存在');
  if (row.status !== 'pending' || row.closeAtMs <= nowMs) throw closedIssue(lottery, issue, nowMs);
  return row;
}
