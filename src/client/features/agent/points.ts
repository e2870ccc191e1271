/**
 * The points form's logic (invite codes, opening a downline account, editing a direct member): one
 * text input per family of REBATE_FAMILIES, each read with the domain's parsePoint and held to the
 * domain's rules of the tree (pointsAboveParent: never above my own point; pointsBelowChildren:
 * never below what the member already gave its own downline), worded with POINT_MSG. The server
 * checks the same rules again; this only says it before the request.
 */
import {
  parsePoint,
  parsePointsMap,
  POINT_MSG,
  pointMargin,
  pointsAboveParent,
  pointsBelowChildren,
  REBATE_FAMILIES,
  type RebateFamily,
  type RebatePoints,
} from '../../../domain/agent/points';
import { FAMILY_NAMES } from '../lottery/families';

/** How screens name each family of an invite code: the lottery families, then card games. */
export const REBATE_FAMILY_NAMES: Readonly<Record<RebateFamily, string>> = {
  ...FAMILY_NAMES,
  GAME: '棋牌',
};

export type PointInputs = Record<RebateFamily, string>;
export type PointErrors = Partial<Record<RebateFamily, string>>;

/** The range each input may take: at most `max` (my points), at least `min` (the member's downline). */
export interface PointBounds {
  max: RebatePoints;
  min?: Partial<RebatePoints>;
}

/** Points from the wire map (`{"SSC":"7.5",...}`); null when the map is not a full, valid one. */
export function pointsFromWire(
  wire: Readonly<Record<string, string>> | null | undefined,
): RebatePoints | null {
  if (!wire) return null;
  const r = parsePointsMap(JSON.stringify(wire));
  return 'points' in r ? r.points : null;
}

/** The lower bounds from a partial wire map (minRebate: families without downline are absent). */
export function minFromWire(
  wire: Readonly<Partial<Record<string, string>>> | null | undefined,
): Partial<RebatePoints> {
  const out: Partial<Record<RebateFamily, number>> = {};
  for (const family of REBATE_FAMILIES) {
    const p = parsePoint(wire?.[family]);
    if (p !== null) out[family] = p;
  }
  return out;
}

export function inputsOf(points: RebatePoints): PointInputs {
  const out = {} as PointInputs;
  for (const family of REBATE_FAMILIES) out[family] = String(points[family]);
  return out;
}

/** `0 - 7.5`: the range shown under an input. */
export function rangeText(family: RebateFamily, bounds: PointBounds): string {
  return `可设 ${bounds.min?.[family] ?? 0} - ${bounds.max[family]}`;
}

/**
 * `返点差 2.5`: what my rebate keeps on a family at the typed point (nothing while the text is not a
 * point). Shown beside each input, so a form never gives away my whole margin unnoticed.
 */
export function marginText(family: RebateFamily, text: string, bounds: PointBounds): string {
  const point = parsePoint(text);
  return point === null ? '' : `返点差 ${pointMargin(bounds.max[family], point)}`;
}

/** One family's problem, or null. The rules are the domain's, asked about this family alone. */
export function checkPointInput(
  family: RebateFamily,
  text: string,
  bounds: PointBounds,
): string | null {
  const name = REBATE_FAMILY_NAMES[family];
  const point = parsePoint(text);
  if (point === null) return POINT_MSG.badPoint(name);
  // Points equal to the bound everywhere but this family: the tree rules then speak of it alone.
  if (pointsAboveParent({ ...bounds.max, [family]: point }, bounds.max))
    return POINT_MSG.aboveParent(name, bounds.max[family]);
  const min = bounds.min?.[family];
  if (
    min !== undefined &&
    pointsBelowChildren({ ...bounds.max, [family]: point }, { [family]: min })
  ) {
    return POINT_MSG.belowChildren(name, min);
  }
  return null;
}

/** All inputs: the points when every family passes, else the message of each failing family. */
export function checkPointInputs(
  inputs: PointInputs,
  bounds: PointBounds,
): { points: RebatePoints } | { errors: PointErrors } {
  const errors: PointErrors = {};
  const points = {} as Record<RebateFamily, number>;
  for (const family of REBATE_FAMILIES) {
    const msg = checkPointInput(family, inputs[family] ?? '', bounds);
    if (msg) errors[family] = msg;
    else points[family] = parsePoint(inputs[family])!;
  }
  return Object.keys(errors).length ? { errors } : { points };
}

/** Short text of a points map for lists: `快三 7.5 · 时时彩 7.5 · …`. */
export function pointsSummary(
  wire: Readonly<Record<string, string>>,
): { family: RebateFamily; name: string; point: string }[] {
  return REBATE_FAMILIES.map((family) => ({
    family,
    name: REBATE_FAMILY_NAMES[family],
    point: wire[family] ?? '-',
  }));
}
