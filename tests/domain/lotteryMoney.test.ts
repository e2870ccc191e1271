/** Bet amounts, prizes, rebates (§2.1–2.2) and chase plans (§2.5) in integer fen; §13 vectors. */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import {
  betAmountFen,
  betGroupForRebate,
  bettorRebateFen,
  oddsAmountFen,
  oddsForReturn,
  oddsPayoutFen,
  prizePayoutFen,
  prizePerLine,
  prizePerLineFen,
  refundFen,
  uplineRebatesFen,
} from '../../src/domain/lottery/money.ts';
import { doublingPlan, profitRatePlan, sameMultiplePlan } from '../../src/domain/lottery/chase.ts';
import type { LotteryFamily, PlayDef } from '../../src/domain/lottery/types.ts';

const play = (family: LotteryFamily, code: string): PlayDef => getPlay(family, code)!;
const tierOf = (family: LotteryFamily, code: string, id = 'win') =>
  play(family, code).tiers.find((t) => t.id === id)!;

describe('bet amount', () => {
  it('SSC 定位胆 5 lines at unit 角 ×1 = 1.00 yuan (§13)', () =>
    expect(betAmountFen(5, 'jiao', 1)).toEqual({ ok: true, amountFen: 100 }));
  it('108 lines × 2 × 分 × 2 = 4.32 yuan (S5)', () =>
    expect(betAmountFen(108, 'fen', 2)).toEqual({ ok: true, amountFen: 432 }));
  it('unit 分 with odd line counts stays a whole number of fen', () => {
    for (const lines of [1, 3, 7, 99_999]) {
      const r = betAmountFen(lines, 'fen', 1);
      expect(r).toEqual({ ok: true, amountFen: 2 * lines });
      expect(Number.isInteger(r.ok && r.amountFen)).toBe(true);
    }
    expect(betAmountFen(1, 'fen', 3)).toEqual({ ok: true, amountFen: 6 });
    expect(betAmountFen(3, 'jiao', 7)).toEqual({ ok: true, amountFen: 420 });
  });
  it('enforces the multiple cap and integer multiples', () => {
    expect(betAmountFen(1, 'yuan', 10_000)).toEqual({ ok: true, amountFen: 2_000_000 });
    expect(betAmountFen(1, 'yuan', 10_001)).toEqual({ ok: false, msg: '倍数不能超过10000' });
    expect(betAmountFen(1, 'yuan', 0).ok).toBe(false);
    expect(betAmountFen(1, 'yuan', 1.5).ok).toBe(false);
    expect(betAmountFen(0, 'yuan', 1).ok).toBe(false);
  });
  it('enforces the 1,000,000-yuan amount cap exactly', () => {
    expect(betAmountFen(50_000, 'yuan', 10)).toEqual({ ok: true, amountFen: 100_000_000 });
    expect(betAmountFen(50_001, 'yuan', 10)).toEqual({
      ok: false,
      msg: '单注金额不能超过1000000元',
    });
    expect(oddsAmountFen(2, 50_000_000).ok).toBe(true);
    expect(oddsAmountFen(3, 50_000_000).ok).toBe(false);
    expect(oddsAmountFen(2, 0).ok).toBe(false);
  });
});

