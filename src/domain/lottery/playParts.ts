/**
 * The pieces every play builder shares: a play's head, its tiers and rows, a single win, a table built
 * on first use, and the small list tests the builders' closed forms are written with.
 */
import type { Draw, LotteryFamily, RowSpec, TierDef, WinCounts } from './types.ts';

export interface PlayHead {
  readonly family: LotteryFamily;
  readonly code: string;
  readonly nameZh: string;
  readonly group: string;
  readonly maxRebatePermille?: number;
}

/** Only the head fields go into a PlayDef (builder options such as `window` stay private). */
export function head(h: PlayHead): PlayHead {
  const out: PlayHead = { family: h.family, code: h.code, nameZh: h.nameZh, group: h.group };
  return h.maxRebatePermille === undefined
    ? out
    : { ...out, maxRebatePermille: h.maxRebatePermille };
}

export const WIN = 'win';
export function tier(id: string, nameZh: string, pNum: number, pDen: number): TierDef {
  return { id, nameZh, pNum, pDen };
}
export function row(
  nameZh: string,
  values: readonly number[],
  min = 1,
  max = values.length,
  labels?: readonly string[],
): RowSpec {
  return labels ? { nameZh, values, labels, min, max } : { nameZh, values, min, max };
}

export const NO_WIN: WinCounts = { wins: {}, refunds: 0 };
export function one(tierId: string): WinCounts {
  return { wins: { [tierId]: 1 }, refunds: 0 };
}
export const pick = (draw: Draw, window: readonly number[]): number[] =>
  window.map((i) => draw[i]!);
export const has = (xs: readonly number[], v: number): boolean => xs.includes(v);
export const sortedAsc = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
/**
 * A table computed on first call, then kept. Weight tables are built when a play is first counted, not
 * when the catalogue is built: the betting page builds a family's whole catalogue to show one play.
 */
export function once<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => {
    value ??= { v: build() };
    return value.v;
  };
}
export const strictlyAscending = (xs: readonly number[]): boolean =>
  xs.every((v, i) => i === 0 || xs[i - 1]! < v);
export const nonDecreasing = (xs: readonly number[]): boolean =>
  xs.every((v, i) => i === 0 || xs[i - 1]! <= v);
