/**
 * The player's own profit report and the profit rank (/v1/report/userReport/*), from the same
 * daily roll-ups as the team reports: one rule for every figure (domain/agent/reportFigures.ts).
 */
import { PROFIT_CATEGORIES } from '../../domain/agent/reportFigures.ts';
import { formatFen, maskName } from '../../domain/money.ts';
import type { Sql } from '../db/client.ts';
import { beijingToday, type DayRange } from '../records/dates.ts';
import { reportRange } from './range.ts';
import { figuresByHead } from './rollups.ts';
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

/** 1 today, 2 this week (Beijing, from Monday), 3 this month. */
export function rankRange(dateType: 1 | 2 | 3, nowMs = Date.now()): DayRange {
  const today = beijingToday(nowMs);
  if (dateType === 1) return reportRange(today, today, nowMs);
  if (dateType === 3) return reportRange(`${today.slice(0, 8)}01`, today, nowMs);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return reportRange(beijingToday(nowMs, weekday), today, nowMs);
}

const PROFIT_SQL = PROFIT_CATEGORIES.map((c) => `d.${c}`).join(' + ');

/** The top RANK_SIZE players by profit over the range (names masked), and the caller's place. */
export async function userProfitRank(sql: Sql, userId: number, r: DayRange) {
  const rows = await sql<{ user_id: number; user_name: string; profit: number }[]>`
    select d.user_id, u.user_name, sum(${sql.unsafe(PROFIT_SQL)})::bigint as profit
    from user_daily d join users u on u.id = d.user_id
    where d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date and d.tx_count > 0
    group by d.user_id, u.user_name order by profit desc, d.user_id limit ${RANK_SIZE}`;
  const [mine] = await sql<{ profit: number | null; ahead: number }[]>`
    with p as (
      select d.user_id, sum(${sql.unsafe(PROFIT_SQL)})::bigint as profit from user_daily d
      where d.day >= ${r.startDate}::date and d.day <= ${r.endDate}::date and d.tx_count > 0 group by d.user_id
    )
    select (select profit from p where user_id = ${userId}) as profit,
           (select count(*) from p, (select profit as mp from p where user_id = ${userId}) me
            where p.profit > me.mp or (p.profit = me.mp and p.user_id < ${userId}))::int as ahead`;
  return {
    list: rows.map((x, i) => ({ rank: i + 1, userName: maskName(x.user_name), profit: formatFen(x.profit) })),
    mine: { rank: mine!.profit === null ? null : mine!.ahead + 1, profit: formatFen(mine!.profit ?? 0) },
  };
}
