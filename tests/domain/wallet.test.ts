/** Virtual wallet arithmetic: rates, floors, early exits and the Beijing day. */
import { describe, expect, it } from 'vitest';
import { beijingDate as beijingDay, parseBeijingDay } from '../../src/domain/time.ts';
import {
  dailyInterestFen,
  earlyExitName,
  earlyExitOutcome,
  finishedBeijingDays,
  formatBp,
  parsePercentToBp,
  penaltyFen,
  pledgeProfitFen,
  termEndMs,
} from '../../src/domain/wallet.ts';

describe('rates', () => {
  it('parses percents with up to 2 decimals into basis points', () => {
    expect(['0', '3.65', '3.6', '100', '100.00', '0.01'].map(parsePercentToBp)).toEqual([
      0, 365, 360, 10000, 10000, 1,
    ]);
    for (const bad of ['', '-1', '100.01', '1.234', '01', '1e2', ' 1', '1.', '.5', 'abc', '1000'])
      expect(parsePercentToBp(bad), bad).toBeNull();
    expect([formatBp(0), formatBp(365), formatBp(10000), formatBp(5)]).toEqual([
      '0.00',
      '3.65',
      '100.00',
      '0.05',
    ]);
  });
});

describe('interest and profit floor to whole fen', () => {
  it('daily interest', () => {
    expect(dailyInterestFen(100_000, 365)).toBe(10); // 1000 yuan at 3.65 %: exactly 0.10
    expect(dailyInterestFen(99_999, 365)).toBe(9); // 9.9999 → 9
    expect(dailyInterestFen(99, 3650)).toBe(0);
    expect(dailyInterestFen(0, 365)).toBe(0);
    expect(dailyInterestFen(100_000, 0)).toBe(0);
    expect(dailyInterestFen(100_000_000_000, 10_000)).toBe(273_972_602); // no overflow at the largest amount
  });
  it('pledge profit per term', () => {
    expect(pledgeProfitFen(100_000, 800, 30)).toBe(657); // 657.53
    expect(pledgeProfitFen(100_000, 500, 7)).toBe(95); // 95.89
    expect(pledgeProfitFen(100_000_000_000, 10_000, 3650)).toBe(1_000_000_000_000);
    expect(pledgeProfitFen(1, 1, 1)).toBe(0);
  });
  it('early exit', () => {
    expect(penaltyFen(123_457, 500)).toBe(6_172);
    expect(earlyExitOutcome('none', 1000, 0)).toBeNull();
    expect(earlyExitOutcome('principal', 1000, 500)).toEqual({ refundFen: 1000, penaltyFen: 0 });
    expect(earlyExitOutcome('penalty', 123_457, 500)).toEqual({
      refundFen: 117_285,
      penaltyFen: 6_172,
    });
    expect(earlyExitOutcome('penalty', 1, 9_999)).toEqual({ refundFen: 1, penaltyFen: 0 });
    expect(earlyExitName('penalty', 550)).toBe('提前赎回扣除违约金 5.50%');
  });
});

describe('the Beijing day', () => {
  it('turns at 16:00 UTC', () => {
    expect(beijingDay(Date.parse('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(beijingDay(Date.parse('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(parseBeijingDay('2026-11-24')?.startMs).toBe(Date.parse('2026-11-23T16:00:00Z'));
    expect(finishedBeijingDays(Date.parse('2026-11-23T16:00:00Z'), 3)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(finishedBeijingDays(Date.parse('2026-03-01T01:00:00Z'), 2)).toEqual([
      '2026-02-27',
      '2026-02-28',
    ]);
    expect(termEndMs(0, 2)).toBe(172_800_000);
  });
});
