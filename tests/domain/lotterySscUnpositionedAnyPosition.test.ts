/**
 * SSC plays added for issue 11: counts against brute-force enumeration, and win checks over every draw
 * of the positions that decide them (other positions fixed): each tier's p equals the share of draws a
 * line wins it on, and each ticket's closed form equals the sum over its lines.
 */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { allTuples, range } from '../../src/domain/lottery/math.ts';
import { validateSelection } from '../../src/domain/lottery/selection.ts';
import type { Draw, PlayDef, Selection } from '../../src/domain/lottery/types.ts';
import {
  countChecked as count,
  enumerateLines,
  expectTicketsMatchLines,
  expectTierFrequencies,
} from './lotteryHarness.ts';

const play = (code: string): PlayDef => {
  const p = getPlay('SSC', code);
  if (!p) throw new Error(`no SSC play ${code}`);
  return p;
};
const DIGITS = range(0, 9);
/** Every draw of the given positions, the other positions 7. */
const drawsOver = (positions: readonly number[]): Draw[] =>
  allTuples(DIGITS, positions.length).map((t) =>
    range(0, 4).map((i) => (positions.includes(i) ? t[positions.indexOf(i)]! : 7)),
  );

describe('不定位: 五星一码, 前四 一码/二码', () => {
  it.each([
    ['WX_BDW1', [0, 1, 2, 3, 4], 1],
    ['Q4_BDW1', [0, 1, 2, 3], 1],
    ['Q4_BDW2', [0, 1, 2, 3], 2],
  ] as const)('%s', (code, positions, k) => {
    const p = play(code);
    expect(count(p, { rows: [[1, 3, 5, 8]] })).toBe(k === 1 ? 4 : 6);
    expect(p.maxRebatePermille).toBe(70);
    const draws =
      positions.length === 5
        ? drawsOver(positions)
        : drawsOver(positions).map((d) => [...d.slice(0, 4), 9]);
    expectTierFrequencies(p, enumerateLines(p, { rows: [[1, 9]] }), draws); // 9 at 个位 must not count for 前四
    expectTicketsMatchLines(
      p,
      [{ rows: [[1, 3, 5, 9]] }],
      draws.filter((_d, i) => i % 7 === 0),
    );
  });
});

describe('任选 组选/和值', () => {
  const cases: [string, Selection, number[]][] = [
    [
      'RX2_ZUXDS',
      {
        rows: [
          [1, 2],
          [2, 1],
          [3, 4],
          [0, 1, 3],
        ],
      },
      [0, 1, 3],
    ],
    [
      'RX2_ZUXHZ',
      {
        rows: [
          [1, 9, 17],
          [1, 4],
        ],
      },
      [1, 4],
    ],
    [
      'RX3_ZXHZ',
      {
        rows: [
          [0, 13, 27],
          [0, 2, 4],
        ],
      },
      [0, 2, 4],
    ],
    [
      'RX3_ZUXHZ',
      {
        rows: [
          [3, 14, 26],
          [1, 2, 3, 4],
        ],
      },
      [1, 2, 3, 4],
    ],
    [
      'RX4_ZX12',
      {
        rows: [
          [1, 2],
          [3, 4, 5],
          [0, 1, 2, 4],
        ],
      },
      [0, 1, 2, 4],
    ],
    [
      'RX4_ZX6',
      {
        rows: [
          [1, 2, 3],
          [0, 1, 2, 4],
        ],
      },
      [0, 1, 2, 4],
    ],
    [
      'RX4_ZX4',
      {
        rows: [
          [1, 2],
          [2, 6],
          [0, 1, 3, 4],
        ],
      },
      [0, 1, 3, 4],
    ],
  ];
  it.each(cases)(
    '%s: count and wins over every draw of the checked positions',
    (code, sel, positions) => {
      const p = play(code);
      const n = count(p, sel);
      expect(n).toBeGreaterThan(0);
      const draws = drawsOver(positions);
      const lines = enumerateLines(p, sel);
      expectTierFrequencies(
        p,
        lines.filter((_l, i) => i % Math.ceil(lines.length / 6) === 0),
        draws,
      );
      expectTicketsMatchLines(
        p,
        [sel],
        positions.length > 3 ? draws.filter((_d, i) => i % 3 === 0) : draws,
      );
    },
  );
  it('counts as the window play times the position windows', () => {
    // 任二组选单式: two distinct entries × C(3,2) windows; a pair entry is not a 组选 entry.
    expect(
      play('RX2_ZUXDS').countBets({
        rows: [
          [1, 2],
          [3, 4],
          [0, 1, 3],
        ],
      }),
    ).toBe(6);
    expect(
      validateSelection(play('RX2_ZUXDS'), {
        rows: [
          [1, 1],
          [0, 1],
        ],
      }),
    ).not.toBeNull();
    // 任三直选和值 0 and 27: one line each per window; C(4,3) = 4 windows.
    expect(
      play('RX3_ZXHZ').countBets({
        rows: [
          [0, 27],
          [0, 1, 2, 3],
        ],
      }),
    ).toBe(8);
    // 任四组选12 with every digit: 10·C(9,2) = 360 per window; 组选6: C(10,2) = 45; 组选4: 90.
    expect(play('RX4_ZX12').countBets({ rows: [DIGITS, DIGITS, [0, 1, 2, 3, 4]] })).toBe(360 * 5);
    expect(
      count(play('RX4_ZX12'), {
        rows: [
          [1, 2],
          [2, 3, 4],
          [0, 1, 2, 3, 4],
        ],
      }),
    ).toBe((3 + 1) * 5);
    expect(play('RX4_ZX6').countBets({ rows: [DIGITS, [0, 1, 2, 3]] })).toBe(45);
    expect(play('RX4_ZX4').countBets({ rows: [DIGITS, DIGITS, [0, 1, 2, 3]] })).toBe(90);
  });
});
