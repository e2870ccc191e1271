/** The one definition of the record and report figures (src/domain/figures.ts, agent/reportFigures.ts). */
import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  emptySums,
  moneyFigures,
  PL_CATEGORIES,
  type CategorySums,
} from '../../src/domain/agent/reportFigures.ts';
import { pendingStakeFenOf, validBetFenOf } from '../../src/domain/bets.ts';
import {
  COLUMNS,
  profitFen,
  SCREEN_COLUMNS,
  type Column,
  type Screen,
} from '../../src/domain/figures.ts';
import { txTypeNames } from '../../src/domain/txTypes.ts';

const rnd = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const SCREENS = Object.keys(SCREEN_COLUMNS) as Screen[];

function randomSums(): CategorySums {
  const s = emptySums();
  for (const c of PL_CATEGORIES) s[c] = rnd(-50_000, 50_000);
  s.bet = -rnd(0, 90_000);
  s.pendingBet = rnd(0, -s.bet);
  return s;
}

describe('figures', () => {
  it('盈亏 of every screen is the signed sum of exactly the columns it shows: 投注 takes, the rest give', () => {
    for (let i = 0; i < 200; i++) {
      const cols = Object.fromEntries(
        (Object.keys(COLUMNS) as Column[]).map((c) => [c, rnd(0, 100_000)]),
      ) as Record<Column, number>;
      for (const screen of SCREENS) {
        const shown = SCREEN_COLUMNS[screen];
        const expected = shown.reduce((s, c) => s + (c === 'bet' ? -cols[c] : cols[c]), 0);
        expect(profitFen(screen, cols)).toBe(expected);
        // a column the screen does not show never moves its 盈亏
        const hidden = (Object.keys(COLUMNS) as Column[]).filter((c) => !shown.includes(c));
        for (const c of hidden)
          expect(profitFen(screen, { ...cols, [c]: cols[c] + 12_345 })).toBe(expected);
      }
    }
    expect(SCREEN_COLUMNS.betRecord).toEqual(['bet', 'prize', 'rebate']);
  });

  it('every ledger category but recharge and withdrawal is a column of the statement and the team reports', () => {
    for (const screen of ['plStatement', 'teamReport'] as const) {
      const shown = new Set<string>(SCREEN_COLUMNS[screen]);
      for (const c of PL_CATEGORIES)
        expect(shown.has(c), `${screen} ${c}`).toBe(c !== 'recharge' && c !== 'withdraw');
    }
    // so every code of the catalogue lands in a shown column or in recharge / withdrawal
    for (const code of Object.keys(txTypeNames).map(Number)) {
      const c = categoryOf(code);
      expect(
        c === 'recharge' || c === 'withdraw' || SCREEN_COLUMNS.teamReport.includes(c as Column),
        String(code),
      ).toBe(true);
    }
    expect([207, 208, 307].map(categoryOf)).toEqual(['redEnvelope', 'redEnvelope', 'redEnvelope']);
    expect(COLUMNS.redEnvelope.short).toBe('红包');
  });

  it('the report figures: 投注 is the settled stake, the pending stake apart, 盈亏 their columns, the holdings identity', () => {
    for (let i = 0; i < 200; i++) {
      const s = randomSums();
      const f = moneyFigures(s);
      expect(f.pendingBetFen).toBe(s.pendingBet);
      expect(f.betFen).toBe(-s.bet - s.pendingBet);
      expect(f.profitFen).toBe(
        f.prizeFen -
          f.betFen +
          f.rebateFen +
          f.activityFen +
          f.redEnvelopeFen +
          f.walletFen +
          f.otherFen,
      );
      // the holdings' change = recharge − withdrawal + 盈亏 − the stakes still awaiting their draw
      const holdings = PL_CATEGORIES.reduce((sum, c) => sum + s[c], 0);
      expect(holdings).toBe(f.rechargeFen - f.withdrawFen + f.profitFen - f.pendingBetFen);
    }
  });

  it('a bet is pending or settled, never both; cancelled bets are neither', () => {
    const bet = (status: string) => ({
      status,
      amount: 1_000,
      refund: status === 'TIE_REFUND' ? 1_000 : 0,
    });
    expect(pendingStakeFenOf(bet('PENDING'))).toBe(1_000);
    for (const st of [
      'WON',
      'LOST',
      'TIE_REFUND',
      'USER_CANCELLED',
      'SYSTEM_CANCELLED',
      'CHASE_STOPPED',
    ])
      expect(pendingStakeFenOf(bet(st))).toBe(0);
    expect(validBetFenOf(bet('PENDING'))).toBe(0);
  });
});
