/** Default rule variants (§12); operators override per lottery. */
import type { RuleFlags } from './types.ts';
import { fiveElementsOfYear } from './lhcAttrs.ts';

export const DEFAULT_RULE_FLAGS: RuleFlags = {
  sscDragonTie: 'lose',
  wrapNineZero: true,
  k3TripleKill: false,
  k3PairIncludesTriple: true,
  k3SumTripleKill: false,
  syx5ElevenIs: 'tie',
  syx5Sum30: 'tie',
  pk10GySumElevenTie: false,
  kl8Sum810: 'tie',
  bj28ExtremeRange: 'A',
  bj28Special1314: { twoSided: 'normal', combo: 'normal' },
  bj28DigitIndexSets: [
    [0, 1, 2, 3, 4, 5],
    [6, 7, 8, 9, 10, 11],
    [12, 13, 14, 15, 16, 17],
  ],
  lhcPoultryBeast49Tie: true,
  lhcHalfWave49: 'tie',
  lhcParlayTwoLeg49: 'tie',
  lhcZodiacYear: 6, // 马 (2026 is a 马 year from Chinese New Year); set per draw date.
  lhcFiveElements: fiveElementsOfYear(2026), // with lhcZodiacYear: set per draw date.
};

/**
 * The flags that settle (and price) a line staked `stakePerLineFen`: the 28 13/14 大小单双 refund applies only
 * above its stake threshold, so smaller lines settle — and are quoted — under the normal rule.
 */
export function flagsForStake(flags: RuleFlags, stakePerLineFen: number): RuleFlags {
  const s = flags.bj28Special1314;
  if (
    s.twoSidedRefundAboveFen === undefined ||
    s.twoSided !== 'refund' ||
    stakePerLineFen > s.twoSidedRefundAboveFen
  )
    return flags;
  return { ...flags, bj28Special1314: { twoSided: 'normal', combo: s.combo } };
}
