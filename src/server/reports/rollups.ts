/**
 * Reads of the per-user daily roll-ups (user_daily, user_first_recharge; migration 032): the
 * figures of a set of members over a Beijing date range, grouped by a head (a team, a direct
 * member's team, a day). Never a scan of bets or transfers. Definitions: src/domain/agent/reportFigures.ts.
 */
import {
  emptySums,
  moneyFigures,
  type CategorySums,
  type Figures,
} from '../../domain/agent/reportFigures.ts';

export type { Figures };
import { PENDING_BET_STATUS } from '../../domain/bets.ts';
import { formatFen } from '../../domain/money.ts';
import type postgres from 'postgres';
import type { Sql } from '../db/client.ts';
import type { DayRange } from '../http/dates.ts';

/** A piece of SQL built with the sql tag, spliced into a larger query. */
export type Fragment = postgres.PendingQuery<postgres.Row[]>;

const SUM_COLUMNS = `
  coalesce(sum(d.bet), 0)::bigint as bet, coalesce(sum(d.prize), 0)::bigint as prize,
  coalesce(sum(d.tie_refund), 0)::bigint as tie_refund, coalesce(sum(d.rebate), 0)::bigint as rebate,
  coalesce(sum(d.activity), 0)::bigint as activity, coalesce(sum(d.recharge), 0)::bigint as recharge,
  coalesce(sum(d.withdraw), 0)::bigint as withdraw, coalesce(sum(d.wallet), 0)::bigint as wallet,
  coalesce(sum(d.red_envelope), 0)::bigint as red_envelope,
  coalesce(sum(d.other), 0)::bigint as other, coalesce(sum(d.valid_bet), 0)::bigint as valid_bet`;

interface SumRow {
  bet: number;
  prize: number;
  tie_refund: number;
  rebate: number;
  activity: number;
  recharge: number;
  withdraw: number;
  wallet: number;
  red_envelope: number;
  other: number;
  valid_bet: number;
}

/** The sums of a roll-up row, with the pending stakes read beside it (pendingStakes). */
function toSums(r: SumRow | undefined, pendingFen = 0): CategorySums {
  if (!r) return { ...emptySums(), pendingBet: pendingFen };
  return {
    bet: r.bet,
    prize: r.prize,
    tieRefund: r.tie_refund,
    rebate: r.rebate,
    activity: r.activity,
    recharge: r.recharge,
    withdraw: r.withdraw,
    wallet: r.wallet,
    redEnvelope: r.red_envelope,
    other: r.other,
    validBet: r.valid_bet,
    pendingBet: pendingFen,
  };
}

const PIECE_COLUMNS = sqlColumns([
  'bet',
  'prize',
  'tie_refund',
  'rebate',
  'activity',
  'recharge',
  'withdraw',
  'wallet',
  'red_envelope',
  'other',
  'valid_bet',
  'bet_count',
  'tx_count',
]);
function sqlColumns(cols: string[]): string {
  return cols.map((c) => `d.${c}`).join(', ');
}

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The pieces a range reads: whole months (user_monthly) and day spans (user_daily) added or taken off. */
export type RangePiece = { month: string } | { from: string; to: string; sgn: 1 | -1 };

/**
 * A range as month rows and day spans: each calendar month it touches is read either as its days in
 * the range (+), or, when the range holds most of the month, as the month row less the month's days
 * outside the range (−; days after today have no rows to read). Every column is additive, so the sums are exact either way; a member is active when
 * its signed transfer count is above zero.
 */
export function rangePieces(startDate: string, endDate: string): RangePiece[] {
  const pieces: RangePiece[] = [];
  const endMs = dayMs(endDate);
  let ms = dayMs(startDate);
  while (ms <= endMs) {
    const d = new Date(ms);
    const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS;
    const from = ms;
    const to = Math.min(endMs, monthEnd);
    const inside = (to - from) / DAY_MS + 1;
    const outsideSpans = [
      [monthStart, from - DAY_MS],
      [to + DAY_MS, monthEnd],
    ].filter(([a, b]) => a! <= b!);
    const monthDays = (monthEnd - monthStart) / DAY_MS + 1;
    if (inside * 2 <= monthDays) {
      pieces.push({ from: dayText(from), to: dayText(to), sgn: 1 });
    } else {
      pieces.push({ month: dayText(monthStart) });
      for (const [a, b] of outsideSpans)
        pieces.push({ from: dayText(a!), to: dayText(b!), sgn: -1 });
    }
    ms = monthEnd + DAY_MS;
  }
  return pieces;
}

