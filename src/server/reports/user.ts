/**
 * The player's own profit report and the profit rank (/v1/report/userReport/*), from the same
 * daily roll-ups as the team reports: one rule for every figure (domain/agent/reportFigures.ts).
 */
import { PROFIT_CATEGORIES } from '../../domain/agent/reportFigures.ts';
import { formatFen, maskName } from '../../domain/money.ts';
import type { Sql } from '../db/client.ts';
import { presetRange } from '../../domain/agent/reportRange.ts';
import type { DayRange } from '../http/dates.ts';
import { reportRange } from './range.ts';
import { figuresByHead, pendingStakes, rangeRows } from './rollups.ts';
import { dailyFigures } from './team.ts';

export const RANK_SIZE = 20;

export async function userProfit(sql: Sql, userId: number, r: DayRange) {
  const [total, list] = await Promise.all([
    figuresByHead(sql, sql`select ${userId}::bigint as head, ${userId}::bigint as user_id`, r),
    dailyFigures(sql, (col) => sql`${sql.unsafe(col)} = ${userId}`, r),
  ]);
  const { memberCount: _m, ...f } = total.get(userId)!;
  return { ...f, startDate: r.startDate, endDate: r.endDate, list };
}

const RANK_PRESETS = { 1: 'today', 2: 'thisWeek', 3: 'thisMonth' } as const;

/** 1 today, 2 this week (Beijing, from Monday), 3 this month: the client's presets of the same names. */
export function rankRange(dateType: 1 | 2 | 3, nowMs = Date.now()): DayRange {
  const r = presetRange(RANK_PRESETS[dateType], nowMs);
  return reportRange(r.startDate, r.endDate, nowMs);
}

/** The roll-up column of each profit category (user_daily, migrations 032 and 035). */
const snake = (c: string) => c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`);
const PROFIT_SQL = PROFIT_CATEGORIES.map((c) => `p.sgn * p.${snake(c)}`).join(' + ');

/** The top RANK_SIZE players by profit over the range (names masked), and the caller's place. */
export async function userProfitRank(sql: Sql, userId: number, r: DayRange) {
  // each player with a transfer in the range, and their profit (the month and day roll-ups, rollups.ts):
  // the profit categories plus the stakes still awaiting their draw (domain/agent/reportFigures.ts)
  const profits = sql`
    with pend as materialized (${pendingStakes(sql, r)}),
    pending as (select user_id, sum(amount)::bigint as fen from pend group by user_id)
    select x.user_id, (x.profit + coalesce(pending.fen, 0))::bigint as profit from (
      select p.user_id, sum(${sql.unsafe(PROFIT_SQL)})::bigint as profit from (${rangeRows(sql, sql`true`, r)}) p
      group by p.user_id having sum(p.sgn * p.tx_count) > 0
    ) x left join pending on pending.user_id = x.user_id`;
  const rows = await sql<{ user_id: number; user_name: string; profit: number }[]>`
    select x.user_id, u.user_name, x.profit from (${profits}) x join users u on u.id = x.user_id
    order by x.profit desc, x.user_id limit ${RANK_SIZE}`;
  const [mine] = await sql<{ profit: number | null; ahead: number }[]>`
    with p as (${profits})
    select (select profit from p where user_id = ${userId}) as profit,
           (select count(*) from p, (select profit as mp from p where user_id = ${userId}) me
            where p.profit > me.mp or (p.profit = me.mp and p.user_id < ${userId}))::int as ahead`;
  return {
    list: rows.map((x, i) => ({
      rank: i + 1,
      userName: maskName(x.user_name),
      profit: formatFen(x.profit),
    })),
    mine: {
      rank: mine!.profit === null ? null : mine!.ahead + 1,
      profit: formatFen(mine!.profit ?? 0),
    },
  };
}
