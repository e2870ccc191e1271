/** FC3D/PL35, BJ28, KL8 and LHC: §13 vectors, rule flags, and closed forms vs enumeration for every play. */
import { describe, expect, it } from 'vitest';
import { getPlay, playsOf } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import type { LotteryFamily, PlayDef } from '../../src/domain/lottery/types.ts';
import { parseSelection, validateSelection } from '../../src/domain/lottery/selection.ts';
import { numbersOfZodiac } from '../../src/domain/lottery/lhcAttrs.ts';
import { checkPlayAgainstEnumeration } from './lotteryHarness.ts';

const play = (family: LotteryFamily, code: string): PlayDef => {
  const p = getPlay(family, code);
  if (!p) throw new Error(`no ${family} play ${code}`);
  return p;
};
const countText = (family: LotteryFamily, code: string, text: string): number => {
  const p = play(family, code);
  const sel = parseSelection(p, text);
  expect(sel).not.toBeNull();
  expect(validateSelection(p, sel!)).toBeNull();
  return p.countBets(sel!);
};
const F = DEFAULT_RULE_FLAGS;

describe('LHC test vectors (§13) and attributes', () => {
  it('三全中 / 三中二 on 6 numbers = 20', () => {
    expect(countText('LHC', 'SQZ', '03 14 17 21 22 34')).toBe(20);
    expect(countText('LHC', 'SZE', '03 14 17 21 22 34')).toBe(20);
  });
  it('二连尾 on 5 tails = 10, 三连尾 on 6 tails = 20', () => {
    expect(countText('LHC', 'LW2', '0尾 3尾 4尾 8尾 9尾')).toBe(10);
    expect(countText('LHC', 'LW3', '0尾 1尾 3尾 4尾 8尾 9尾')).toBe(20);
  });
  it('四连肖 on 5 zodiacs = 5; 合肖 is one line', () => {
    expect(countText('LHC', 'LX4', '鼠 牛 虎 兔 龙')).toBe(5);
    expect(countText('LHC', 'HX', '鼠 牛 虎 兔 龙')).toBe(1);
  });
  it('zodiac numbers in a 猴 year: 马 = 03 15 27 39, 羊 = 02 14 26 38; the year animal owns 5', () => {
    expect(numbersOfZodiac(6, 8)).toEqual([3, 15, 27, 39]);
    expect(numbersOfZodiac(7, 8)).toEqual([2, 14, 26, 38]);
    expect(numbersOfZodiac(8, 8)).toEqual([1, 13, 25, 37, 49]);
  });
  it('special 49 is 和 for 大小 and 合肖, green for 色波', () => {
    const draw = [1, 2, 3, 4, 5, 6, 49];
    expect(play('LHC', 'TMLM').checkWin({ rows: [[0, 1]] }, draw, F)).toEqual({
      wins: {},
      refunds: 2,
    });
    expect(play('LHC', 'HX').checkWin({ rows: [[0, 1, 2]] }, draw, F)).toEqual({
      wins: {},
      refunds: 1,
    });
    expect(play('LHC', 'SB').checkWin({ rows: [[2]] }, draw, F)).toEqual({
      wins: { c2: 1 },
      refunds: 0,
    });
  });
  it('半波 and 色波 probabilities match §10.2', () => {
    expect(play('LHC', 'BB').tiers.map((t) => t.pNum)).toEqual([
      7, 10, 8, 9, 9, 8, 9, 7, 8, 8, 8, 8, 8, 7, 8, 7, 7, 8,
    ]);
    expect(play('LHC', 'SB').tiers.map((t) => t.pNum)).toEqual([17, 16, 16]);
  });
});

describe('BJ28 and KL8 rules', () => {
  it('BJ28 组合 / 极值 / 波色 ways match §9.3', () => {
    const lm = play('BJ28', 'LM').tiers.map((t) => t.pNum);
    expect(lm).toEqual([500, 500, 500, 500, 231, 269, 269, 231, 56, 56]);
    expect(play('BJ28', 'BS').tiers.map((t) => t.pNum)).toEqual([332, 258, 258]);
  });
  it('BJ28 13/14 rule refunds 大小单双 only when configured; 极值 rule B narrows the range', () => {
    const lm = play('BJ28', 'LM');
    const draw = [4, 5, 4]; // 13
    expect(lm.checkWin({ rows: [[1]] }, draw, F)).toEqual({ wins: { small: 1 }, refunds: 0 });
    const flags = {
      ...F,
      bj28Special1314: { twoSided: 'refund' as const, combo: 'normal' as const },
    };
    expect(lm.checkWin({ rows: [[1, 6]] }, draw, flags)).toEqual({
      wins: { smallOdd: 1 },
      refunds: 1,
    });
    expect(lm.checkWin({ rows: [[9]] }, [0, 5, 0], F).wins).toEqual({ extremeSmall: 1 });
    expect(lm.checkWin({ rows: [[9]] }, [0, 5, 0], { ...F, bj28ExtremeRange: 'B' }).wins).toEqual(
      {},
    );
  });
  it('KL8 sum 810: 大 refunds under the tie rule and loses otherwise; 单双 settle normally', () => {
    const zh = play('KL8', 'ZH');
    const draw = [80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(draw.reduce((a, b) => a + b, 0)).toBe(810);
    expect(zh.checkWin({ rows: [[0, 3, 4]] }, draw, F)).toEqual({
      wins: { even: 1, sum810: 1 },
      refunds: 1,
    });
    expect(zh.checkWin({ rows: [[0]] }, draw, { ...F, kl8Sum810: 'lose' })).toEqual({
      wins: {},
      refunds: 0,
    });
  });
  it('KL8 选三 tiers carry exact hypergeometric probabilities', () => {
    expect(play('KL8', 'RX3').tiers.map((t) => [t.id, t.pNum, t.pDen])).toEqual([
      ['h3', 1140, 82160],
      ['h2', 11_400, 82160],
    ]);
  });
});

const FAMILIES: LotteryFamily[] = ['FC3D', 'PL35', 'BJ28', 'KL8', 'LHC'];
describe.each(FAMILIES)('every %s play: closed forms equal enumeration', (family) => {
  const plays = playsOf(family);
  it('catalogue is populated', () => expect(plays.length).toBeGreaterThan(4));
  it.each(plays.map((p, i) => [p.code, p.nameZh, i] as const))('%s %s', (code, _n, i) => {
    const p = play(family, code);
    const heavy = p.line.size >= 5;
    checkPlayAgainstEnumeration(p, 31_000 + i, {
      selections: heavy ? 3 : 5,
      draws: heavy ? 15 : 40,
      extra: heavy ? 1 : 3,
    });
  });
});

describe('LHC flags', () => {
  it('家禽/野兽 on 49 follow lhcPoultryBeast49Tie; other zodiac years settle consistently', () => {
    const flags = { ...F, lhcPoultryBeast49Tie: false, lhcZodiacYear: 0 };
    for (const p of playsOf('LHC').filter((x) => x.line.size < 5))
      checkPlayAgainstEnumeration(p, 5, { selections: 2, draws: 20, flags });
  });
});

describe('LHC 正肖', () => {
  it('pays once per regular number of the zodiac, never on the special', () => {
    // 2026 is a 马 year: 马 = 01 13 25 37 49.
    const draw = [1, 13, 2, 3, 4, 5, 25];
    expect(play('LHC', 'ZX').checkWin({ rows: [[6]] }, draw, F)).toEqual({
      wins: { yearAnimal: 2 },
      refunds: 0,
    });
  });
});