/** (user_id, sgn, columns) rows of the range's pieces, of the rows matching `where` (on d). */
export function rangeRows(sql: Sql, where: Fragment, r: DayRange) {
  const parts = rangePieces(r.startDate, r.endDate).map((p) =>
    'month' in p
      ? sql`select d.user_id, 1 as sgn, ${sql.unsafe(PIECE_COLUMNS)} from user_monthly d where d.month = ${p.month}::date and ${where}`
      : sql`select d.user_id, ${p.sgn}::int as sgn, ${sql.unsafe(PIECE_COLUMNS)} from user_daily d
          where d.day >= ${p.from}::date and d.day <= ${p.to}::date and ${where}`,
  );
  return parts.reduce((all, p) => sql`${all} union all ${p}`);
}

const SIGNED_SUMS = `
  coalesce(sum(p.sgn * p.bet), 0)::bigint as bet, coalesce(sum(p.sgn * p.prize), 0)::bigint as prize,
  coalesce(sum(p.sgn * p.tie_refund), 0)::bigint as tie_refund, coalesce(sum(p.sgn * p.rebate), 0)::bigint as rebate,
  coalesce(sum(p.sgn * p.activity), 0)::bigint as activity, coalesce(sum(p.sgn * p.recharge), 0)::bigint as recharge,
  coalesce(sum(p.sgn * p.withdraw), 0)::bigint as withdraw, coalesce(sum(p.sgn * p.wallet), 0)::bigint as wallet,
  coalesce(sum(p.sgn * p.red_envelope), 0)::bigint as red_envelope,
  coalesce(sum(p.sgn * p.other), 0)::bigint as other, coalesce(sum(p.sgn * p.valid_bet), 0)::bigint as valid_bet`;

/**
 * (user_id, day, amount) of the bets placed in the range that still await their draw
 * (domain/bets.ts PENDING_BET_STATUS). Such a bet belongs to an issue not yet settled, so they are
 * read through those issues (index lottery_issues_due, then bets_issue), never by a scan of bets;
 * materialized, so the planner cannot turn it into a walk over a team's bets.
 */
export function pendingStakes(sql: Sql, r: DayRange) {
  return sql`
    select b.user_id, beijing_day(b.created_at) as day, b.amount from lottery_issues li
    join bets b on b.lottery_code = li.lottery_code and b.issue = li.issue
    where li.status in ('pending', 'drawn') and b.status = ${PENDING_BET_STATUS}
      and b.created_at >= ${r.from} and b.created_at < ${r.to}`;
}

/** The category sums over the range of one user's roll-up rows and pending stakes. */
export async function sumsOfUser(sql: Sql, userId: number, r: DayRange): Promise<CategorySums> {
  const [[row], [pending]] = await Promise.all([
    sql<
      SumRow[]
    >`select ${sql.unsafe(SIGNED_SUMS)} from (${rangeRows(sql, sql`d.user_id = ${userId}`, r)}) p`,
    sql<
      { fen: number }[]
    >`with s as materialized (${pendingStakes(sql, r)}) select coalesce(sum(amount), 0)::bigint as fen from s where user_id = ${userId}`,
  ]);
  return toSums(row, pending!.fen);
}

export interface Counts {
  firstRecharge: number;
  newMembers: number;
  active: number;
  bettors: number;
}
const NO_COUNTS: Counts = { firstRecharge: 0, newMembers: 0, active: 0, bettors: 0 };

export function figures(s: CategorySums, c: Counts = NO_COUNTS): Figures {
  const f = moneyFigures(s);
  return {
    betAmount: formatFen(f.betFen),
    pendingBetAmount: formatFen(f.pendingBetFen),
    validBetAmount: formatFen(f.validBetFen),
    prizeAmount: formatFen(f.prizeFen),
    rebateAmount: formatFen(f.rebateFen),
    activityAmount: formatFen(f.activityFen),
    redEnvelopeAmount: formatFen(f.redEnvelopeFen),
    walletIncome: formatFen(f.walletFen),
    otherAmount: formatFen(f.otherFen),
    rechargeAmount: formatFen(f.rechargeFen),
    withdrawAmount: formatFen(f.withdrawFen),
    profit: formatFen(f.profitFen),
    firstRechargeCount: c.firstRecharge,
    newMemberCount: c.newMembers,
    activeMemberCount: c.active,
    betMemberCount: c.bettors,
  };
}

interface HeadRow extends SumRow {
  head: number;
  active: number;
  bettors: number;
  members: number;
  new_members: number;
  first_recharges: number;
  pending: number;
}

/**
 * Figures per head over the range. `members` is a query of (head, user_id) pairs: a user counts in
 * every head it is listed under. Heads with no member are absent; memberCount is the pairs per head.
 */
