/** Catalogue-wide invariants, selection text round trips, and ticket settlement (§2.4). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULE_FLAGS,
  getPlay,
  LOTTERY_FAMILIES,
  playsOf,
  formatSelection,
  parseSelection,
} from '../../src/domain/lottery/index.ts';
import { settleOddsTicket, settlePrizeGroupTicket } from '../../src/domain/lottery/settle.ts';
import { randomSelection, seededRandom } from './lotteryHarness.ts';

const F = DEFAULT_RULE_FLAGS;

describe.each([...LOTTERY_FAMILIES])('%s catalogue', (family) => {
  const plays = playsOf(family);
  it('has well-formed plays', () => {
    expect(plays.length).toBeGreaterThan(4);
    for (const p of plays) {
      expect(p.family).toBe(family);
      expect(getPlay(family, p.code)).toBe(p);
      expect(p.nameZh).toMatch(/\p{Script=Han}/u);
      expect(new Set(p.tiers.map((t) => t.id)).size, p.code).toBe(p.tiers.length);
      for (const t of p.tiers)
        expect(
          t.pNum > 0 && t.pNum <= t.pDen && Number.isSafeInteger(t.pDen),
          `${p.code}/${t.id}`,
        ).toBe(true);
      for (const r of p.rows) {
        expect(
          r.min <= r.max && r.max <= Math.max(r.values.length, 100_000),
          `${p.code}/${r.nameZh}`,
        ).toBe(true);
        if (r.labels) expect(r.labels.length).toBe(r.values.length);
      }
    }
  });
  it('round-trips random selections through the canonical text', () => {
    const rnd = seededRandom(3);
    for (const p of plays) {
      const sel = randomSelection(p, rnd);
      const text = formatSelection(p, sel);
      expect(parseSelection(p, text), `${p.code} ${text}`).toEqual({
        rows: sel.rows.map((r) => [...r]),
      });
    }
  });
});

describe('catalogue lookup', () => {
  it('answers undefined for unknown codes', () => {
    expect(getPlay('SSC', 'NOPE')).toBeUndefined();
    expect(getPlay('K3', 'WX_ZXFS')).toBeUndefined();
  });
});

describe('ticket settlement', () => {
  it('pays a prize-group ticket at its group, unit and multiple', () => {
    const p = getPlay('SSC', 'DWD')!;
    const sel = { rows: [[1, 2], [3], [], [], [9]] };
    const s = settlePrizeGroupTicket(p, sel, [1, 3, 0, 0, 9], F, {
      group: 1950,
      unit: 'jiao',
      multiple: 2,
    });
    expect(s).toEqual({
      status: 'WON',
      win: { wins: { win: 3 }, refunds: 0 },
      payoutFen: 1170,
      refundFen: 0,
    });
    expect(
      settlePrizeGroupTicket(p, sel, [0, 0, 0, 0, 0], F, { group: 1950, unit: 'yuan', multiple: 1 })
        .status,
    ).toBe('LOST');
    expect(() =>
      settleOddsTicket(p, sel, [0, 0, 0, 0, 0], F, { stakePerLineFen: 1, odds: {} }),
    ).toThrow();
  });
  it('refunds an odds ticket whose every line ties, and pays stake × odds on a win', () => {
    const lh = getPlay('SSC', 'LH')!;
    const sel = { rows: [[], [], [], [0, 1], [], [], [], [], [], []] };
    const tie = settleOddsTicket(
      lh,
      sel,
      [5, 0, 0, 0, 5],
      { ...F, sscDragonTie: 'refund' },
      { stakePerLineFen: 1000, odds: { dragon: 19_800, tiger: 19_800 } },
    );
    expect(tie).toMatchObject({ status: 'TIE_REFUND', payoutFen: 2000, refundFen: 2000 });
    const lost = settleOddsTicket(lh, sel, [5, 0, 0, 0, 5], F, {
      stakePerLineFen: 1000,
      odds: { dragon: 19_800, tiger: 19_800 },
    });
    expect(lost).toMatchObject({ status: 'LOST', payoutFen: 0 });
    const won = settleOddsTicket(lh, sel, [7, 0, 0, 0, 5], F, {
      stakePerLineFen: 1000,
      odds: { dragon: 19_800, tiger: 19_800 },
    });
    expect(won).toMatchObject({ status: 'WON', payoutFen: 1980, refundFen: 0 });
  });
});
