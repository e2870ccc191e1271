/**
 * Default odds by play class (returns.ts, docs/lottery-design.md "Default odds by play class"):
 * 1. every odds play of every family has a class, and the table names no tier or play that does not exist;
 * 2. the return each tier's actual default odds give (odds × p / share, on resolved stake) matches its
 *    documented class within 0.5 % and never exceeds it, under the default and the other rule flags;
 * 3. one-line tickets settled over every draw of K3, 3D and 28 return P(tie) + P(resolved) × the class
 *    return (ties counted as stake back) within 0.5 %;
 * 4. the rarer tier pays the lower return; taking rebate scales the odds by G_bet / G_cap; the site keeps a
 *    margin after the largest rebate for every class and every cap group.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playsOf, tiersUnder } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import { ODDS_SCALE } from '../../src/domain/lottery/money.ts';
import {
  MIN_PRIZE_GROUP,
  maxRebatePermille,
  playOdds,
  quoteBet,
  settleTicket,
} from '../../src/domain/lottery/pricing.ts';
import {
  CLASS_RETURN_BP,
  PLAY_CLASSES,
  baseCode,
  classRuleOf,
  paidOutShare,
  tierClass,
  tierReturnBp,
} from '../../src/domain/lottery/returns.ts';
import {
  LOTTERY_FAMILIES,
  type Draw,
  type PlayDef,
  type RuleFlags,
  type TierDef,
} from '../../src/domain/lottery/types.ts';
import { randomSelection, seededRandom } from './lotteryHarness.ts';

const CAP = 1960;
const TOLERANCE = 0.005;

/** Every tie-refund and flag variant away from the defaults. */
const OTHER_FLAGS: RuleFlags = {
  ...DEFAULT_RULE_FLAGS,
  sscDragonTie: 'refund',
  wrapNineZero: false,
  k3TripleKill: true,
  k3PairIncludesTriple: false,
  k3SumTripleKill: true,
  syx5ElevenIs: 'lose',
  syx5Sum30: 'lose',
  pk10GySumElevenTie: true,
  kl8Sum810: 'lose',
  bj28ExtremeRange: 'B',
  bj28Special1314: { twoSided: 'refund', combo: 'refund' },
  lhcPoultryBeast49Tie: false,
  lhcHalfWave49: 'lose',
};

const oddsPlays = (): PlayDef[] =>
  LOTTERY_FAMILIES.flatMap((f) => playsOf(f).filter((p) => p.model === 'odds'));

/** The return a tier's odds give on resolved stake, as a share of it: odds · p / share. */
function tierReturn(t: TierDef, odds: number): number {
  const [sNum, sDen] = t.share ?? [1, 1];
  return ((odds / ODDS_SCALE) * (t.pNum / t.pDen) * sDen) / sNum;
}

describe('every odds play has a class', () => {
  it('each odds play of the nine families maps to a class (a new play without one fails here)', () => {
    const missing = oddsPlays()
      .filter((p) => classRuleOf(p) === undefined)
      .map((p) => `${p.family} ${p.code} ${p.nameZh}`);
    expect(missing).toEqual([]);
    expect(oddsPlays().length).toBeGreaterThan(90);
  });

  it('finds a play with no class and refuses to price it', () => {
    const tm = playsOf('LHC').find((p) => p.code === 'TM')!;
    const stranger: PlayDef = { ...tm, code: 'NOT_A_PLAY' };
    expect(classRuleOf(stranger)).toBeUndefined();
    expect(() => playOdds(stranger, CAP, undefined, CAP)).toThrow(/no play class/);
  });

  it('names only odds plays and tiers that exist', () => {
    const stale: string[] = [];
    for (const family of LOTTERY_FAMILIES) {
      const plays = playsOf(family).filter((p) => p.model === 'odds');
      for (const [code, rule] of Object.entries(PLAY_CLASSES[family])) {
        const play = plays.find((p) => p.code === code);
        if (!play) {
          stale.push(`${family} ${code}`);
          continue;
        }
        if (typeof rule === 'string') continue;
        for (const tierId of Object.keys(rule.tiers))
          if (!play.tiers.some((t) => t.id === tierId))
            stale.push(`${family} ${code} tier ${tierId}`);
      }
      // the 胆拖 / 对碰 forms price as the play they enter, whose tiers they share
      for (const p of plays.filter((x) => baseCode(x) !== x.code)) {
        const base = plays.find((x) => x.code === baseCode(p));
        expect(
          base?.tiers.map((t) => t.id),
          `${family} ${p.code}`,
        ).toEqual(p.tiers.map((t) => t.id));
      }
    }
    expect(stale).toEqual([]);
  });

  it('documents every class with its return in docs/lottery-design.md', () => {
    const doc = readFileSync(new URL('../../docs/lottery-design.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Default odds by play class'));
    const documented = Object.fromEntries(
      [...section.matchAll(/^\| `(\w+)` [^|]*\| ([\d.]+) % \|/gm)].map((m) => [
        m[1],
        Math.round(Number(m[2]) * 100),
      ]),
    );
    expect(documented).toEqual(CLASS_RETURN_BP);
  });

  it('keeps every class return below the whole stake', () => {
    for (const bp of Object.values(CLASS_RETURN_BP)) expect(bp).toBeLessThan(10_000);
  });
});