export async function figuresByHead(
  sql: Sql,
  members: Fragment,
  r: DayRange,
): Promise<Map<number, Figures & { memberCount: number }>> {
  // each member's days first (one row per member), then the heads: no distinct counts over day rows
  const rows = await sql<HeadRow[]>`
    with m as (${members}),
    per_user as (
      select m.head, p.user_id, ${sql.unsafe(SIGNED_SUMS)},
             sum(p.sgn * p.tx_count) > 0 as active, sum(p.sgn * p.bet_count) > 0 as bettor
      from m join (${rangeRows(sql, sql`true`, r)}) p on p.user_id = m.user_id
      group by m.head, p.user_id
    ),
    money as (
      select d.head, ${sql.unsafe(SUM_COLUMNS)},
             count(*) filter (where d.active)::int as active, count(*) filter (where d.bettor)::int as bettors
      from per_user d group by d.head
    ),
    people as (
      select m.head, count(*)::int as members,
             count(*) filter (where u.created_at >= ${r.from} and u.created_at < ${r.to})::int as new_members,
             count(f.user_id) filter (where f.day >= ${r.startDate}::date and f.day <= ${r.endDate}::date)::int as first_recharges
      from m join users u on u.id = m.user_id left join user_first_recharge f on f.user_id = m.user_id
      group by m.head
    ),
    pend as materialized (${pendingStakes(sql, r)}),
    pending as (select m.head, sum(s.amount)::bigint as fen from m join pend s on s.user_id = m.user_id group by m.head)
    select p.head, p.members, p.new_members, p.first_recharges, coalesce(money.active, 0) as active,
           coalesce(money.bettors, 0) as bettors, coalesce(pending.fen, 0)::bigint as pending,
           money.bet, money.prize, money.tie_refund, money.rebate, money.activity, money.recharge, money.withdraw, money.wallet,
           money.red_envelope, money.other, money.valid_bet
    from people p left join money on money.head = p.head left join pending on pending.head = p.head`;
  return new Map(
    rows.map((row) => [
      Number(row.head),
      {
        ...figures(
          row.bet === null ? { ...emptySums(), pendingBet: row.pending } : toSums(row, row.pending),
          {
            firstRecharge: row.first_recharges,
            newMembers: row.new_members,
            active: row.active,
            bettors: row.bettors,
          },
        ),
        memberCount: row.members,
      },
    ]),
  );
}

/** (head, user_id) pairs: each head with itself and its whole downline (user_uplines). */
export function teamsOf(sql: Sql, heads: Fragment) {
  return sql`
    select h.id as head, h.id as user_id from (${heads}) h
    union all
    select h.id, uu.user_id from (${heads}) h join user_uplines uu on uu.ancestor_id = h.id`;
}

/** The team of one user (itself and its downline) as a user_id subquery. */
export function teamIds(sql: Sql, rootId: number) {
  return sql`(select ${rootId}::bigint as user_id union all select user_id from user_uplines where ancestor_id = ${rootId})`;
}

/**
 * Figures per day of one set of users (`userWhere(col)`: a condition on that user id column), days
 * without rows absent.
 */
export async function figuresByDay(
  sql: Sql,
  userWhere: (col: string) => Fragment,
  r: DayRange,
): Promise<Map<string, Figures>> {
  const pending = new Map(
    (
      await sql<{ day: string; fen: number }[]>`
    with s as materialized (${pendingStakes(sql, r)})
    select to_char(s.day, 'YYYY-MM-DD') as day, sum(s.amount)::bigint as fen from s where ${userWhere('s.user_id')} group by 1`
    ).map((x) => [x.day, x.fen]),
  );
  const where = userWhere('d.user_id');
  const rows = await sql<
    (SumRow & { day: string; active: number; bettors: number; first_recharges: number })[]
  >`
    select to_char(d.day, 'YYYY-MM-DD') as day, ${sql.unsafe(SUM_COLUMNS)},
           count(*) filter (where d.tx_count > 0)::int as active,
           count(*) filter (where d.bet_count > 0)::int as bettors,
           count(f.user_id)::int as first_recharges
    from user_daily d left join user_first_recharge f on f.user_id = d.user_id and f.day = d.day
    where ${where} and d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date
    group by d.day`;
  // a pending stake was taken from the wallet the same day, so its day has a roll-up row
  return new Map(
    rows.map((row) => [
      row.day,
      figures(toSums(row, pending.get(row.day) ?? 0), {
        firstRecharge: row.first_recharges,
        newMembers: 0,
        active: row.active,
        bettors: row.bettors,
      }),
    ]),
  );
}

export function emptyFigures(): Figures {
  return figures(emptySums());
}
