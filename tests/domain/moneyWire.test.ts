/** The one way money goes on the wire and back to the screen: yuan text from fen, signed rows, wire → fen. */
import { describe, expect, it } from 'vitest';
import {
  formatFen,
  formatSignedFen,
  signedYuanText,
  wireFen,
  yuanNumber,
  yuanText,
} from '../../src/domain/money.ts';

describe('formatSignedFen', () => {
  it.each([
    [1250, '+12.50'],
    [1, '+0.01'],
    [0, '0.00'],
    [-300, '-3.00'],
    [-5, '-0.05'],
    [99_999_999_999, '+999999999.99'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatSignedFen(fen)).toBe(text);
  });

  it('refuses a fractional amount like formatFen', () => {
    expect(() => formatSignedFen(1.5)).toThrow();
  });
});

describe('yuanNumber (the numeric returnAmount of spec 000)', () => {
  it.each([
    [0, 0],
    [1950, 19.5],
    [1, 0.01],
    [29, 0.29],
    [123_456_789, 1_234_567.89],
    [-307, -3.07],
  ])('%i fen → %d', (fen, n) => {
    expect(yuanNumber(fen)).toBe(n);
  });

  it('reads back to the same yuan text and fen for every cent up to 100 yuan', () => {
    for (let fen = 0; fen <= 10_000; fen++) {
      expect(yuanText(yuanNumber(fen))).toBe(formatFen(fen));
      expect(wireFen(yuanNumber(fen))).toBe(fen);
    }
  });
});

describe('wireFen', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['-3.07', -307],
    ['0', 0],
    [19.5, 1950],
    [0.29, 29],
    [-0.01, -1],
    [0, 0],
  ] as const)('%j → %i fen', (v, fen) => {
    expect(wireFen(v)).toBe(fen);
  });

  it.each([
    null,
    undefined,
    '',
    'abc',
    '1.005',
    '1e3',
    ' 1',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e13,
  ])('%j → null', (v) => {
    expect(wireFen(v)).toBeNull();
  });
});

describe('yuanText and signedYuanText', () => {
  it('show wire amounts with two decimals, through fen', () => {
    expect(yuanText('12.5')).toBe('12.50');
    expect(yuanText('-3')).toBe('-3.00');
    expect(yuanText(19.5)).toBe('19.50');
    expect(yuanText(0.1 + 0.2)).toBe('0.30');
    expect(signedYuanText('12.5')).toBe('+12.50');
    expect(signedYuanText('-3.00')).toBe('-3.00');
    expect(signedYuanText('0.00')).toBe('0.00');
    expect(signedYuanText(19.5)).toBe('+19.50');
  });

  it('show nothing as 0.00 and an unreadable text as it came', () => {
    for (const f of [yuanText, signedYuanText]) {
      expect(f(null)).toBe('0.00');
      expect(f(undefined)).toBe('0.00');
      expect(f('')).toBe('0.00');
      expect(f('不限')).toBe('不限');
    }
  });
});