describe.each(LOTTERY_FAMILIES)('%s: default odds return their class', (family) => {
  const plays = playsOf(family).filter((p) => p.model === 'odds');
  it.each([
    ['default flags', DEFAULT_RULE_FLAGS],
    ['other flags', OTHER_FLAGS],
  ] as const)('per tier, %s', (_name, flags) => {
    const bad: string[] = [];
    for (const play of plays) {
      const odds = playOdds(play, CAP, undefined, CAP, flags);
      for (const t of tiersUnder(play, flags)) {
        const documented = tierReturnBp(play, t.id) / 10_000;
        const actual = tierReturn(t, odds[t.id]!);
        if (actual > documented + 1e-12 || documented - actual > TOLERANCE)
          bad.push(`${play.code} ${t.id}: ${actual} vs ${documented}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('per line of a play whose line splits its return between tiers (三中二, 二中特, 独胆按次, 包三)', () => {
    // Σ odds·p over a play's tiers, per unit of share (包三's 28 tiers carry ⅓ each: one line holds three sums)
    for (const play of plays.filter((p) => p.tiers.some((t) => t.share))) {
      const odds = playOdds(play, CAP, undefined, CAP);
      const share = (t: TierDef) => (t.share ? t.share[0] / t.share[1] : 1);
      const shareSum = play.tiers.reduce((a, t) => a + share(t), 0);
      const actual =
        play.tiers.reduce((a, t) => a + (odds[t.id]! / ODDS_SCALE) * (t.pNum / t.pDen), 0) /
        shareSum;
      const documented =
        play.tiers.reduce((a, t) => a + share(t) * tierReturnBp(play, t.id), 0) / shareSum / 10_000;
      expect(Math.abs(actual - documented), `${family} ${play.code}`).toBeLessThanOrEqual(
        TOLERANCE,
      );
      expect(actual).toBeLessThanOrEqual(documented + 1e-12);
    }
  });
});

/** K3, 3D and 28 have small draw spaces: settle one-line tickets over every draw. */
const SPACES = {
  K3: allTuples(range(1, 6), 3),
  FC3D: allTuples(range(0, 9), 3),
  BJ28: allTuples(range(0, 9), 3),
} as const;
const STAKE_FEN = 100_000; // 1,000 yuan a line: the odds' rounding to 1/10000 stays below 1 fen

describe.each(Object.keys(SPACES) as (keyof typeof SPACES)[])(
  '%s: settled return with ties as stake back',
  (family) => {
    it.each([
      ['default flags', DEFAULT_RULE_FLAGS],
      ['other flags', OTHER_FLAGS],
    ] as const)('one-line tickets, %s', (_name, flags) => {
      const draws: readonly Draw[] = SPACES[family];
      const rnd = seededRandom(family.length * 97);
      let checked = 0;
      for (const play of playsOf(family).filter((p) => p.model === 'odds')) {
        for (let i = 0; i < 40 && checked < 400; i++) {
          const sel = randomSelection(play, rnd, 0);
          const q = quoteBet(
            play,
            sel,
            {
              unit: 'yuan',
              multiple: 1,
              stakePerLineFen: STAKE_FEN,
              userGroup: CAP,
              rebatePermille: 0,
            },
            undefined,
            CAP,
            flags,
          );
          if (!q.ok || q.lines !== 1) continue;
          checked++;
          const tiers = tiersUnder(play, flags);
          let paid = 0;
          let refunds = 0;
          const reached = new Set<string>();
          for (const d of draws) {
            const s = settleTicket(play, sel, d, flags, {
              unit: 'yuan',
              multiple: 1,
              lines: 1,
              amountFen: STAKE_FEN,
              betGroup: q.betGroup,
              odds: q.odds,
            });
            paid += s.payoutFen;
            refunds += s.win.refunds;
            for (const t of Object.keys(s.win.wins)) reached.add(t);
          }
          if (reached.size === 0) continue; // a line that cannot win under these flags (28 波色 on 13 …)
          const shares = tiers
            .filter((t) => reached.has(t.id))
            .map(
              (t) =>
                [t.share ? t.share[0] / t.share[1] : 1, tierReturnBp(play, t.id) / 10_000] as const,
            );
          const shareSum = shares.reduce((a, [s]) => a + s, 0);
          const classReturn = shares.reduce((a, [s, r]) => a + s * r, 0) / shareSum;
          const pTie = refunds / draws.length;
          const documented = pTie + (1 - pTie) * classReturn;
          const actual = paid / draws.length / STAKE_FEN;
          const label = `${play.code} ${JSON.stringify(sel.rows)}: ${actual} vs ${documented}`;
          expect(Math.abs(actual - documented), label).toBeLessThanOrEqual(TOLERANCE);
          expect(actual, label).toBeLessThanOrEqual(documented + 1e-9);
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  },
);

describe('class returns as the sheets set them', () => {
  const play = (family: PlayDef['family'], code: string) =>
    playsOf(family).find((p) => p.code === code)!;
  const ret = (p: PlayDef, tierId: string) =>
    tierReturn(p.tiers.find((t) => t.id === tierId)!, playOdds(p, CAP, undefined, CAP)[tierId]!);

  it('pays the rarer tier the lower return', () => {
    for (const code of ['SZE', 'SZE_DT'])
      expect(ret(play('LHC', code), 'z3')).toBeLessThan(ret(play('LHC', code), 'z2') - 0.1);
    for (const code of ['EZT', 'EZT_DT', 'EZT_DP'])
      expect(ret(play('LHC', code), 'zt')).toBeLessThan(ret(play('LHC', code), 'z2') - 0.02);
    for (const [family, code] of [
      ['SSC', 'LH'],
      ['FC3D', 'LH'],
      ['PL35', 'P3_LH'],
    ] as const) {
      expect(ret(play(family, code), 'tie')).toBeLessThan(ret(play(family, code), 'dragon'));
    }
    for (const [family, code] of [
      ['SSC', 'XT'],
      ['BJ28', 'XT'],
    ] as const)
      expect(ret(play(family, code), 'triple')).toBeLessThan(ret(play(family, code), 'pair'));
    expect(ret(play('BJ28', 'LM'), 'extremeBig')).toBeLessThan(ret(play('BJ28', 'LM'), 'big'));
  });

  it('prices the headline plays near their sheets', () => {
    const odds = (family: PlayDef['family'], code: string, tierId: string) =>
      playOdds(play(family, code), CAP, undefined, CAP)[tierId]! / ODDS_SCALE;
    expect(odds('LHC', 'TM', 'number')).toBeCloseTo(48.02, 2); // sheets 47–48.5
    expect(odds('LHC', 'TMLM', 'big')).toBeCloseTo(1.97, 2); // sheets 1.965
    expect(odds('SSC', 'LM', 'big')).toBeCloseTo(1.97, 2); // sheets 1.982
    expect(odds('BJ28', 'XT', 'triple')).toBe(66); // S14: 66
    expect(odds('LHC', 'SQZ', 'win')).toBeCloseTo(663.26, 2); // S12: 700
    expect(odds('LHC', 'SZE', 'z2')).toBeCloseTo(20.81, 2); // S12: 20
    expect(odds('BJ28', 'TM', 's0')).toBe(800); // sheets 800–1000
    expect(odds('BJ28', 'TM', 's13')).toBeCloseTo(10.67, 2); // sheets 9.5–10
    expect(
      playOdds(play('BJ28', 'LM'), CAP, undefined, CAP, OTHER_FLAGS).extremeBig! / ODDS_SCALE,
    ).toBeCloseTo(14.86, 2); // 0–4/23–27: 15
  });
});

describe('rebate and margin', () => {
  it('scales every default odds by G_bet / G_cap, rounded down, as overrides already scale', () => {
    for (const play of oddsPlays()) {
      const atCap = playOdds(play, CAP, undefined, CAP);
      for (const g of [1950, 1900, 1850, MIN_PRIZE_GROUP]) {
        const odds = playOdds(play, g, undefined, CAP);
        for (const t of play.tiers) {
          const exact = (tierReturnBp(play, t.id) / 10_000) * (g / CAP);
          const actual = tierReturn(t, odds[t.id]!);
          expect(actual, `${play.family} ${play.code} ${t.id} @${g}`).toBeLessThanOrEqual(
            exact + 1e-12,
          );
          expect(exact - actual).toBeLessThan(TOLERANCE);
          expect(odds[t.id]!).toBeLessThanOrEqual(atCap[t.id]!);
        }
      }
    }
    const tm = playsOf('LHC').find((p) => p.code === 'TM')!;
    expect(playOdds(tm, 1800, { number: 485_000 }, CAP).number).toBe(
      Math.floor((485_000 * 1800) / CAP),
    );
    expect(playOdds(tm, 1800, undefined, CAP).number).toBe(
      Math.floor((9800 * 1800 * ODDS_SCALE * 49) / (10_000 * CAP)),
    );
  });

  it('keeps a house margin after the largest rebate for every class and cap group', () => {
    for (const bp of Object.values(CLASS_RETURN_BP)) {
      for (let cap = MIN_PRIZE_GROUP; cap <= 2000; cap += 10) {
        for (let g = cap - 2 * maxRebatePermille(cap); g <= cap; g++)
          expect(paidOutShare(bp, g, cap)).toBeLessThan(1);
      }
    }
  });

  it('keeps it on the actual odds of every tier at the largest rebate of the cap group (bet group 1800)', () => {
    const g = CAP - 2 * maxRebatePermille(CAP);
    expect(g).toBe(MIN_PRIZE_GROUP);
    for (const play of oddsPlays()) {
      const odds = playOdds(play, g, undefined, CAP);
      for (const t of play.tiers) {
        const paid = tierReturn(t, odds[t.id]!) + (CAP - g) / 2000; // odds + the bettor's rebate (uplines: none above the cap)
        expect(paid, `${play.family} ${play.code} ${t.id} (${tierClass(play, t.id)})`).toBeLessThan(
          1,
        );
      }
    }
  });
});
