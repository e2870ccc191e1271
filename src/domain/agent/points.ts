/**
 * Rebate points of agents and their downline (spec 000 agents; ../shared/platform-api.md: an invite
 * code carries one point per lottery family and one for card games, `GAME`).
 *
 * A point is the percent of stake an account may take back as rebate on a family, with at most one
 * decimal (`7.5`). Inside, an account's point on a lottery family IS its prize group
 * (docs/lottery-design.md "Money and groups"): group = 1800 + 20 × point, so 7.5 ↔ 1950 and the
 * rebate difference paid to uplines at settlement follows the points with no second store. The card
 * games' point is kept the same way under the family key `GAME`.
 *
 * The one rule of the tree: a child's point on a family never exceeds its parent's (codes, direct
 * opening, edits, the operator moving a member), and an agent never lowers a member below what that
 * member already gave its own downline.
 */
import { LOTTERY_FAMILIES, type LotteryFamily } from '../lottery/types.ts';
import { MIN_PRIZE_GROUP } from '../lottery/pricing.ts';

export const GAME_FAMILY = 'GAME';
export type RebateFamily = LotteryFamily | typeof GAME_FAMILY;
/** The keys of an invite code's `rebate` map, in the order screens show them. */
export const REBATE_FAMILIES: readonly RebateFamily[] = [...LOTTERY_FAMILIES, GAME_FAMILY];

/** Prize-group points per rebate point (1 point = 1% of stake = 20 groups). */
const GROUPS_PER_POINT = 20;
/** The highest point any account can hold: the fair group 2000 = 10%. */
export const MAX_REBATE_POINT = 10;

export type RebatePoints = Readonly<Record<RebateFamily, number>>;

export function pointToGroup(point: number): number {
  return MIN_PRIZE_GROUP + Math.round(point * GROUPS_PER_POINT);
}

/** The point of a prize group, floored to one decimal (groups below 1800 give 0). */
export function groupToPoint(group: number): number {
  return Math.max(0, Math.floor((group - MIN_PRIZE_GROUP) / 2)) / 10;
}

export const POINT_MSG = {
  badMap: '返点格式错误',
  badPoint: (family: string) =>
    `${family} 返点格式错误，须为 0 到 ${MAX_REBATE_POINT} 之间、最多一位小数`,
  missing: (family: string) => `缺少 ${family} 的返点`,
  unknown: (family: string) => `不支持的彩种类型 ${family}`,
  aboveParent: (family: string, max: number) => `${family} 返点不能高于上级的 ${max}`,
  belowChildren: (family: string, min: number) => `${family} 返点不能低于其下级已使用的 ${min}`,
} as const;

/** One point from the wire ("7.5", 7.5): 0–10 with at most one decimal, or null. */
export function parsePoint(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,2}(\.\d)?$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_REBATE_POINT ? n : null;
}

/**
 * The `rebate` field of createInviteCode and the downline calls: a JSON object with exactly one point
 * per family of REBATE_FAMILIES. Returns the points or the Chinese message of the first problem.
 */
export function parsePointsMap(json: string): { points: RebatePoints } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: POINT_MSG.badMap };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: POINT_MSG.badMap };
  const map = value as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (!(REBATE_FAMILIES as readonly string[]).includes(key))
      return { error: POINT_MSG.unknown(key.slice(0, 20)) };
  }
  const points: Partial<Record<RebateFamily, number>> = {};
  for (const family of REBATE_FAMILIES) {
    if (!(family in map)) return { error: POINT_MSG.missing(family) };
    const point = parsePoint(map[family]);
    if (point === null) return { error: POINT_MSG.badPoint(family) };
    points[family] = point;
  }
  return { points: points as RebatePoints };
}

/** The first family where `child` exceeds `parent`, as its refusal message; null when all are within. */
export function pointsAboveParent(child: RebatePoints, parent: RebatePoints): string | null {
  for (const family of REBATE_FAMILIES) {
    if (child[family] > parent[family]) return POINT_MSG.aboveParent(family, parent[family]);
  }
  return null;
}

/** The first family where `points` falls below the highest point the account's children hold. */
export function pointsBelowChildren(
  points: RebatePoints,
  childrenMax: Partial<RebatePoints>,
): string | null {
  for (const family of REBATE_FAMILIES) {
    const min = childrenMax[family];
    if (min !== undefined && points[family] < min) return POINT_MSG.belowChildren(family, min);
  }
  return null;
}

/** The wire form of points: `{ "SSC": "7.5", ... }` as the platform's createInviteCode sends. */
export function pointsToWire(points: RebatePoints): Record<RebateFamily, string> {
  const out = {} as Record<RebateFamily, string>;
  for (const family of REBATE_FAMILIES) out[family] = String(points[family]);
  return out;
}

/**
 * What a new member's form starts from: the operator's default point on each family, never above
 * mine. Starting from my own maximum would leave me no margin unless I noticed (the testers did).
 */
export function suggestedPoints(mine: RebatePoints, defaults: RebatePoints): RebatePoints {
  const out = {} as Record<RebateFamily, number>;
  for (const family of REBATE_FAMILIES) out[family] = Math.min(mine[family], defaults[family]);
  return out;
}

/** My margin on a family: my point minus the member's, to one decimal (what my rebate keeps). */
export function pointMargin(mine: number, member: number): number {
  return Math.round((mine - member) * 10) / 10;
}
