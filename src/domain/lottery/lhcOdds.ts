/**
 * Exact LHC probabilities over the C(49,7) = 85,900,584 unordered draws (all counts are safe integers),
 * replacing the 5–6 digit values quoted in §10.3 so that default odds R / p are exact.
 */
import { choose, combinations } from './math.ts';
import { LHC_NUMBERS } from './lhcAttrs.ts';

/** All seven numbers drawn from 49 (order is irrelevant to these plays). */
export const LHC_DRAWS_7 = choose(49, 7);

/** P(every one of the given disjoint number sets has a number among the 7), by inclusion–exclusion: [num, den]. */
export function allSetsAppear(sizes: readonly number[]): [number, number] {
  let num = 0;
  for (let r = 0; r <= sizes.length; r++) {
    for (const missed of combinations(sizes, r)) num += (r % 2 ? -1 : 1) * choose(49 - missed.reduce((a, b) => a + b, 0), 7);
  }
  return [num, LHC_DRAWS_7];
}

/**
 * Number of 7-number draws per total (index = sum of the seven numbers, 28–322). Tabulated on first
 * use, not when the module loads: the betting page loads this module for every family.
 */
let sumCounts: readonly number[] | undefined;
export function lhcSumCounts(): readonly number[] {
  if (sumCounts) return sumCounts;
  // ways[j][s]: j numbers chosen so far with sum s; j runs downwards so each number is taken at most once.
  const ways = Array.from({ length: 8 }, () => new Array<number>(323).fill(0));
  ways[0]![0] = 1;
  for (const n of LHC_NUMBERS) {
    for (let j = 6; j >= 0; j--) {
      const from = ways[j]!;
      const to = ways[j + 1]!;
      for (let s = 0; s + n <= 322; s++) if (from[s]) to[s + n]! += from[s]!;
    }
  }
  sumCounts = ways[7]!;
  return sumCounts;
}

/** Draws whose total satisfies pred: [num, den]. */
export function sumWays(pred: (sum: number) => boolean): [number, number] {
  return [lhcSumCounts().reduce((n, c, s) => (pred(s) ? n + c : n), 0), LHC_DRAWS_7];
}