describe('prizes at a prize group (§13)', () => {
  it('@1950: 五星直选 195,000 / 组三 650 / 定位胆 19.5 / K3 和值3 421.2 / 11x5 任五 900.9 / PK10 前五 58,968', () => {
    expect(prizePerLineFen(tierOf('SSC', 'WX_ZXFS'), 1950)).toBe(19_500_000);
    expect(prizePerLineFen(tierOf('SSC', 'Q3_Z3FS'), 1950)).toBe(65_000);
    expect(prizePerLineFen(tierOf('SSC', 'DWD'), 1950)).toBe(1950);
    expect(prizePerLineFen(tierOf('K3', 'HZ', 's3'), 1950)).toBe(42_120);
    expect(prizePerLineFen(tierOf('SYX5', 'RX5'), 1950)).toBe(90_090);
    expect(prizePerLineFen(tierOf('PK10', 'QW_FS'), 1950)).toBe(5_896_800);
  });
  it('@1800 matches the published S9/S10 values', () => {
    expect(prizePerLineFen(tierOf('SSC', 'WX_ZXFS'), 1800)).toBe(18_000_000);
    expect(prizePerLineFen(tierOf('SYX5', 'Q3_ZXFS'), 1800)).toBe(178_200);
    expect(prizePerLineFen(tierOf('SSC', 'Q2_ZUXFS'), 1800)).toBe(9000);
  });
  it('pays exact rationals and rounds down once per ticket', () => {
    const dwd = play('SSC', 'DWD');
    // 19.5 yuan × 0.01 = 19.5 fen → 19; ×2 = 39 exactly (no double rounding).
    expect(prizePayoutFen(dwd, { wins: { win: 1 }, refunds: 0 }, 1950, 'fen', 1)).toBe(19);
    expect(prizePayoutFen(dwd, { wins: { win: 1 }, refunds: 0 }, 1950, 'fen', 2)).toBe(39);
    expect(prizePayoutFen(dwd, { wins: { win: 3 }, refunds: 0 }, 1950, 'jiao', 7)).toBe(4095); // 3 × 19.5 × 0.1 × 7 = 40.95 yuan
    // Two tiers: 组三 650 + 组六 325 at 元 ×1.
    expect(
      prizePayoutFen(
        play('SSC', 'Q3_ZUXHZ'),
        { wins: { z3: 1, z6: 1 }, refunds: 0 },
        1950,
        'yuan',
        1,
      ),
    ).toBe(97_500);
    expect(refundFen({ wins: {}, refunds: 3 }, 'fen', 5)).toBe(30);
  });
  it('KL8 classic rows keep their printed ratios and return exactly G/2000', () => {
    // 选一 returns 4.6 × 1/4 / 2 = 57.5 %: at G = 1150 it pays exactly the printed 4.60.
    expect(prizePerLineFen(tierOf('KL8', 'RX1', 'h1'), 1150)).toBe(460);
    for (const code of ['RX1', 'RX3', 'RX7', 'RX10']) {
      const p = play('KL8', code);
      // Σ p·prize (exact rationals, fen per 2-yuan line) = 200 fen × G/2000.
      let num = 0n;
      let den = 1n;
      for (const t of p.tiers) {
        const pr = prizePerLine(t, 1950);
        const tn = pr.num * BigInt(t.pNum);
        const td = pr.den * BigInt(t.pDen);
        num = num * td + tn * den;
        den *= td;
      }
      expect(num * 2000n, code).toBe(den * 200n * 1950n);
      // Printed ratios survive: 中十 / 中九 = 5,000,000 / 8,000.
      if (code === 'RX10') {
        const [a, b] = [prizePerLine(p.tiers[0]!, 1950), prizePerLine(p.tiers[1]!, 1950)];
        expect(a.num * b.den * 8000n).toBe(b.num * a.den * 5_000_000n);
      }
    }
  });
  it('odds payouts include the stake and refund ties', () => {
    expect(oddsPayoutFen({ wins: { big: 1 }, refunds: 0 }, 100, { big: 19_820 })).toBe(198);
    expect(oddsPayoutFen({ wins: { big: 2 }, refunds: 1 }, 333, { big: 19_820 })).toBe(1320 + 333);
    expect(oddsForReturn(tierOf('LHC', 'TM', 'number'), 1000)).toBe(490_000);
    expect(() => oddsPayoutFen({ wins: { x: 1 }, refunds: 0 }, 1, {})).toThrow();
  });
});

describe('rebates (§2.2)', () => {
  it('G_user 1960, bet at 1800 (8 % rebate), stake 100 → prize at 1800, rebate 8.00 to the bettor', () => {
    const g = betGroupForRebate(1960, 80);
    expect(g).toBe(1800);
    expect(prizePerLineFen(tierOf('SSC', 'WX_ZXFS'), g)).toBe(18_000_000);
    expect(bettorRebateFen(10_000, 1960, g)).toBe(800);
  });
  it('11x5 前三直选 1861.2 at 0 % and 1782 at 4 % for G_user 1880 (S10)', () => {
    expect(prizePerLineFen(tierOf('SYX5', 'Q3_ZXFS'), betGroupForRebate(1880, 0))).toBe(186_120);
    expect(prizePerLineFen(tierOf('SYX5', 'Q3_ZXFS'), betGroupForRebate(1880, 40))).toBe(178_200);
  });
  it('uplines earn their group difference, rounded down per recipient', () => {
    expect(uplineRebatesFen(10_000, [1900, 1920, 1950, 1950])).toEqual([100, 150, 0]);
    expect(uplineRebatesFen(333, [1900, 1901])).toEqual([0]);
    expect(() => uplineRebatesFen(100, [1950, 1900])).toThrow();
    expect(() => bettorRebateFen(100, 1800, 1900)).toThrow();
  });
});

describe('chase plans (§2.5)', () => {
  it('profit rate c = 2, P = 19.5, R = 50 %, m0 = 1, 15 issues (§13)', () => {
    expect(
      profitRatePlan({ prizeFen: 1950, costFen: 200, rateNum: 1, rateDen: 2, m0: 1, issues: 15 }),
    ).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6]);
  });
  it('profit rate is infeasible when the prize cannot cover the cost plus the rate', () => {
    expect(
      profitRatePlan({ prizeFen: 300, costFen: 200, rateNum: 1, rateDen: 2, m0: 1, issues: 5 }),
    ).toBeNull();
  });
  it('same and doubling plans; doubling stops before the multiple cap', () => {
    expect(sameMultiplePlan(3, 4)).toEqual([3, 3, 3, 3]);
    expect(doublingPlan(1, 6, 2, 2)).toEqual([1, 1, 2, 2, 4, 4]);
    expect(doublingPlan(5000, 5, 1, 2)).toEqual([5000, 10_000]);
  });
});
