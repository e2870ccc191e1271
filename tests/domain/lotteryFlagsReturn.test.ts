/**
 * Rule flags change who wins and who is refunded (§2.4, §12), so they change a tier's p. For every play
 * with flag-dependent tiers, odds quoted from tiersUnder(play, flags) (R / p) and prizes paid by
 * settlePrizeGroupTicket must return exactly R = G/2000 of the resolved stake under every variant —
 * settled against every draw that matters. With the default tiers instead, several variants over-pay
 * (e.g. 龙虎 under the refund rule returns R + 10 %), which the last test shows.
 */
import { describe, expect, it } from 'vitest';
import { getPlay, playsOf, tiersUnder } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import { oddsForReturn } from '../../src/domain/lottery/money.ts';
import { settleOddsTicket, settlePrizeGroupTicket } from '../../src/domain/lottery/settle.ts';
import {
  LOTTERY_FAMILIES,
  type Draw,
  type LotteryFamily,
  type PlayDef,
  type RuleFlags,
  type Selection,
} from '../../src/domain/lottery/types.ts';

const G = 1950;
const STAKE = 10_000;

/** Mean of 2000·(payout − refund) − G·(amount − refund) over the draws, in fen (≤ 0, ≥ −rounding). */
function meanShortfallFen(
  play: PlayDef,
  sel: Selection,
  draws: readonly Draw[],
  flags: RuleFlags,
  tiersFrom: 'flags' | 'default',
): number {
  const tiers = tiersFrom === 'flags' ? tiersUnder(play, flags) : play.tiers;
  const lines = play.countBets(sel);
  let total = 0;
  for (const d of draws) {
    if (play.model === 'odds') {
      const odds = Object.fromEntries(tiers.map((t) => [t.id, oddsForReturn(t, G / 2)]));
      const s = settleOddsTicket(play, sel, d, flags, { stakePerLineFen: STAKE, odds });
      total += 2000 * (s.payoutFen - s.refundFen) - G * (lines * STAKE - s.refundFen);
    } else {
      const s = settlePrizeGroupTicket(play, sel, d, flags, {
        group: G,
        unit: 'yuan',
        multiple: 1,
      });
      total += 2000 * s.payoutFen - G * lines * 200;
    }
  }
  return total / draws.length / 2000;
}

const digits = (n: number): Draw[] => allTuples(range(0, 9), n);
/** 11x5: the 55,440 ordered draws. */
const syx5Draws = (): Draw[] => {
  const out: number[][] = [];
  const walk = (t: number[]): void => {
    if (t.length === 5) out.push([...t]);
    else for (let v = 1; v <= 11; v++) if (!t.includes(v)) walk([...t, v]);
  };
  walk([]);
  return out;
};
/** PK10 draws for bets on the first two cars only: every ordered pair, the other cars in a fixed order. */
const pk10FirstTwo = (): Draw[] =>
  allTuples(range(1, 10), 2)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => [a!, b!, ...range(1, 10).filter((v) => v !== a && v !== b)]);
/** LHC draws for bets on the special only: every special, the regulars fixed. */
const lhcSpecials = (): Draw[] =>
  range(1, 49).map((s) => [
    ...range(1, 8)
      .filter((v) => v !== s)
      .slice(0, 6),
    s,
  ]);

interface Variant {
  readonly family: LotteryFamily;
  readonly code: string;
  readonly sel: Selection;
  readonly draws: () => Draw[];
  readonly flags: Partial<RuleFlags>;
}
const rowsWith = (n: number, at: number, values: number[]): number[][] =>
  Array.from({ length: n }, (_, i) => (i === at ? values : []));

