/**
 * The one store of rebate points (src/domain/agent/points.ts): an account's point on a family is its
 * prize group in user_prize_groups (GAME included), else the operator's default for that family
 * (betting/groups.ts defaultPrizeGroup). Every agent call reads and writes points only here.
 */
import {
  groupToPoint,
  pointToGroup,
  REBATE_FAMILIES,
  type RebateFamily,
  type RebatePoints,
} from '../../domain/agent/points.ts';
import type { Db } from '../db/client.ts';
import { defaultPrizeGroup } from '../betting/groups.ts';

/** The operator's defaults for accounts without their own rows (direct sign-ups). */
export async function defaultPoints(sql: Db): Promise<RebatePoints> {
  const out = {} as Record<RebateFamily, number>;
  for (const family of REBATE_FAMILIES)
    out[family] = groupToPoint(await defaultPrizeGroup(sql, family));
  return out;
}

/** Points of many accounts in one query (own rows over the defaults). */
export async function pointsOfMany(
  sql: Db,
  userIds: readonly number[],
): Promise<Map<number, RebatePoints>> {
  const base = await defaultPoints(sql);
  const out = new Map<number, Record<RebateFamily, number>>(userIds.map((id) => [id, { ...base }]));
  if (userIds.length === 0) return out;
  const rows = await sql<{ user_id: string; family: string; prize_group: number }[]>`
    select user_id, family, prize_group from user_prize_groups
    where user_id = any(${sql.array(userIds.map(String))}::bigint[])`;
  for (const r of rows) {
    const points = out.get(Number(r.user_id));
    if (points && (REBATE_FAMILIES as readonly string[]).includes(r.family)) {
      points[r.family as RebateFamily] = groupToPoint(r.prize_group);
    }
  }
  return out;
}

export async function pointsOf(sql: Db, userId: number): Promise<RebatePoints> {
  return (await pointsOfMany(sql, [userId])).get(userId)!;
}

/**
 * The highest point per family among the account's direct members (whose own points bound everyone
 * below them): an agent may not lower the account under these. Families where it has no members are absent.
 */
export async function childrenMaxPoints(sql: Db, userId: number): Promise<Partial<RebatePoints>> {
  const kids = await sql<{ id: string }[]>`select id from users where parent_id = ${userId}`;
  const out: Partial<Record<RebateFamily, number>> = {};
  for (const points of (
    await pointsOfMany(
      sql,
      kids.map((k) => Number(k.id)),
    )
  ).values()) {
    for (const family of REBATE_FAMILIES) out[family] = Math.max(out[family] ?? 0, points[family]);
  }
  return out;
}

/** Writes all of an account's points (inside the caller's transaction, after its checks). */
export async function setPoints(tx: Db, userId: number, points: RebatePoints): Promise<void> {
  const families = REBATE_FAMILIES.map(String);
  const groups = REBATE_FAMILIES.map((f) => pointToGroup(points[f]));
  await tx`
    insert into user_prize_groups (user_id, family, prize_group)
    select ${userId}, f, g from unnest(${families}::text[], ${groups}::integer[]) as x(f, g)
    on conflict (user_id, family) do update set prize_group = excluded.prize_group`;
  await tx`update users set rebate_updated_at = now() where id = ${userId}`;
}
