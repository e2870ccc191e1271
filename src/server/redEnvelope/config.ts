/**
 * Red envelope limits per grade (red_envelope_config; grade -1000 is the default) and what a
 * sender has used today (Beijing day), which the send checks and the configuration call shows.
 */
import type { Db, Sql } from '../db/client.ts';
import { beijingDayStartOf } from '../../domain/time.ts';

export const DEFAULT_GRADE_KEY = -1000;

export interface GradeLimits {
  grade: number;
  maxAmountFen: number;
  dayLimitAmountFen: number;
  dayLimitCount: number;
}

interface ConfigRow {
  grade: number;
  max_amount_fen: number;
  day_limit_amount_fen: number;
  day_limit_count: number;
}

const limitsOf = (r: ConfigRow): GradeLimits => ({
  grade: r.grade,
  maxAmountFen: r.max_amount_fen,
  dayLimitAmountFen: r.day_limit_amount_fen,
  dayLimitCount: r.day_limit_count,
});

/** The limits of a grade: its own row, else the default. */
export async function limitsForGrade(sql: Db, grade: number): Promise<GradeLimits> {
  const [row] = await sql<ConfigRow[]>`
    select * from red_envelope_config where grade in (${grade}, ${DEFAULT_GRADE_KEY})
    order by (grade = ${DEFAULT_GRADE_KEY}) limit 1`;
  return limitsOf(row!);
}

export async function allLimits(sql: Sql): Promise<GradeLimits[]> {
  return (await sql<ConfigRow[]>`select * from red_envelope_config order by grade`).map(limitsOf);
}

/** What a player has sent today (their own envelopes; system envelopes are the house's). */
export async function usedToday(
  sql: Db,
  userId: number,
  nowMs: number,
): Promise<{ usedFen: number; count: number }> {
  const [row] = await sql<{ used: number; count: number }[]>`
    select coalesce(sum(total_fen), 0)::bigint as used, count(*)::int as count
    from red_envelopes where sender_id = ${userId} and not is_system and created_at >= ${new Date(beijingDayStartOf(nowMs))}`;
  return { usedFen: row!.used, count: row!.count };
}
