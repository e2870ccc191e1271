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
    for (const missed of combinations(sizes, r))
      num += (r % 2 ? -1 : 1) * choose(49 - missed.reduce((a, b) => a + b, 0), 7);
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

/** P(none of the given disjoint number sets has a number among the 7) = C(49 − Σ sizes, 7) / C(49, 7): [num, den]. */
export function noSetAppears(sizes: readonly number[]): [number, number] {
  return [choose(49 - sizes.reduce((a, b) => a + b, 0), 7), LHC_DRAWS_7];
}

/** Ordered draws as 七色波 sees them: 6 regulars (a set) and the special, 49·C(48,6) = 601,304,088. */
export const LHC_DRAWS_6_1 = 49 * choose(48, 6);

/**
 * 七色波 outcome of colour counts: the six regulars count 1 each, the special 1.5; the colour with the
 * largest weight wins, and two colours level at the top (only 3 + 3 regulars with the special in the
 * third colour) is 和局. `regular` = regulars per colour (红 蓝 绿), `special` = the special's colour.
 */
export function sevenWaveWinner(regular: readonly number[], special: number): number | 'tie' {
  const weight = regular.map((n, c) => 2 * n + (c === special ? 3 : 0)); // doubled: integers
  const top = Math.max(...weight);
  const leaders = weight.flatMap((w, c) => (w === top ? [c] : []));
  return leaders.length === 1 ? leaders[0]! : 'tie';
}

/**
 * Draws per 七色波 outcome, by the colour composition of the regulars and the special's colour
 * (colour sizes 17 红 / 16 蓝 / 16 绿): wins per colour and ties, out of LHC_DRAWS_6_1.
 */
export function sevenWaveWays(colourSizes: readonly number[]): { wins: number[]; tie: number } {
  const wins = [0, 0, 0];
  let tie = 0;
  for (let s = 0; s < 3; s++) {
    const left = colourSizes.map((n, c) => (c === s ? n - 1 : n));
    for (let r = 0; r <= 6; r++) {
      for (let b = 0; r + b <= 6; b++) {
        const g = 6 - r - b;
        const ways =
          colourSizes[s]! * choose(left[0]!, r) * choose(left[1]!, b) * choose(left[2]!, g);
        const w = sevenWaveWinner([r, b, g], s);
        if (w === 'tie') tie += ways;
        else wins[w]! += ways;
      }
    }
  }
  return { wins, tie };
}
