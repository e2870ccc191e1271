/**
 * Return to player (§2.2): a prize-group ticket at bet group G must return G/2000 of its stake, and an
 * odds ticket R = G/2000 of its resolved stake (refunded lines give the stake back):
 *   E[payout − refund] = R · E[amount − refund].
 * Tickets are priced by quoteBet and settled by settleTicket (pricing.ts), exactly as the server does.
 *
 * 1. Exact: every play of K3, FC3D and 28, and a sample covering every builder shape of SSC and 11x5, is
 *    settled against EVERY draw of the family's space; the mean payout may fall short of the target only
 *    by the rounding down to whole fen (per ticket) and of the odds to 1/10000, and may never exceed it.
 * 2. Simulated: every play of every family against 2000 random draws, on a ticket large enough to win
 *    in at least 30 of them; the mean of Z = payout − refund − R·(amount − refund) must be within 6
 *    standard errors of 0 (Z's sample variance, plus the variance of tiers too rare to be sampled),
 *    after the same rounding allowance. Parlays (正码过关) pay a product of legs, so they
 *    are only checked never to return more than R.
 * 3. The simulated check rejects a play whose tiers over-pay (三中二 without its 中三/中二 return split).
 * Odds plays are quoted here at one return for every tier (R / p, as operator odds overrides at the cap
 * group G): this checks the engine's probabilities and return splits; the default odds by play class
 * are checked against their classes in lotteryClassReturns.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { playsOf } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import { ODDS_SCALE, oddsForReturn, prizePerLine } from '../../src/domain/lottery/money.ts';
import { quoteBet, settleTicket, type PricedTicket } from '../../src/domain/lottery/pricing.ts';
import type { Draw, LotteryFamily, PlayDef, Selection } from '../../src/domain/lottery/types.ts';
import { byteSource, randomDraw, randomSelection, seededRandom } from './lotteryHarness.ts';

const G = 1950;
const STAKE_PER_LINE_FEN = 10_000; // odds plays: 100 yuan a line keeps the odds rounding below 1 fen a line

/** Odds returning R = G/2000 on every tier, given to quoteBet as the operator's odds at cap group G. */
const uniformOdds = (play: PlayDef): Record<string, number> =>
  Object.fromEntries(play.tiers.map((t) => [t.id, oddsForReturn(t, G / 2)]));

function price(play: PlayDef, sel: Selection): PricedTicket {
  const overrides = play.model === 'odds' ? uniformOdds(play) : undefined;
  const q = quoteBet(
    play,
    sel,
    {
      unit: 'yuan',
      multiple: 1,
      stakePerLineFen: STAKE_PER_LINE_FEN,
      userGroup: G,
      rebatePermille: 0,
    },
    overrides,
    G,
  );
  if (!q.ok) throw new Error(`${play.code}: ${q.msg}`);
  return {
    unit: 'yuan',
    multiple: 1,
    lines: q.lines,
    amountFen: q.amountFen,
    betGroup: q.betGroup,
    odds: q.odds,
  };
}

/**
 * 2000·Z for every draw (integers): 2000·(payout − refund) − G·(amount − refund). settleTicket runs once
 * per distinct outcome (lines won per tier and refunds), since the payout depends on nothing else.
 */
function scaledDeviations(
  play: PlayDef,
  sel: Selection,
  t: PricedTicket,
  draws: readonly Draw[],
): number[] {
  const byOutcome = new Map<string, number>();
  return draws.map((d) => {
    const key = JSON.stringify(play.checkWin(sel, d, DEFAULT_RULE_FLAGS));
    let z = byOutcome.get(key);
    if (z === undefined) {
      const s = settleTicket(play, sel, d, DEFAULT_RULE_FLAGS, t);
      z = 2000 * (s.payoutFen - s.refundFen) - G * (t.amountFen - s.refundFen);
      byOutcome.set(key, z);
    }
    return z;
  });
}

/** Largest shortfall (fen) rounding can cause per ticket: 1 fen on the total, plus 1 fen a line for odds. */
const roundingFen = (play: PlayDef, t: PricedTicket): number =>
  1 +
  (play.model === 'odds' ? (t.lines * STAKE_PER_LINE_FEN * (play.parlay ? 6 : 1)) / ODDS_SCALE : 0);

