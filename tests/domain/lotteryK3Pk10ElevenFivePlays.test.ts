/**
 * Plays added for issue 11 (K3, PK10, 11x5; SSC in lotterySscUnpositionedAnyPosition.test.ts): bet counts against
 * brute-force enumeration of the lines, and win checks over every draw of the window that decides them —
 * each tier's probability must equal the share of draws a single line wins it on, and every ticket's
 * closed-form settlement must equal the sum over its lines.
 */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allTuples, combinations, range } from '../../src/domain/lottery/math.ts';
import { prizePerLine } from '../../src/domain/lottery/money.ts';
import {
  formatSelection,
  parseSelection,
  validateSelection,
} from '../../src/domain/lottery/selection.ts';
import type { Draw, LotteryFamily, PlayDef } from '../../src/domain/lottery/types.ts';
import {
  countChecked as count,
  expectTicketsMatchLines,
  expectTierFrequencies,
} from './lotteryHarness.ts';

const F = DEFAULT_RULE_FLAGS;
const play = (family: LotteryFamily, code: string): PlayDef => {
  const p = getPlay(family, code);
  if (!p) throw new Error(`no ${family} play ${code}`);
  return p;
};
/** Ordered k-prefixes of distinct values, completed with the remaining values in order. */
const prefixes = (values: readonly number[], k: number): Draw[] =>
  allTuples(values, k)
    .filter((t) => new Set(t).size === k)
    .map((t) => [...t, ...values.filter((v) => !t.includes(v))]);

describe('K3 三连号单选', () => {
  const p = play('K3', 'SLHDX');
  const dice = allTuples(range(1, 6), 3);
  it('counts one line per straight and wins on its 6 orders of 216', () => {
    expect(count(p, { rows: [[1, 2, 3, 4]] })).toBe(4);
    const text = formatSelection(p, { rows: [[2, 4]] });
    expect(text).toBe('234 456');
    expect(parseSelection(p, text)).toEqual({ rows: [[2, 4]] });
    expectTierFrequencies(
      p,
      [
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
      ],
      dice,
    );
    expect(
      dice
        .filter((d) => p.checkWin({ rows: [[3]] }, d, F).wins.win)
        .map((d) => [...d].sort().join('')),
    ).toEqual(Array(6).fill('345'));
    expectTicketsMatchLines(p, [{ rows: [[1, 4]] }, { rows: [[1, 2, 3, 4]] }], dice);
  });
});

describe('PK10 猜前N按位', () => {
  it.each([
    [2, 'QE_AW'],
    [3, 'QS_AW'],
    [4, 'QSI_AW'],
    [5, 'QW_AW'],
  ] as const)('猜前%i: counts, tier frequencies, prizes by places hit', (k, code) => {
    const p = play('PK10', code);
    const sel = { rows: range(0, k - 1).map((i) => [1, 2, 3, 4 + i]) };
    expect(count(p, sel)).toBeGreaterThan(0);
    const twoCars = { rows: range(0, k - 1).map(() => [1, 2]) };
    if (k === 2) expect(count(p, twoCars)).toBe(2);
    else expect(validateSelection(p, twoCars)).toBe('选号不足，无法构成一注');
    // Only the first k cars decide: every ordered prefix once (k = 5: 30,240 draws).
    const draws = prefixes(range(1, 10), k);
    expectTierFrequencies(p, [range(1, k), range(10 - k + 1, 10).reverse()], draws);
    expectTicketsMatchLines(p, [sel], k <= 3 ? draws : draws.filter((_d, i) => i % 97 === 0));
    // Prize for m places ∝ (10)_m, and the tiers' shares make a line return exactly G/2000.
    const prize = (id: string) => prizePerLine(p.tiers.find((t) => t.id === id)!, 1950);
    const ratio = (a: string, b: string) =>
      Number((prize(a).num * prize(b).den * 1000n) / (prize(a).den * prize(b).num)) / 1000;
    expect(ratio('h2', 'h1')).toBe(9);
    if (k >= 3) expect(ratio('h3', 'h2')).toBe(8);
    const shareSum = p.tiers.reduce((s, t) => s + t.share![0] / t.share![1], 0);
    expect(shareSum).toBeCloseTo(1, 12);
  });
  it('pays the tier of how many places hit', () => {
    const p = play('PK10', 'QS_AW');
    const sel = { rows: [[1], [2], [3]] };
    expect(p.checkWin(sel, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], F)).toEqual({
      wins: { h3: 1 },
      refunds: 0,
    });
    expect(p.checkWin(sel, [1, 3, 2, 4, 5, 6, 7, 8, 9, 10], F)).toEqual({
      wins: { h1: 1 },
      refunds: 0,
    });
    expect(p.checkWin(sel, [2, 3, 1, 4, 5, 6, 7, 8, 9, 10], F)).toEqual({ wins: {}, refunds: 0 });
  });
});