const VARIANTS: Variant[] = [
  {
    family: 'SSC',
    code: 'LH',
    sel: { rows: rowsWith(10, 3, [0, 1, 2]) },
    draws: () => digits(5),
    flags: { sscDragonTie: 'refund' },
  },
  {
    family: 'FC3D',
    code: 'LH',
    sel: { rows: [[0, 1, 2]] },
    draws: () => digits(3),
    flags: { sscDragonTie: 'refund' },
  },
  {
    family: 'FC3D',
    code: 'XT',
    sel: { rows: [[0, 1, 2, 3, 4]] },
    draws: () => digits(3),
    flags: { wrapNineZero: false },
  },
  {
    family: 'FC3D',
    code: 'SX_TSH',
    sel: { rows: [[0, 1, 2]] },
    draws: () => digits(3),
    flags: { wrapNineZero: false },
  },
  {
    family: 'BJ28',
    code: 'XT',
    sel: { rows: [[0, 1, 2]] },
    draws: () => digits(3),
    flags: { wrapNineZero: false },
  },
  {
    family: 'BJ28',
    code: 'LM',
    sel: { rows: [range(0, 9)] },
    draws: () => digits(3),
    flags: { bj28ExtremeRange: 'B' },
  },
  {
    family: 'BJ28',
    code: 'LM',
    sel: { rows: [range(0, 9)] },
    draws: () => digits(3),
    flags: { bj28Special1314: { twoSided: 'refund', combo: 'refund' } },
  },
  {
    family: 'K3',
    code: 'HZDXDS',
    sel: { rows: [[0, 1, 2, 3]] },
    draws: () => allTuples(range(1, 6), 3),
    flags: { k3TripleKill: true },
  },
  {
    family: 'K3',
    code: 'ETHFX',
    sel: { rows: [[1, 4, 6]] },
    draws: () => allTuples(range(1, 6), 3),
    flags: { k3PairIncludesTriple: false },
  },
  {
    family: 'K3',
    code: 'DZ',
    sel: { rows: [[1, 4, 6]] },
    draws: () => allTuples(range(1, 6), 3),
    flags: { k3PairIncludesTriple: false },
  },
  {
    family: 'K3',
    code: 'SBHZ',
    sel: { rows: [range(4, 17)] },
    draws: () => allTuples(range(1, 6), 3),
    flags: { k3SumTripleKill: true },
  },
  {
    family: 'LHC',
    code: 'BB',
    sel: { rows: [range(0, 17)] },
    draws: lhcSpecials,
    flags: { lhcHalfWave49: 'lose' },
  },
  {
    family: 'SYX5',
    code: 'LM',
    sel: { rows: [range(0, 5), [0, 1, 2, 3], [], [], [], [0, 2]] },
    draws: syx5Draws,
    flags: { syx5ElevenIs: 'big' },
  },
  {
    family: 'SYX5',
    code: 'LM',
    sel: { rows: [range(0, 5), [0, 1, 2, 3], [], [], [], [0, 2]] },
    draws: syx5Draws,
    flags: { syx5ElevenIs: 'lose', syx5Sum30: 'lose' },
  },
  {
    family: 'PK10',
    code: 'LM',
    sel: { rows: rowsWith(11, 0, [0, 1, 2, 3]) },
    draws: pk10FirstTwo,
    flags: { pk10GySumElevenTie: true },
  },
  {
    family: 'LHC',
    code: 'TMLM',
    sel: { rows: [range(0, 11)] },
    draws: lhcSpecials,
    flags: { lhcPoultryBeast49Tie: false },
  },
  {
    family: 'LHC',
    code: 'TMLM',
    sel: { rows: [range(0, 11)] },
    draws: lhcSpecials,
    flags: { lhcPoultryBeast49Tie: false, lhcZodiacYear: 0 },
  },
];

describe('tiers under rule flags', () => {
  it('equal the menu tiers under the default flags, with the same ids', () => {
    for (const family of LOTTERY_FAMILIES) {
      for (const p of playsOf(family)) {
        expect(tiersUnder(p, DEFAULT_RULE_FLAGS), `${family}/${p.code}`).toEqual(p.tiers);
        for (const v of VARIANTS.filter((x) => x.family === family && x.code === p.code)) {
          expect(tiersUnder(p, { ...DEFAULT_RULE_FLAGS, ...v.flags }).map((t) => t.id)).toEqual(
            p.tiers.map((t) => t.id),
          );
        }
      }
    }
  });
  it.each(VARIANTS.map((v, i) => [`${v.family}/${v.code}`, JSON.stringify(v.flags), i] as const))(
    '%s under %s returns exactly R',
    { timeout: 30_000 },
    (_name, _flags, i) => {
      const v = VARIANTS[i]!;
      const play = getPlay(v.family, v.code)!;
      const flags = { ...DEFAULT_RULE_FLAGS, ...v.flags };
      const shortfall = meanShortfallFen(play, v.sel, v.draws(), flags, 'flags');
      expect(shortfall).toBeLessThanOrEqual(1e-9);
      expect(shortfall).toBeGreaterThanOrEqual(-(1 + play.countBets(v.sel)));
    },
  );
  it('with the default tiers instead, 龙虎 refund / 冠亚和 tie / ball 11 big / 28 combo refund over-pay', () => {
    const overpaid = VARIANTS.filter(
      (v) =>
        ['SSC/LH', 'PK10/LM', 'BJ28/LM'].includes(`${v.family}/${v.code}`) ||
        v.flags.syx5ElevenIs === 'big',
    )
      .filter((v) => v.flags.bj28ExtremeRange === undefined)
      .map((v) =>
        meanShortfallFen(
          getPlay(v.family, v.code)!,
          v.sel,
          v.draws(),
          { ...DEFAULT_RULE_FLAGS, ...v.flags },
          'default',
        ),
      );
    expect(overpaid.length).toBe(4);
    for (const fen of overpaid) expect(fen).toBeGreaterThan(100);
  });
});