interface Moments {
  readonly mean: number;
  readonly standardError: number;
}
function moments(xs: readonly number[]): Moments {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return { mean, standardError: Math.sqrt(variance / n) };
}

/** Draws a ticket must win (or tie) in for the normal approximation of its mean to be trusted. */
const MIN_WINNERS = 30;

/**
 * Standard error allowance for tiers too rare to show up in the sample (expected < 10 times): their
 * variance p·X² per line, lines taken as perfectly correlated (the largest variance a ticket can have).
 */
function rareTierSE(play: PlayDef, t: PricedTicket, n: number): number {
  let v = 0;
  for (const tier of play.tiers) {
    const p = tier.pNum / tier.pDen;
    if (p * n * t.lines >= 10) continue;
    const odds = t.odds?.[tier.id];
    const x =
      odds !== undefined
        ? (STAKE_PER_LINE_FEN * odds) / ODDS_SCALE
        : Number(prizePerLine(tier, t.betGroup).num) / Number(prizePerLine(tier, t.betGroup).den);
    v += p * x * x;
  }
  return (t.lines * Math.sqrt(v)) / Math.sqrt(n);
}

/** Whether the simulated mean deviation (fen) is consistent with a return of exactly G/2000. */
function simulatedReturnHolds(
  play: PlayDef,
  sel: Selection,
  draws: readonly Draw[],
): { ok: boolean; winners: number; detail: string } {
  const t = price(play, sel);
  const z = scaledDeviations(play, sel, t, draws).map((x) => x / 2000);
  const base = -(G * t.amountFen) / 2000; // Z of a losing draw
  const winners = z.filter((x) => x !== base).length;
  const m = moments(z);
  const slack = 6 * Math.hypot(m.standardError, rareTierSE(play, t, draws.length));
  const ok = play.parlay
    ? m.mean <= slack
    : m.mean <= slack && m.mean >= -roundingFen(play, t) - slack;
  const detail = `${play.code} ${JSON.stringify(sel.rows)} amount ${t.amountFen}: mean Z ${m.mean.toFixed(2)} fen, slack ${slack.toFixed(2)}, ${winners} winners`;
  return { ok, winners, detail };
}

function orderedDraws(values: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  const walk = (t: number[]): void => {
    if (t.length === size) {
      out.push([...t]);
      return;
    }
    for (const v of values) if (!t.includes(v)) walk([...t, v]);
  };
  walk([]);
  return out;
}

const SPACES: Partial<Record<LotteryFamily, () => Draw[]>> = {
  K3: () => allTuples(range(1, 6), 3),
  FC3D: () => allTuples(range(0, 9), 3),
  BJ28: () => allTuples(range(0, 9), 3),
  SSC: () => allTuples(range(0, 9), 5),
  SYX5: () => orderedDraws(range(1, 11), 5),
};
/**
 * SSC / 11x5 plays settled over their whole space (10^5 and 55,440 draws): the shapes the 3-digit FC3D
 * catalogue (settled in full above) does not already cover — 5- and 4-digit windows, 任选, 趣味, the
 * 5-digit two-sided sums — and the 11x5 draw-order plays with and without ties.
 */
const EXACT_SAMPLE: Partial<Record<LotteryFamily, readonly string[]>> = {
  SSC: [
    'WX_ZXFS',
    'WX_ZX120',
    'WX_ZX60',
    'Q4_ZX12',
    'QW_SJFC',
    'WX_BDW3',
    'RX2_ZXFS',
    'RX3_Z6FS',
    'LM',
    'LH',
  ],
  SYX5: ['Q3_ZXFS', 'Q2_ZXDS', 'Q3_ZUXDT', 'RX5', 'RX8_DT', 'DDS', 'CZW', 'DWD', 'LM', 'LH'],
};

