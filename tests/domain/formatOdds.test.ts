/** Odds shown as sheets print them: two decimals at most, cut downwards, trailing zeros dropped. */
import { describe, expect, it } from 'vitest';
import { formatOdds } from '../../src/domain/lottery/formatOdds.ts';
import { bj28ColourOf } from '../../src/domain/lottery/bj28Colours.ts';

describe('formatOdds', () => {
  it('keeps two decimals and drops trailing zeros', () => {
    expect(formatOdds(27.0833)).toBe('27.08');
    expect(formatOdds(1.98)).toBe('1.98');
    expect(formatOdds(1.982)).toBe('1.98');
    expect(formatOdds(2)).toBe('2');
    expect(formatOdds(9.5)).toBe('9.5');
    expect(formatOdds(46.8)).toBe('46.8');
  });
  it('never shows more than the odds pay, and binary noise loses no cent', () => {
    expect(formatOdds(1.989)).toBe('1.98');
    expect(formatOdds(0.29)).toBe('0.29');
    expect(formatOdds(1.15)).toBe('1.15');
    expect(formatOdds(Number.NaN)).toBe('—');
  });
});

describe('bj28ColourOf', () => {
  it('follows the 色波 rule: 0, 13, 14, 27 have no colour', () => {
    expect([3, 1, 2].map(bj28ColourOf)).toEqual(['red', 'green', 'blue']);
    expect([0, 13, 14, 27].map(bj28ColourOf)).toEqual([null, null, null, null]);
    expect([24, 25, 26].map(bj28ColourOf)).toEqual(['red', 'green', 'blue']);
  });
});