describe('11x5 任选单式', () => {
  const sets = combinations(range(1, 11), 5); // order never matters: the 462 draws
  it.each(range(1, 8))('任选%i单式: duplicates count once; p over all 462 draws', (n) => {
    const p = play('SYX5', `RX${n}_DS`);
    const a = range(1, n);
    const b = range(11 - n + 1, 11);
    expect(count(p, { rows: [a, b, [...a].reverse()] })).toBe(a.join() === b.join() ? 1 : 2);
    expect(validateSelection(p, { rows: [Array(n).fill(1)] })).toBe(
      n === 1 ? null : '每注号码不能重复',
    );
    expectTierFrequencies(p, [a, b], sets);
    expectTicketsMatchLines(p, [{ rows: [a, b] }], sets);
    // the same lines as the compound 任选 play
    const pool = play('SYX5', `RX${n}`);
    expect(sets.map((d) => p.checkWin({ rows: [a] }, d, F))).toEqual(
      sets.map((d) => pool.checkWin({ rows: [a] }, d, F)),
    );
  });
});

describe('11x5 组选单式, 中三和值, 中三大小单双', () => {
  const triples = prefixes(range(1, 11), 3).map((d) => [d[4]!, ...d.slice(0, 3), d[3]!]); // 中三 = positions 2–4
  const pairs = prefixes(range(1, 11), 2);
  it('前二/前三 组选单式 win on the window set in any order', () => {
    const q3 = play('SYX5', 'Q3_ZUXDS');
    expect(
      count(q3, {
        rows: [
          [1, 2, 3],
          [3, 2, 1],
          [4, 5, 6],
        ],
      }),
    ).toBe(2);
    expect(validateSelection(q3, { rows: [[1, 1, 2]] })).not.toBeNull();
    expectTierFrequencies(
      q3,
      [
        [1, 2, 3],
        [9, 10, 11],
      ],
      prefixes(range(1, 11), 3),
    );
    const q2 = play('SYX5', 'Q2_ZUXDS');
    expectTierFrequencies(
      q2,
      [
        [1, 2],
        [5, 11],
      ],
      pairs,
    );
    expectTicketsMatchLines(
      q2,
      [
        {
          rows: [
            [1, 2],
            [2, 3],
            [11, 1],
          ],
        },
      ],
      pairs,
    );
  });
  it('中三直选和值 counts the ordered distinct triples of each sum', () => {
    const p = play('SYX5', 'Z3_ZXHZ');
    const ways = (s: number) =>
      allTuples(range(1, 11), 3).filter((t) => new Set(t).size === 3 && t[0]! + t[1]! + t[2]! === s)
        .length;
    expect(count(p, { rows: [[6, 18, 30]] })).toBe(ways(6) + ways(18) + ways(30));
    expect(ways(6)).toBe(6);
    expect(p.countBets({ rows: [range(6, 30)] })).toBe(990);
    expectTicketsMatchLines(p, [{ rows: [[6, 18, 30]] }], triples);
    const wins = triples.filter((d) => p.checkWin({ rows: [[18]] }, d, F).wins.win).length;
    expect(wins).toBe(ways(18));
  });
  it('中三大小单双 prices each attribute mix by enumeration', () => {
    const p = play('SYX5', 'Z3_DXDS');
    expect(p.tiers).toHaveLength(20);
    expect(count(p, { rows: [[0, 1], [0, 1, 2, 3], [3]] })).toBe(8);
    // 大大大: 6·5·4 of 990; 双双双: 5·4·3.
    expect(p.tiers.find((t) => t.nameZh === '大大大')).toMatchObject({ pNum: 120, pDen: 990 });
    expect(p.tiers.find((t) => t.nameZh === '双双双')).toMatchObject({ pNum: 60, pDen: 990 });
    expectTierFrequencies(p, allTuples([0, 1, 2, 3], 3), triples);
    expectTicketsMatchLines(
      p,
      [
        {
          rows: [
            [0, 1, 2, 3],
            [0, 2],
            [1, 3],
          ],
        },
      ],
      triples,
    );
  });
});

describe('how-to-play text', () => {
  const added: [LotteryFamily, string[]][] = [
    ['K3', ['SLHDX']],
    ['PK10', ['QE_AW', 'QS_AW', 'QSI_AW', 'QW_AW']],
    [
      'SYX5',
      [...range(1, 8).map((n) => `RX${n}_DS`), 'Q2_ZUXDS', 'Q3_ZUXDS', 'Z3_ZXHZ', 'Z3_DXDS'],
    ],
    [
      'SSC',
      [
        'WX_BDW1',
        'Q4_BDW1',
        'Q4_BDW2',
        'RX2_ZUXDS',
        'RX2_ZUXHZ',
        'RX3_ZXHZ',
        'RX3_ZUXHZ',
        'RX4_ZX12',
        'RX4_ZX6',
        'RX4_ZX4',
      ],
    ],
  ];
  it.each(added)('every play added to %s says in Chinese how it wins', (family, codes) => {
    for (const code of codes)
      expect(play(family, code).helpZh, `${family}/${code}`).toMatch(/^[^a-zA-Z]*中奖/);
  });
});