describe.each(Object.keys(SPACES) as LotteryFamily[])(
  '%s: exact return over every draw',
  (family) => {
    const sample = EXACT_SAMPLE[family];
    const plays = playsOf(family).filter((p) => !sample || sample.includes(p.code));
    it('covers the intended plays', () =>
      expect(plays.length).toBe(sample?.length ?? playsOf(family).length));
    it.each(plays.map((p) => [p.code, p.nameZh] as const))('%s %s', { timeout: 30_000 }, (code) => {
      const play = plays.find((p) => p.code === code)!;
      const space = SPACES[family]!();
      const rnd = seededRandom(code.length * 131 + code.charCodeAt(0));
      for (let s = 0; s < (space.length > 10_000 ? 1 : 3); s++) {
        const sel = randomSelection(play, rnd, 2);
        const t = price(play, sel);
        const total = scaledDeviations(play, sel, t, space).reduce((a, b) => a + b, 0);
        const meanFen = total / space.length / 2000;
        const label = `${code} ${JSON.stringify(sel.rows)}: mean shortfall ${meanFen} fen`;
        expect(meanFen, label).toBeLessThanOrEqual(1e-9);
        expect(meanFen, label).toBeGreaterThanOrEqual(-roundingFen(play, t));
      }
    });
  },
);

/**
 * Plays no random ticket wins often enough in 2000 draws: 单式 (at most four typed entries) and a few
 * long shots. Their builders are settled exactly over the whole space above (WX_ZXDS, Q2_ZXDS, WX_ZX60,
 * SX_ZX4, QW_SJFC …; PL35 reuses the SSC builders); LHC 四全中 by the tier-probability test.
 */
const LONG_SHOTS = new Set([
  'SYX5/RX5_DT',
  'SSC/WX_ZX10',
  'SSC/WX_ZX5',
  'SSC/SX_ZX6',
  'SSC/QW_SJFC',
  'PL35/P5_ZXFS',
  'LHC/SIQZ',
  'LHC/SIQZ_DT',
  'LHC/SQZ_DT',
]);

describe.each(['SSC', 'K3', 'SYX5', 'PK10', 'FC3D', 'PL35', 'BJ28', 'KL8', 'LHC'] as const)(
  '%s: simulated return of every play',
  (family) => {
    it('matches G/2000 within 6 standard errors', { timeout: 60_000 }, () => {
      const next = byteSource(2026);
      const draws = Array.from({ length: 2000 }, () => randomDraw(family, next));
      const rnd = seededRandom(7);
      const bad: string[] = [];
      const rare: string[] = [];
      for (const play of playsOf(family)) {
        // Grow the ticket until it wins often enough for the normal approximation.
        let r: ReturnType<typeof simulatedReturnHolds> | undefined;
        for (const extra of [2, 6, 12, 40, 40, 40, 40]) {
          r = simulatedReturnHolds(play, randomSelection(play, rnd, extra), draws);
          if (r.winners >= MIN_WINNERS) break;
        }
        if (r!.winners < MIN_WINNERS) rare.push(play.code);
        else if (!r!.ok) bad.push(r!.detail);
      }
      expect(bad).toEqual([]);
      const unexpected = rare.filter(
        (code) =>
          playsOf(family).find((p) => p.code === code)!.input !== 'entries' &&
          !LONG_SHOTS.has(`${family}/${code}`),
      );
      expect(unexpected).toEqual([]);
    });
  },
);

describe('the return check is not vacuous', () => {
  it('rejects 三中二 paying both tiers at full return (the bug the 1 : 6 share fixes)', {
    timeout: 30_000,
  }, () => {
    const sze = playsOf('LHC').find((p) => p.code === 'SZE')!;
    const { share: _z3, ...z3 } = sze.tiers[0]!;
    const { share: _z2, ...z2 } = sze.tiers[1]!;
    const overpaying: PlayDef = { ...sze, tiers: [z3, z2] };
    const next = byteSource(11);
    const draws = Array.from({ length: 20_000 }, () => randomDraw('LHC', next));
    const sel = { rows: [[3, 8, 14, 21, 27, 33, 40, 45]] };
    expect(simulatedReturnHolds(sze, sel, draws).ok).toBe(true);
    expect(simulatedReturnHolds(overpaying, sel, draws).ok).toBe(false);
  });
});
