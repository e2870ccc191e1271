/**
 * Reads of the per-user daily roll-ups (user_daily, user_first_recharge; migration 032): the
 * figures of a set of members over a Beijing date range, grouped by a head (a team, a direct
 * member's team, a day). Never a scan of bets or transfers. Definitions: src/domain/agent/reportFigures.ts.
 */
import { emptySums, moneyFigures, type CategorySums } from '../../domain/agent/reportFigures.ts';
import { formatFen } from '../../domain/money.ts';
import type postgres from 'postgres';
import type { Sql } from '../db/client.ts';
import type { DayRange } from '../records/dates.ts';

/** A piece of SQL built with the sql tag, spliced into a larger query. */
export type Fragment = postgres.PendingQuery<postgres.Row[]>;

const SUM_COLUMNS = `
  coalesce(sum(d.bet), 0)::bigint as bet, coalesce(sum(d.prize), 0)::bigint as prize,
  coalesce(sum(d.tie_refund), 0)::bigint as tie_refund, coalesce(sum(d.rebate), 0)::bigint as rebate,
  coalesce(sum(d.activity), 0)::bigint as activity, coalesce(sum(d.recharge), 0)::bigint as recharge,
  coalesce(sum(d.withdraw), 0)::bigint as withdraw, coalesce(sum(d.wallet), 0)::bigint as wallet,
  coalesce(sum(d.other), 0)::bigint as other`;

interface SumRow { bet: number; prize: number; tie_refund: number; rebate: number; activity: number; recharge: number; withdraw: number; wallet: number; other: number }

function toSums(r: SumRow | undefined): CategorySums {
  if (!r) return emptySums();
  return {
    bet: r.bet, prize: r.prize, tieRefund: r.tie_refund, rebate: r.rebate, activity: r.activity,
    recharge: r.recharge, withdraw: r.withdraw, wallet: r.wallet, other: r.other,
  };
}

/** The category sums of the user_daily rows matching `where` (on d) over the range. */
export async function sumsOf(sql: Sql, where: Fragment, r: DayRange): Promise<CategorySums> {
  const [row] = await sql<SumRow[]>`
    select ${sql.unsafe(SUM_COLUMNS)} from user_daily d
    where ${where} and d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date`;
  return toSums(row);
}

/** The figures object F of the contract (yuan strings and counts). */
export interface Figures {
  betAmount: string; validBetAmount: string; prizeAmount: string; rebateAmount: string; activityAmount: string;
  rechargeAmount: string; withdrawAmount: string; profit: string;
  firstRechargeCount: number; newMemberCount: number; activeMemberCount: number; betMemberCount: number;
}

export interface Counts { firstRecharge: number; newMembers: number; active: number; bettors: number }
const NO_COUNTS: Counts = { firstRecharge: 0, newMembers: 0, active: 0, bettors: 0 };

export function figures(s: CategorySums, c: Counts = NO_COUNTS): Figures {
  const f = moneyFigures(s);
  return {
    betAmount: formatFen(f.betFen),
    validBetAmount: formatFen(f.validBetFen),
    prizeAmount: formatFen(f.prizeFen),
    rebateAmount: formatFen(f.rebateFen),
    activityAmount: formatFen(f.activityFen),
    rechargeAmount: formatFen(f.rechargeFen),
    withdrawAmount: formatFen(f.withdrawFen),
    profit: formatFen(f.profitFen),
    firstRechargeCount: c.firstRecharge,
    newMemberCount: c.newMembers,
    activeMemberCount: c.active,
    betMemberCount: c.bettors,
  };
}

interface HeadRow extends SumRow { head: number; active: number; bettors: number; members: number; new_members: number; first_recharges: number }

/**
 * Figures per head over the range. `members` is a query of (head, user_id) pairs: a user counts in
 * every head it is listed under. Heads with no member are absent; memberCount is the pairs per head.
 */
export async function figuresByHead(sql: Sql, members: Fragment, r: DayRange): Promise<Map<number, Figures & { memberCount: number }>> {
  const rows = await sql<HeadRow[]>`
    with m as (${members}),
    money as (
      select m.head, ${sql.unsafe(SUM_COLUMNS)},
             count(distinct d.user_id) filter (where d.tx_count > 0)::int as active,
             count(distinct d.user_id) filter (where d.bet_count > 0)::int as bettors
      from m join user_daily d on d.user_id = m.user_id
      where d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date
      group by m.head
    ),
    people as (
      select m.head, count(*)::int as members,
             count(*) filter (where u.created_at >= ${r.from} and u.created_at < ${r.to})::int as new_members,
             count(f.user_id) filter (where f.day >= ${r.startDate}::date and f.day <= ${r.endDate}::date)::int as first_recharges
      from m join users u on u.id = m.user_id left join user_first_recharge f on f.user_id = m.user_id
      group by m.head
    )
    select p.head, p.members, p.new_members, p.first_recharges, coalesce(money.active, 0) as active,
           coalesce(money.bettors, 0) as bettors,
           money.bet, money.prize, money.tie_refund, money.rebate, money.activity, money.recharge, money.withdraw, money.wallet, money.other
    from people p left join money on money.head = p.head`;
  return new Map(rows.map((row) => [Number(row.head), {
    ...figures(row.bet === null ? emptySums() : toSums(row), {
      firstRecharge: row.first_recharges, newMembers: row.new_members, active: row.active, bettors: row.bettors,
    }),
    memberCount: row.members,
  }]));
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

/** Figures per day of one set of users (a `d.user_id ...` condition), days without rows absent. */
export async function figuresByDay(sql: Sql, where: Fragment, r: DayRange): Promise<Map<string, Figures>> {
  const rows = await sql<(SumRow & { day: string; active: number; bettors: number; first_recharges: number })[]>`
    select to_char(d.day, 'YYYY-MM-DD') as day, ${sql.unsafe(SUM_COLUMNS)},
           count(*) filter (where d.tx_count > 0)::int as active,
           count(*) filter (where d.bet_count > 0)::int as bettors,
           count(f.user_id)::int as first_recharges
    from user_daily d left join user_first_recharge f on f.user_id = d.user_id and f.day = d.day
    where ${where} and d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date
    group by d.day`;
  return new Map(rows.map((row) => [row.day, figures(toSums(row), {
    firstRecharge: row.first_recharges, newMembers: 0, active: row.active, bettors: row.bettors,
  })]));
}

export function emptyFigures(): Figures {
  return figures(emptySums());
}
