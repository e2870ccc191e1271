/**
 * Grades on the server (domain/grades.ts): the operator's ladder in site setting 'grade_levels', the
 * lifetime totals that reach a tier (recharges and valid bets, counted exactly as the activity
 * requirements count them: activity/store.ts RECHARGE_CODES and domain/bets.ts VALID_BET_STATUSES), and promotion.
 *
 * Promotion only raises users.grade, and only of players holding 0..9 (chat's test group -1, guests -2
 * and managers 100 are not tiers). The raise is one conditional UPDATE, so two runs over the same
 * player promote once; onGradeChanged runs in that same transaction.
 */
import {
  DEFAULT_GRADE_LEVELS,
  gradeFor,
  gradeUpLetter,
  storedLadder,
  TOP_GRADE,
  type GradeLevel,
} from '../../domain/grades.ts';
import { TxType } from '../../domain/txTypes.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { getSetting, putSetting } from '../site/settings.ts';
import { sendLetter } from '../letters/store.ts';
import { RECHARGE_CODES } from '../activity/store.ts';
import { VALID_BET_STATUSES } from '../../domain/bets.ts';

export const GRADE_LEVELS_KEY = 'grade_levels';

/**
 * The operator's ladder, or the default one while none (or a damaged one) is stored. `fresh` skips the
 * settings cache (the promotion job must not use a ladder older than an edit it sees).
 */
export async function gradeLevels(sql: Sql, opts: { fresh?: boolean } = {}): Promise<GradeLevel[]> {
  const stored = opts.fresh
    ? ((
        await sql<
          { value: { levels?: unknown } }[]
        >`select value from site_settings where key = ${GRADE_LEVELS_KEY}`
      )[0]?.value ?? {})
    : await getSetting<{ levels?: unknown }>(sql, GRADE_LEVELS_KEY, {});
  return storedLadder(stored.levels) ?? [...DEFAULT_GRADE_LEVELS];
}

/** Saves a checked ladder and asks the next job run to look at every player again. */
export async function saveGradeLevels(
  sql: Sql,
  levels: readonly GradeLevel[],
  actorId: number,
): Promise<void> {
  await putSetting(sql, GRADE_LEVELS_KEY, { levels }, actorId);
  await sql`update grade_promotion_cursor set full_pending = true, updated_at = now()`;
}

export interface Totals {
  rechargeFen: number;
  validBetFen: number;
}

/** Lifetime recharges (less 充值驳回) and valid bets of many players, in two indexed reads. */
export async function lifetimeTotals(
  sql: Db,
  userIds: readonly number[],
): Promise<Map<number, Totals>> {
  const out = new Map<number, Totals>(
    userIds.map((id) => [id, { rechargeFen: 0, validBetFen: 0 }]),
  );
  if (userIds.length === 0) return out;
  const ids = userIds.map(String);
  const recharges = await sql<{ user_id: string; total: string }[]>`
    select user_id, sum(case when type_code = ${TxType.RECHARGE_REJECT} then -amount else amount end)::bigint as total
    from transfers where user_id = any(${ids}::bigint[]) and type_code = any(${[...RECHARGE_CODES, TxType.RECHARGE_REJECT]}::int[])
    group by user_id`;
  for (const r of recharges) out.get(Number(r.user_id))!.rechargeFen = Number(r.total);
  const bets = await sql<{ user_id: string; total: string }[]>`
    select user_id, sum(amount - refund)::bigint as total from bets
    where user_id = any(${ids}::bigint[]) and status = any(${VALID_BET_STATUSES}::text[]) group by user_id`;
  for (const r of bets) out.get(Number(r.user_id))!.validBetFen = Number(r.total);
  return out;
}

/**
 * The one hook of a grade change, called in the transaction that raised users.grade from `from` to
 * `to`: it records the change and sends the player the level-up letter, so both commit with the
 * promotion (a rolled-back promotion sends nothing).
 */
export async function onGradeChanged(
  tx: Tx,
  userId: number,
  from: number,
  to: number,
): Promise<void> {
  await tx`insert into user_grade_changes (user_id, from_grade, to_grade) values (${userId}, ${from}, ${to})`;
  await sendLetter(tx, { to: { userId }, ...gradeUpLetter(from, to) });
}

/** Raises each player to the tier its lifetime totals reach, if above the held one; returns how many rose. */
export async function promote(
  sql: Sql,
  userIds: readonly number[],
  levels: readonly GradeLevel[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const held = await sql<{ id: string; grade: number }[]>`
    select id, grade from users where id = any(${userIds.map(String)}::bigint[]) and grade >= 0 and grade < ${TOP_GRADE}`;
  if (held.length === 0) return 0;
  const totals = await lifetimeTotals(
    sql,
    held.map((h) => Number(h.id)),
  );
  let raised = 0;
  for (const h of held) {
    const userId = Number(h.id);
    const target = gradeFor(totals.get(userId)!, levels);
    if (target <= h.grade) continue;
    await sql.begin(async (tx) => {
      const [row] = await tx<
        { grade: number }[]
      >`select grade from users where id = ${userId} for update`;
      if (!row || row.grade < 0 || row.grade >= target) return;
      await tx`update users set grade = ${target} where id = ${userId}`;
      await onGradeChanged(tx, userId, row.grade, target);
      raised++;
    });
  }
  return raised;
}
