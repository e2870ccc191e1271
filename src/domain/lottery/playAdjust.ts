/** Changes to built plays and tiers that a family catalogue makes after building them. */
import type { PlayDef, RuleFlags, TierDef } from './types.ts';

/** The same plays with a per-play rebate cap (§2.2 maxRebate, e.g. S9: 不定位 7.0 % against 8.0 %). */
export function withRebateCap(
  plays: readonly PlayDef[],
  permille: number,
  applies: (p: PlayDef) => boolean,
): PlayDef[] {
  return plays.map((p) => (applies(p) ? { ...p, maxRebatePermille: permille } : p));
}

/** The play with flag-dependent tiers (PlayDef.tiersFor). */
export function withTiersFor(
  play: PlayDef,
  tiersFor: (flags: RuleFlags) => readonly TierDef[],
): PlayDef {
  return { ...play, tiersFor };
}

/** Tiers with some probabilities replaced (id → [pNum, pDen]); ids and order stay. */
export function reprice(
  tiers: readonly TierDef[],
  p: Readonly<Record<string, readonly [number, number]>>,
): TierDef[] {
  return tiers.map((t) => (p[t.id] ? { ...t, pNum: p[t.id]![0], pDen: p[t.id]![1] } : t));
}
