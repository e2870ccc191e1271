/** Money in integer fen: parsing yuan text, formatting, and the masked name display. */
import { describe, expect, it } from 'vitest';
import { formatFen, MAX_AMOUNT_FEN, maskName, parseYuanToFen } from '../../src/domain/money.ts';

describe('parseYuanToFen', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['0.1', 10],
    ['999999999.99', 99_999_999_999],
    ['1000000000', MAX_AMOUNT_FEN],
  ])('%s → %i fen', (text, fen) => {
    expect(parseYuanToFen(text)).toBe(fen);
  });

  it('adds 0.1 and 0.2 exactly', () => {
    expect(parseYuanToFen('0.1')! + parseYuanToFen('0.2')!).toBe(parseYuanToFen('0.3'));
  });

  it('takes negatives only when allowed', () => {
    expect(parseYuanToFen('-3.07')).toBeNull();
    expect(parseYuanToFen('-3.07', { allowNegative: true })).toBe(-307);
    expect(parseYuanToFen('-0.01', { allowNegative: true })).toBe(-1);
  });

  it.each([
    '',
    ' ',
    '1.005',
    '0.001',
    '1.',
    '.5',
    '01',
    '00',
    '+1',
    '--1',
    '-',
    '1e3',
    '1E3',
    '0x10',
    ' 1',
    '1 ',
    '1,000',
    '１',
    '十',
    'NaN',
    'Infinity',
    '1000000000.01',
    '9999999999999',
    '1.2.3',
  ])('refuses %j', (text) => {
    expect(parseYuanToFen(text)).toBeNull();
    expect(parseYuanToFen(text, { allowNegative: true })).toBeNull();
  });
});

describe('formatFen', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [1234, '12.34'],
    [-5, '-0.05'],
    [-100050, '-1000.50'],
    [MAX_AMOUNT_FEN, '1000000000.00'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('round-trips with parseYuanToFen', () => {
    for (const fen of [0, 1, 99, 100, 101, 123456789, -1, -250]) {
      expect(parseYuanToFen(formatFen(fen), { allowNegative: true })).toBe(fen);
    }
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s', (n) => {
    expect(() => formatFen(n)).toThrow();
  });
});

describe('maskName', () => {
  it.each([
    ['张三丰收了', '张三***了'],
    ['abcdef', 'ab***f'],
    ['abcd', 'ab***d'],
    ['张三丰', '张**'],
    ['ab', 'a*'],
    ['a', 'a*'],
    ['😀😁😂😃', '😀😁***😃'],
  ])('%s → %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('never shows a long name whole', () => {
    expect(maskName('13812345678')).toBe('13***8');
  });
});
