/**
 * Prize groups per family (docs/lottery-design.md "Money and groups"): an account's own row in
 * user_prize_groups, else the site setting 'lottery_default_group', never above the lottery's cap.
 * The setting is read through a short cache; its value is `{ "group": 1950 }` (a bare number is
 * accepted too), optionally with the operator's per-family defaults for direct sign-ups
 * `{ "group": 1950, "families": { "SSC": 1940, "GAME": 1900, ... } }` (docs/agents.md).
 */
import type { Db } from '../db/client.ts';
import type { LotteryFamily } from '../../domain/lottery/types.ts';

export const DEFAULT_GROUP_KEY = 'lottery_default_group';
export const DEFAULT_PRIZE_GROUP = 1950;
const CACHE_MS = 2000;

type Defaults = { group: number; families: Record<string, number> };
let cached: { at: number; value: Defaults } | null = null;

function validGroup(raw: unknown): number | null {
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1000 && n <= 2000 ? n : null;
}

function defaultsFromSetting(value: unknown): Defaults {
  const obj =
    typeof value === 'object' && value !== null
      ? (value as { group?: unknown; families?: unknown })
      : null;
  const group = validGroup(obj ? obj.group : value) ?? DEFAULT_PRIZE_GROUP;
  const families: Record<string, number> = {};
  if (obj && typeof obj.families === 'object' && obj.families !== null) {
    for (const [family, raw] of Object.entries(obj.families)) {
      const g = validGroup(raw);
      if (g !== null) families[family] = g;
    }
  }
  return { group, families };
}

async function defaults(sql: Db): Promise<Defaults> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const [row] = await sql<
    { value: unknown }[]
  >`select value from site_settings where key = ${DEFAULT_GROUP_KEY}`;
  const value = row ? defaultsFromSetting(row.value) : { group: DEFAULT_PRIZE_GROUP, families: {} };
  cached = { at: Date.now(), value };
  return value;
}

/**
 * The group given to accounts without their own row on `family` (a lottery family or 'GAME'): the
 * operator's default for that family, else the site's one default.
 */
export async function defaultPrizeGroup(sql: Db, family?: string): Promise<number> {
  const d = await defaults(sql);
  return (family !== undefined ? d.families[family] : undefined) ?? d.group;
}

export function clearDefaultGroupCache(): void {
  cached = null;
}

/** The bettor's prize group on this family, capped by the lottery's cap. */
export async function prizeGroupOf(
  sql: Db,
  userId: number,
  family: LotteryFamily,
  cap: number,
): Promise<number> {
  const [row] = await sql<{ prize_group: number }[]>`
    select prize_group from user_prize_groups where user_id = ${userId} and family = ${family}`;
  const own = row ? row.prize_group : await defaultPrizeGroup(sql, family);
  return Math.min(own, cap);
}

/**
 * The upline chains of many bettors in one query: per bettor, the bettor then each upline
 * (users.parent_id, top last), each group its own (or the default) capped by the lottery's cap, and a
 * child's group clamped to at most its parent's.
 */
export async function chainsGroups(
  sql: Db,
  userIds: readonly number[],
  family: LotteryFamily,
  cap: number,
): Promise<Map<number, { userId: number; group: number }[]>> {
  const out = new Map<number, { userId: number; group: number }[]>();
  if (userIds.length === 0) return out;
  const rows = await sql<{ root: number; id: number; prize_group: number | null }[]>`
    with recursive chain (root, id, parent_id, depth) as (
      select id, id, parent_id, 0 from users where id = any(${sql.array(userIds.map(String))}::bigint[])
      union all
      select c.root, u.id, u.parent_id, c.depth + 1 from users u join chain c on u.id = c.parent_id where c.depth < 64
    )
    select c.root, c.id, g.prize_group
    from chain c left join user_prize_groups g on g.user_id = c.id and g.family = ${family}
    order by c.root, c.depth`;
  const fallback = rows.some((r) => r.prize_group === null)
    ? await defaultPrizeGroup(sql, family)
    : DEFAULT_PRIZE_GROUP;
  const byRoot = new Map<number, { id: number; prize_group: number | null }[]>();
  for (const r of rows) {
    const root = Number(r.root);
    byRoot.set(root, [...(byRoot.get(root) ?? []), r]);
  }
  for (const [root, list] of byRoot) {
    const groups = list.map((r) => Math.min(r.prize_group ?? fallback, cap));
    // clamp from the top down: each child at most its parent
    for (let i = groups.length - 2; i >= 0; i--) groups[i] = Math.min(groups[i]!, groups[i + 1]!);
    out.set(
      root,
      list.map((r, i) => ({ userId: Number(r.id), group: groups[i]! })),
    );
  }
  return out;
}

/** One bettor's chain (see chainsGroups); empty for an unknown user. */
export async function chainGroups(
  sql: Db,
  userId: number,
  family: LotteryFamily,
  cap: number,
): Promise<{ userId: number; group: number }[]> {
  return (await chainsGroups(sql, [userId], family, cap)).get(userId) ?? [];
}

/**
 * Own-or-default groups of many (user, family) pairs in one query, before any cap: key
 * `${userId}:${family}`. The caller caps each by its lottery (Math.min with prizeGroupCap).
 */
export async function prizeGroupsOf(
  sql: Db,
  pairs: readonly { userId: number; family: LotteryFamily }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const p of pairs) out.set(`${p.userId}:${p.family}`, await defaultPrizeGroup(sql, p.family));
  if (out.size === 0) return out;
  const keys = [...out.keys()].map((k) => k.split(':') as [string, string]);
  const rows = await sql<{ user_id: number; family: string; prize_group: number }[]>`
    select g.user_id, g.family, g.prize_group from user_prize_groups g
    join unnest(${keys.map((k) => k[0])}::bigint[], ${keys.map((k) => k[1])}::text[]) as k(user_id, family)
      on g.user_id = k.user_id and g.family = k.family`;
  for (const r of rows) out.set(`${r.user_id}:${r.family}`, r.prize_group);
  return out;
}
