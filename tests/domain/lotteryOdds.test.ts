/**
 * Tier probabilities: for every play with a one-line selection, the observed win frequency of each tier
 * over seeded random draws (refunded draws excluded) matches the tier's p within 5 standard deviations.
 * Small draw spaces (K3: 216, 3D and 28: 1000) are checked exactly by full enumeration instead.
 * (28 特码包三's tier is the sum that came, so its frequency is that sum's exact p as well.)
 */
import { describe, expect, it } from 'vitest';
import { playsOf } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import type { Draw, LotteryFamily, PlayDef, Selection } from '../../src/domain/lottery/types.ts';
import { byteSource, randomDraw, randomSelection, seededRandom } from './lotteryHarness.ts';

function singleLine(play: PlayDef, seed: number): Selection | null {
  const rnd = seededRandom(seed);
  for (let i = 0; i < 300; i++) {
    const sel = randomSelection(play, rnd, 0);
    if (play.countBets(sel) === 1) return sel;
  }
  return null;
}

function tally(
  play: PlayDef,
  sel: Selection,
  draws: Iterable<Draw>,
): { wins: Record<string, number>; resolved: number } {
  const wins: Record<string, number> = {};
  let resolved = 0;
  for (const d of draws) {
    const w = play.checkWin(sel, d, DEFAULT_RULE_FLAGS);
    if (w.refunds) continue;
    resolved++;
    for (const [t, n] of Object.entries(w.wins)) wins[t] = (wins[t] ?? 0) + n;
  }
  return { wins, resolved };
}

const EXACT_SPACES: Partial<Record<LotteryFamily, Draw[]>> = {
  K3: allTuples(range(1, 6), 3),
  FC3D: allTuples(range(0, 9), 3),
  BJ28: allTuples(range(0, 9), 3),
};

describe.each(['SSC', 'K3', 'SYX5', 'PK10', 'FC3D', 'PL35', 'BJ28', 'KL8', 'LHC'] as const)(
  '%s tier probabilities',
  (family) => {
    const plays = playsOf(family);
    it('match observed frequencies', () => {
      let checked = 0;
      plays.forEach((play, i) => {
        const sel = singleLine(play, 900 + i);
        if (play.parlay) return; // a parlay's legs are not separate lines (covered by lotteryReturn.test.ts)
        if (!sel) return; // no one-line selection exists (跨度, 包胆 …): covered by the count tables instead
        checked++;
        const exact = EXACT_SPACES[family];
        const next = byteSource(77 + i);
        const draws = exact ?? Array.from({ length: 4000 }, () => randomDraw(family, next));
        const { wins, resolved } = tally(play, sel, draws);
        for (const [tierId, n] of Object.entries(wins)) {
          const t = play.tiers.find((x) => x.id === tierId)!;
          const p = t.pNum / t.pDen;
          const label = `${play.code} ${JSON.stringify(sel.rows)} tier ${tierId}`;
          if (exact) expect(n * t.pDen, label).toBe(resolved * t.pNum);
          else
            expect(Math.abs(n / resolved - p), label).toBeLessThan(
              5 * Math.sqrt((p * (1 - p)) / resolved) + 1e-3,
            );
        }
      });
      expect(checked).toBeGreaterThan(plays.length / 2);
    });
  },
);
