/** K3, SYX5 and PK10: §13 test vectors, rule flags, and closed forms vs enumeration for every play. */
import { describe, expect, it } from 'vitest';
import { getPlay, playsOf } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import type { LotteryFamily, PlayDef } from '../../src/domain/lottery/types.ts';
import { parseSelection, validateSelection } from '../../src/domain/lottery/selection.ts';
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

describe('test vectors (§13)', () => {
  it('11x5 前三直选 A = B = C = {01,02,03} = 6', () =>
    expect(countText('SYX5', 'Q3_ZXFS', '01 02 03,01 02 03,01 02 03')).toBe(6));
  it('PK10 猜前二 "01 02,01 02" = 2; 猜前三 §7.2 sample = 52', () => {
    expect(countText('PK10', 'QE_FS', '01 02,01 02')).toBe(2);
    expect(countText('PK10', 'QS_FS', '02 06 07 09,02 07 08 09,01 03 04 05')).toBe(52);
  });
  it('K3 三不同号 "2 3 4 5" = 4, 二不同号 "1 4 6" = 3, 三同号单选 222,666 = 2', () => {
    expect(countText('K3', 'SBTH', '2 3 4 5')).toBe(4);
    expect(countText('K3', 'EBTH', '1 4 6')).toBe(3);
    expect(countText('K3', 'STHDX', '222 666')).toBe(2);
  });
});

describe('rule flags', () => {
  const F = DEFAULT_RULE_FLAGS;
  it('K3 二同号复选 includes the triple only under the official rule', () => {
    const p = play('K3', 'ETHFX');
    expect(p.checkWin({ rows: [[1]] }, [1, 1, 1], F).wins).toEqual({ win: 1 });
    expect(
      p.checkWin({ rows: [[1]] }, [1, 1, 1], { ...F, k3PairIncludesTriple: false }).wins,
    ).toEqual({});
  });
  it('K3 triple-kill makes 和值大 lose on 666', () => {
    const p = play('K3', 'HZDXDS');
    expect(p.checkWin({ rows: [[0]] }, [6, 6, 6], F).wins).toEqual({ big: 1 });
    expect(p.checkWin({ rows: [[0]] }, [6, 6, 6], { ...F, k3TripleKill: true }).wins).toEqual({});
  });
  it('11x5 sum 30 and ball 11 follow their flags', () => {
    const p = play('SYX5', 'LM');
    const sumBig = { rows: [[0], [], [], [], [], []] };
    const draw = [1, 3, 7, 8, 11]; // sum 30
    expect(p.checkWin(sumBig, draw, F)).toEqual({ wins: {}, refunds: 1 });
    expect(p.checkWin(sumBig, draw, { ...F, syx5Sum30: 'lose' })).toEqual({ wins: {}, refunds: 0 });
    const ball5Big = { rows: [[], [], [], [], [], [0]] };
    expect(p.checkWin(ball5Big, draw, F)).toEqual({ wins: {}, refunds: 1 });
    expect(p.checkWin(ball5Big, draw, { ...F, syx5ElevenIs: 'big' })).toEqual({
      wins: { big: 1 },
      refunds: 0,
    });
    expect(p.checkWin(ball5Big, draw, { ...F, syx5ElevenIs: 'lose' })).toEqual({
      wins: {},
      refunds: 0,
    });
  });
  it('PK10 冠亚和 11: 小 wins without the tie rule, refunds with it', () => {
    const p = play('PK10', 'LM');
    const gySmall = { rows: [[1], ...Array(10).fill([])] };
    const draw = [5, 6, 1, 2, 3, 4, 7, 8, 9, 10];
    expect(p.checkWin(gySmall, draw, F)).toEqual({ wins: { gySmall: 1 }, refunds: 0 });
    expect(p.checkWin(gySmall, draw, { ...F, pk10GySumElevenTie: true })).toEqual({
      wins: {},
      refunds: 1,
    });
  });
  it('SYX5 任选六中五 wins C(n−5,1) lines when all five are chosen', () => {
    const p = play('SYX5', 'RX6');
    expect(p.checkWin({ rows: [[1, 2, 3, 4, 5, 6, 7]] }, [5, 4, 3, 2, 1], F).wins).toEqual({
      win: 2,
    });
  });
  it('SYX5 定单双 / 猜中位 probabilities sum to the 462 draws', () => {
    const total = (code: string) => play('SYX5', code).tiers.reduce((n, t) => n + t.pNum, 0);
    expect(total('DDS')).toBe(462);
    expect(total('CZW')).toBe(462);
  });
});

describe.each(['K3', 'SYX5', 'PK10'] as const)(
  'every %s play: closed forms equal enumeration',
  (family) => {
    const plays = playsOf(family);
    it('catalogue is populated', () => expect(plays.length).toBeGreaterThan(8));
    it.each(plays.map((p, i) => [p.code, p.nameZh, i] as const))('%s %s', (code, _n, i) => {
      const p = play(family, code);
      const heavy = p.line.size >= 5;
      checkPlayAgainstEnumeration(p, 7000 + i, {
        selections: heavy ? 3 : 6,
        draws: 60,
        extra: heavy ? 1 : 3,
      });
    });
    it('flag variants settle consistently with enumeration', () => {
      const flags = {
        ...DEFAULT_RULE_FLAGS,
        k3TripleKill: true,
        k3PairIncludesTriple: false,
        syx5ElevenIs: 'lose' as const,
        syx5Sum30: 'lose' as const,
        pk10GySumElevenTie: true,
      };
      for (const p of plays.filter((x) => x.line.size < 5))
        checkPlayAgainstEnumeration(p, 99, { selections: 2, draws: 30, flags });
    });
  },
);
