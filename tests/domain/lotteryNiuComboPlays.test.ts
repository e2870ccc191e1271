/**
 * More plays for issue 11: 11x5 猜必不中 and 牛牛, SSC 大单/小双, 斗牛 and 组合. Bet counts against
 * brute-force enumeration of the lines; win checks over every draw of the positions that decide the play
 * (each tier's p equals the share of draws a line wins it on; every ticket equals the sum over its lines);
 * prizes and odds at the family's return.
 */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { allTuples, choose, combinations, range } from '../../src/domain/lottery/math.ts';
import { prizePerLineFen } from '../../src/domain/lottery/money.ts';
import { formatSelection, parseSelection } from '../../src/domain/lottery/selection.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { niuOf } from '../../src/domain/lottery/niu.ts';
import { playOdds } from '../../src/domain/lottery/pricing.ts';
import type { Draw, LotteryFamily, PlayDef } from '../../src/domain/lottery/types.ts';
import {
  countChecked as count,
  expectTicketsMatchLines,
  expectTierFrequencies,
} from './lotteryHarness.ts';

const play = (family: LotteryFamily, code: string): PlayDef => {
  const p = getPlay(family, code);
  if (!p) throw new Error(`no ${family} play ${code}`);
  return p;
};
/** The 462 11x5 draws as sets: these plays do not depend on the order of the balls. */
const SETS: Draw[] = combinations(range(1, 11), 5);
/** Niu by brute force: some 3 of the 5 sum to a multiple of 10; then the other two's sum mod 10. */
function niuBrute(d: readonly number[]): number {
  for (const t of combinations([0, 1, 2, 3, 4], 3)) {
    if (t.reduce((s, i) => s + d[i]!, 0) % 10 !== 0) continue;
    const rest = [0, 1, 2, 3, 4].filter((i) => !t.includes(i)).reduce((s, i) => s + d[i]!, 0) % 10;
    return rest === 0 ? 10 : rest;
  }
  return 0;
}

describe('11x5 猜必不中', () => {
  it.each(range(1, 5))(
    '猜%i不中: C(n,k) lines, wins when none is drawn, p = C(11−k,5)/462',
    (k) => {
      const p = play('SYX5', `BBZ${k}`);
      expect(count(p, { rows: [range(1, k + 2)] })).toBe(choose(k + 2, k));
      expect(p.tiers[0]!.pNum).toBe(choose(11 - k, 5));
      expectTierFrequencies(
        p,
        combinations(range(1, 11), k).filter((_l, i) => i % 7 === 0),
        SETS,
      );
      expectTicketsMatchLines(p, [{ rows: [range(3, 3 + k + 1)] }], SETS);
      expect(p.helpZh).toContain('不在开奖的5个号码中');
    },
  );
  it('pays G / (1000·p): 猜一不中 3.575 元, 猜五不中 150.15 元 at 1950', () => {
    expect(prizePerLineFen(play('SYX5', 'BBZ1').tiers[0]!, 1950)).toBe(357);
    expect(prizePerLineFen(play('SYX5', 'BBZ5').tiers[0]!, 1950)).toBe(15_015);
    // 01 02 03 against 04 05 06 07 08: all three lines of C(3,2) win 猜二不中
    expect(
      play('SYX5', 'BBZ2').checkWin({ rows: [[1, 2, 3]] }, [8, 4, 6, 5, 7], DEFAULT_RULE_FLAGS).wins
        .win,
    ).toBe(3);
  });
});

describe('牛牛', () => {
  it('niuOf agrees with brute force on every 11x5 draw and on every SSC 五星 draw of a sample', () => {
    for (const d of SETS) expect(niuOf(d), d.join(',')).toBe(niuBrute(d));
    for (const d of allTuples(range(0, 9), 5).filter((_d, i) => i % 37 === 0))
      expect(niuOf(d), d.join(',')).toBe(niuBrute(d));
    expect(niuOf([1, 2, 7, 3, 6])).toBe(9); // 1+2+7 = 10, 3+6 = 9
    expect(niuOf([0, 0, 0, 5, 5])).toBe(10); // 牛牛
    expect(niuOf([1, 1, 1, 1, 2])).toBe(0); // 无牛
    expect(niuOf([11, 10, 9, 3, 8])).toBe(1); // 11+9 … 9+3+8 = 20, 11+10 = 21 → 牛1
  });
  it('11x5 牛牛: one line per outcome, tiers over the 462 draws, odds R/p', () => {
    const p = play('SYX5', 'NN');
    expect(p.model).toBe('odds');
    expect(count(p, { rows: [[0, 5, 10]] })).toBe(3);
    expect(p.tiers.reduce((s, t) => s + t.pNum, 0)).toBe(462);
    expectTierFrequencies(
      p,
      range(0, 10).map((v) => [0, v]),
      SETS,
    );
    expectTicketsMatchLines(p, [{ rows: [[0, 1, 9, 10]] }], SETS);
    // 无牛 96 of 462 → class 'attribute' 95 % (returns.ts): 0.95 · 462 / 96 = 4.5718… at the cap group
    expect(playOdds(p, 1950).none).toBe(45_718);
  });
  it('SSC 斗牛: tiers over all 10^5 draws', () => {
    const p = play('SSC', 'NN');
    expect(p.model).toBe('odds');
    const draws = allTuples(range(0, 9), 5);
    expect(p.tiers.reduce((s, t) => s + t.pNum, 0)).toBe(100_000);
    expectTierFrequencies(
      p,
      range(0, 10).map((v) => [0, v]),
      draws,
    );
    expectTicketsMatchLines(
      p,
      [{ rows: [[0, 3, 10]] }],
      draws.filter((_d, i) => i % 11 === 0),
    );
    // 牛牛 6456 of 10^5 → class 'attribute' 95 %: 0.95 / 0.06456 = 14.7149… at the cap group
    expect(playOdds(p, 1950).nn).toBe(147_149);
  });
});

