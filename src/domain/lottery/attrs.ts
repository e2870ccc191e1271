/** Number attributes shared by several families (shapes of 3 digits, 质合, digit sums). */
import { counts } from './math.ts';

/** 3-digit shapes (§3.2/§3.4), priority 豹子 > 顺子 > 对子 > 半顺 > 杂六. */
export const SHAPES = ['豹子', '顺子', '对子', '半顺', '杂六'] as const;
export const SHAPE_IDS = ['triple', 'straight', 'pair', 'halfStraight', 'mixed'] as const;
export type ShapeIndex = 0 | 1 | 2 | 3 | 4;

const adjacent = (a: number, b: number, wrap: boolean): boolean =>
  Math.abs(a - b) === 1 || (wrap && Math.abs(a - b) === 9);

/** Shape index of three digits 0–9; `wrap` makes 9-0 adjacent (890, 901 straights). */
export function shape3(t: readonly number[], wrap: boolean): ShapeIndex {
  const c = counts(t);
  if (c.size === 1) return 0;
  if (c.size === 2) return 2;
  const [a, b, d] = [...t].sort((x, y) => x - y) as [number, number, number];
  const straight =
    (b === a + 1 && d === b + 1) ||
    (wrap && ((a === 0 && b === 8 && d === 9) || (a === 0 && b === 1 && d === 9)));
  if (straight) return 1;
  return adjacent(a, b, wrap) || adjacent(b, d, wrap) || adjacent(a, d, wrap) ? 3 : 4;
}

/** Shape-tier probabilities per 1000 (with / without the 9-0 wrap). */
export function shapeWays(wrap: boolean): readonly number[] {
  return wrap ? [10, 60, 270, 360, 300] : [10, 48, 270, 336, 336];
}

export const PRIMES_0_9: ReadonlySet<number> = new Set([1, 2, 3, 5, 7]);
export const isOdd = (v: number): boolean => v % 2 === 1;
export const digitSum = (v: number): number => Math.floor(v / 10) + (v % 10);

/** 大小单双 codes used by position-attribute rows. */
export const BSOE_LABELS = ['大', '小', '单', '双'] as const;
export const BSOE_IDS = ['big', 'small', 'odd', 'even'] as const;
/** Does attribute code (0 大, 1 小, 2 单, 3 双) hold for a value, given the big threshold? */
export function bsoeHolds(code: number, v: number, bigFrom: number): boolean {
  if (code === 0) return v >= bigFrom;
  if (code === 1) return v < bigFrom;
  return code === 2 ? isOdd(v) : !isOdd(v);
}
