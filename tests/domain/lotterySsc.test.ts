/** SSC: §13 test vectors and closed forms vs enumeration for every SSC play. */
import { describe, expect, it } from 'vitest';
import { getPlay, playsOf } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import type { PlayDef } from '../../src/domain/lottery/types.ts';
import { parseSelection, validateSelection } from '../../src/domain/lottery/selection.ts';
import { checkPlayAgainstEnumeration } from './lotteryHarness.ts';

const play = (code: string): PlayDef => {
  const p = getPlay('SSC', code);
  if (!p) throw new Error(`no SSC play ${code}`);
  return p;
};
const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const count = (code: string, rows: number[][]): number => {
  const p = play(code);
  expect(validateSelection(p, { rows })).toBeNull();
  return p.countBets({ rows });
};

describe('SSC test vectors (§13)', () => {
  it('定位胆 "1 4 5 7 9,-,-,-,-" is 5 lines', () => {
    const sel = parseSelection(play('DWD'), '1 4 5 7 9,-,-,-,-')!;
    expect(validateSelection(play('DWD'), sel)).toBeNull();
    expect(play('DWD').countBets(sel)).toBe(5);
  });
  it('前三直选跨度 {1,9} = 108', () => expect(count('Q3_ZXKD', [[1, 9]])).toBe(108));
  it('前二跨度 {2,3,4} = 42; 后二跨度 {0,1,5,6,7,8,9} = 58', () => {
    expect(count('Q2_ZXKD', [[2, 3, 4]])).toBe(42);
    expect(count('H2_ZXKD', [[0, 1, 5, 6, 7, 8, 9]])).toBe(58);
  });
  it('前三直选和值 {12…18} = 483', () =>
    expect(count('Q3_ZXHZ', [[12, 13, 14, 15, 16, 17, 18]])).toBe(483));
  it('组三 10 digits / 组六 4 / 组六 8', () => {
    expect(count('Q3_Z3FS', [all])).toBe(90);
    expect(count('Q3_Z6FS', [[1, 2, 3, 4]])).toBe(4);
    expect(count('Q3_Z6FS', [[0, 1, 2, 3, 4, 5, 6, 7]])).toBe(56);
  });
  it('组选包胆 one digit = 54', () => expect(count('Q3_ZUXBD', [[7]])).toBe(54));
  it('五星组选120/60/30/20/10/5 full = 252/840/360/360/90/90', () => {
    expect(count('WX_ZX120', [all])).toBe(252);
    expect(count('WX_ZX60', [all, all])).toBe(840);
    expect(count('WX_ZX30', [all, all])).toBe(360);
    expect(count('WX_ZX20', [all, all])).toBe(360);
    expect(count('WX_ZX10', [all, all])).toBe(90);
    expect(count('WX_ZX5', [all, all])).toBe(90);
  });
  it('四星组选24/12/6/4 full = 210/360/45/90; 组选12 with a 7-digit pair row = 252', () => {
    expect(count('SX_ZX24', [all])).toBe(210);
    expect(count('SX_ZX12', [all, all])).toBe(360);
    expect(count('SX_ZX6', [all])).toBe(45);
    expect(count('SX_ZX4', [all, all])).toBe(90);
    expect(count('SX_ZX12', [[0, 1, 2, 3, 4, 5, 6], all])).toBe(252);
  });
  it('组选60 A={1,2,3} B={1,2,3,4,5} = 12', () =>
    expect(
      count('WX_ZX60', [
        [1, 2, 3],
        [1, 2, 3, 4, 5],
      ]),
    ).toBe(12));
  it('二星直选 7×7 = 49', () =>
    expect(
      count('Q2_ZXFS', [
        [0, 1, 2, 3, 4, 5, 6],
        [3, 4, 5, 6, 7, 8, 9],
      ]),
    ).toBe(49));
  it('后三直选 8·8·9 = 576', () => {
    const sel = parseSelection(
      play('H3_ZXFS'),
      '1 2 4 5 6 7 8 9,0 1 2 3 4 5 8 9,0 2 3 4 5 6 7 8 9',
    )!;
    expect(play('H3_ZXFS').countBets(sel)).toBe(576);
  });
});

describe('SSC reference tables (§3.2)', () => {
  it('N3, G3 and span tables', () => {
    const n3 = Array.from({ length: 28 }, (_, s) => play('Q3_ZXHZ').countBets({ rows: [[s]] }));
    expect(n3.slice(0, 14)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75]);
    const g3 = Array.from({ length: 13 }, (_, i) =>
      play('Q3_ZUXHZ').countBets({ rows: [[i + 1]] }),
    );
    expect(g3).toEqual([1, 2, 2, 4, 5, 6, 8, 10, 11, 13, 14, 14, 15]);
    expect(all.map((k) => play('Q3_ZXKD').countBets({ rows: [[k]] }))).toEqual([
      10, 54, 96, 126, 144, 150, 144, 126, 96, 54,
    ]);
    expect(all.map((k) => play('Q2_ZXKD').countBets({ rows: [[k]] }))).toEqual([
      10, 18, 16, 14, 12, 10, 8, 6, 4, 2,
    ]);
    expect(
      play('Q2_ZUXHZ').countBets({ rows: [Array.from({ length: 17 }, (_, i) => i + 1)] }),
    ).toBe(45);
  });
  it('龙虎: a tie loses 龙 under rule A and refunds it under rule B', () => {
    const lh = play('LH');
    // Row 3 is the 万个 pair (pairs in order 万千, 万百, 万十, 万个, …).
    const sel = { rows: [[], [], [], [0, 2], [], [], [], [], [], []] };
    expect(lh.checkWin(sel, [3, 1, 1, 1, 3], DEFAULT_RULE_FLAGS)).toEqual({
      wins: { tie: 1 },
      refunds: 0,
    });
    expect(
      lh.checkWin(sel, [3, 1, 1, 1, 3], { ...DEFAULT_RULE_FLAGS, sscDragonTie: 'refund' }),
    ).toEqual({ wins: { tie: 1 }, refunds: 1 });
  });
});

describe('every SSC play: closed forms equal enumeration', () => {
  const plays = playsOf('SSC');
  it('catalogue is populated', () => expect(plays.length).toBeGreaterThan(60));
  it.each(plays.map((p, i) => [p.code, p.nameZh, i] as const))('%s %s', (code, _name, i) => {
    const p = play(code);
    const heavy = p.line.size >= 5 || code.startsWith('RX4');
    checkPlayAgainstEnumeration(p, 1000 + i, {
      selections: heavy ? 3 : 6,
      draws: heavy ? 20 : 60,
      extra: heavy ? 1 : 3,
    });
  });
});