describe('SSC 大单小双', () => {
  const p = play('SSC', 'DXDS_ZH');
  const draws = allTuples(range(0, 9), 5);
  it('one line per chosen attribute pair; tiers over all 10^5 draws; no 和', () => {
    expect(count(p, { rows: [[0], [], [1, 3], [], [], [0, 1, 2, 3]] })).toBe(7);
    expectTierFrequencies(
      p,
      range(0, 5).flatMap((r) => range(0, 3).map((c) => [r, c])),
      draws,
    );
    expectTicketsMatchLines(
      p,
      [{ rows: [[0, 3], [1], [2], [0, 1, 2, 3], [3], [0]] }],
      draws.filter((_d, i) => i % 13 === 0),
    );
    // every digit and every sum has exactly one of the four: no line is ever refunded
    for (const d of draws.filter((_d, i) => i % 101 === 0)) {
      const w = p.checkWin({ rows: range(0, 5).map(() => [0, 1, 2, 3]) }, d, DEFAULT_RULE_FLAGS);
      expect(w.refunds).toBe(0);
      expect(Object.values(w.wins).reduce((a, b) => a + b, 0)).toBe(6);
    }
  });
  it('writes and reads its selection text with the labels, as 斗牛 does', () => {
    const sel = { rows: [[0], [], [1, 3], [], [], [2]] };
    expect(formatSelection(p, sel)).toBe('大单,-,大双 小双,-,-,小单');
    expect(parseSelection(p, formatSelection(p, sel))).toEqual(sel);
    const nn = play('SSC', 'NN');
    expect(formatSelection(nn, { rows: [[0, 7, 10]] })).toBe('无牛 牛7 牛牛');
    expect(parseSelection(nn, '无牛 牛7 牛牛')).toEqual({ rows: [[0, 7, 10]] });
  });
  it('prices 大单 of a digit at R / 0.3 and 大双 at R / 0.2 (R: class 组合 93 % at the cap group)', () => {
    const odds = playOdds(p, 1950);
    expect(odds.bigOdd).toBe(31_000);
    expect(odds.bigEven).toBe(46_500);
    expect(odds.sum_bigOdd).toBe(Math.floor((9300 * 10_000 * 100_000) / (10_000 * 26_508)));
  });
});

describe('SSC 组合', () => {
  const windows: [string, number[]][] = [
    ['WX_ZH', [0, 1, 2, 3, 4]],
    ['SX_ZH', [1, 2, 3, 4]],
    ['Q4_ZH', [0, 1, 2, 3]],
    ['Q3_ZH', [0, 1, 2]],
    ['Z3_ZH', [1, 2, 3]],
    ['H3_ZH', [2, 3, 4]],
  ];
  /** Every draw of the window's positions, the other positions 7. */
  const drawsOver = (w: readonly number[]): Draw[] =>
    allTuples(range(0, 9), w.length).map((t) =>
      range(0, 4).map((i) => (w.includes(i) ? t[w.indexOf(i)]! : 7)),
    );
  it.each(windows)(
    '%s: n lines per number, level k wins on the last k digits with p = 10^−k',
    (code, w) => {
      const p = play('SSC', code);
      const n = w.length;
      const sel = { rows: w.map((_i, j) => (j % 2 === 0 ? [1, 2] : [3])) };
      expect(count(p, sel)).toBe(n * 2 ** Math.ceil(n / 2));
      expect(p.tiers.map((t) => t.pDen)).toEqual(
        range(1, n)
          .reverse()
          .map((k) => 10 ** k),
      );
      const draws = drawsOver(w);
      const some = n === 5 ? draws.filter((_d, i) => i % 9 === 0) : draws;
      expectTicketsMatchLines(
        p,
        [sel, { rows: w.map((_i, j) => [...new Set([j, 9 - j, 5])]) }],
        some,
      );
      // one line per level, tier frequencies exact over every draw of the window (10^n)
      expectTierFrequencies(
        p,
        range(1, n).map((k) => [k, ...w.map((_i, j) => j + 1)]),
        draws,
      );
      expect(p.helpZh).toContain(`注数为${n}倍`);
    },
    30_000,
  ); // 五星 walks all 10^5 draws: seconds on a loaded 2-core machine
  it('五星组合 12345 pays every level on 12345 and all but 五星 on 02345; prizes at 1950', () => {
    const p = play('SSC', 'WX_ZH');
    const sel = { rows: [[1], [2], [3], [4], [5]] };
    expect(p.checkWin(sel, [1, 2, 3, 4, 5], DEFAULT_RULE_FLAGS).wins).toEqual({
      l5: 1,
      l4: 1,
      l3: 1,
      l2: 1,
      l1: 1,
    });
    expect(p.checkWin(sel, [0, 2, 3, 4, 5], DEFAULT_RULE_FLAGS).wins).toEqual({
      l4: 1,
      l3: 1,
      l2: 1,
      l1: 1,
    });
    expect(p.checkWin(sel, [1, 2, 3, 4, 6], DEFAULT_RULE_FLAGS).wins).toEqual({});
    // two 万位 numbers: both carry the same 四星…一星 lines
    expect(
      p.checkWin({ rows: [[0, 1], [2], [3], [4], [5]] }, [1, 2, 3, 4, 5], DEFAULT_RULE_FLAGS).wins,
    ).toEqual({ l5: 1, l4: 2, l3: 2, l2: 2, l1: 2 });
    expect(p.tiers.map((t) => prizePerLineFen(t, 1950))).toEqual([
      19_500_000, 1_950_000, 195_000, 19_500, 1950,
    ]);
  });
});
