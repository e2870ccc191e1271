/**
 * Plays added for issue 3 (SSC 前四, 任选 单式/混合, multi-digit 包胆, 二星组选单式; K3 独胆按次; LHC
 * 五行, 正码过关, 对碰, 不中胆拖; 28 包三 per-sum tiers), per-play rebate caps, and return shares.
 * Their closed forms are also checked against enumeration with every other play of their family
 * (lotterySsc / lotteryFamilies / lotteryLhcKl8Bj28Rules tests); here are hand-worked vectors and rules.
 */
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { fiveElementsOfYear, numbersOfZodiac } from '../../src/domain/lottery/lhcAttrs.ts';
import {
  maxRebatePermille,
  playOdds,
  quoteBet,
  settleTicket,
} from '../../src/domain/lottery/pricing.ts';
import {
  formatSelection,
  parseSelection,
  validateSelection,
} from '../../src/domain/lottery/selection.ts';
import type { LotteryFamily, PlayDef, Selection } from '../../src/domain/lottery/types.ts';
import { RefusalReason } from '../../src/domain/errors.ts';

const F = DEFAULT_RULE_FLAGS;
const play = (family: LotteryFamily, code: string): PlayDef => {
  const p = getPlay(family, code);
  if (!p) throw new Error(`no ${family} play ${code}`);
  return p;
};
const valid = (p: PlayDef, sel: Selection): number => {
  expect(validateSelection(p, sel), `${p.code} ${JSON.stringify(sel.rows)}`).toBeNull();
  return p.countBets(sel);
};
const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('SSC 前四 (万千百十)', () => {
  it('counts like 后四 and plays on the first four digits', () => {
    expect(valid(play('SSC', 'Q4_ZX24'), { rows: [all] })).toBe(210);
    expect(valid(play('SSC', 'Q4_ZX12'), { rows: [[1, 2, 3, 4, 5, 6, 7], all] })).toBe(252);
    const direct = play('SSC', 'Q4_ZXFS');
    expect(direct.checkWin({ rows: [[1], [2], [3], [4]] }, [1, 2, 3, 4, 9], F).wins).toEqual({
      win: 1,
    });
    expect(direct.checkWin({ rows: [[1], [2], [3], [4]] }, [9, 1, 2, 3, 4], F).wins).toEqual({});
  });
});

describe('组选包胆 with several banker digits (54 / 9 lines per digit)', () => {
  it('counts per digit and pays once per banker present', () => {
    const p3 = play('SSC', 'Q3_ZUXBD');
    expect(valid(p3, { rows: [[1, 2]] })).toBe(108);
    expect(p3.checkWin({ rows: [[1, 2]] }, [2, 5, 1, 0, 0], F)).toEqual({
      wins: { z6: 2 },
      refunds: 0,
    });
    expect(p3.checkWin({ rows: [[1, 2]] }, [1, 2, 1, 0, 0], F)).toEqual({
      wins: { z3: 2 },
      refunds: 0,
    });
    expect(p3.checkWin({ rows: [[1, 2]] }, [1, 1, 1, 0, 0], F)).toEqual({ wins: {}, refunds: 0 }); // triples never win
    const p2 = play('SSC', 'H2_ZUXBD');
    expect(valid(p2, { rows: [[3, 7]] })).toBe(18);
    expect(p2.checkWin({ rows: [[3, 7]] }, [0, 0, 0, 7, 3], F).wins).toEqual({ win: 2 });
    expect(p2.checkWin({ rows: [[3, 7]] }, [0, 0, 0, 3, 3], F).wins).toEqual({}); // pairs never win
  });
});

describe('二星组选单式', () => {
  it('counts distinct unordered entries and refuses pairs', () => {
    const p = play('SSC', 'Q2_ZUXDS');
    expect(
      valid(p, {
        rows: [
          [1, 2],
          [2, 1],
          [3, 4],
        ],
      }),
    ).toBe(2);
    expect(validateSelection(p, { rows: [[5, 5]] })).toBe('存在不符合玩法的号码');
    expect(p.checkWin({ rows: [[1, 2]] }, [2, 1, 0, 0, 0], F).wins).toEqual({ win: 1 });
  });
});

describe('SSC 任选 单式 / 混合组选 (entries plus checked positions)', () => {
  it('任选二直选单式 "12,34|万 千 个" = 2 entries × C(3,2) windows', () => {
    const p = play('SSC', 'RX2_ZXDS');
    const sel = parseSelection(p, '12,34|万 千 个')!;
    expect(sel).toEqual({
      rows: [
        [1, 2],
        [3, 4],
        [0, 1, 4],
      ],
    });
    expect(formatSelection(p, sel)).toBe('1 2,3 4|万 千 个');
    expect(valid(p, sel)).toBe(6);
    // 万千 = 12 wins; 万个 = 15 and 千个 = 25 do not.
    expect(p.checkWin(sel, [1, 2, 3, 4, 5], F).wins).toEqual({ win: 1 });
  });
  it('任选三混合组选 pays 组三 / 组六 per window', () => {
    const p = play('SSC', 'RX3_HHZX');
    const sel = parseSelection(p, '123,112|万 千 百 十')!;
    expect(valid(p, sel)).toBe(8);
    // Windows of 3,2,1,1: 万千百 321 (组六), 万千十 321 (组六), 万百十 311 (no entry), 千百十 211 (组三).
    expect(p.checkWin(sel, [3, 2, 1, 1, 9], F)).toEqual({ wins: { z6: 2, z3: 1 }, refunds: 0 });
    expect(
      validateSelection(p, {
        rows: [
          [1, 1, 1],
          [0, 1, 2],
        ],
      }),
    ).toBe('存在不符合玩法的号码'); // 豹子 entry
  });
  it('任选三/四直选单式 and the position row rules', () => {
    expect(
      valid(
        play('SSC', 'RX4_ZXDS'),
        parseSelection(play('SSC', 'RX4_ZXDS'), '1234|万 千 百 十 个')!,
      ),
    ).toBe(5);
    expect(
      valid(play('SSC', 'RX3_ZXDS'), parseSelection(play('SSC', 'RX3_ZXDS'), '123,456|万 千 百')!),
    ).toBe(2);
    const p = play('SSC', 'RX2_ZXDS');
    expect(parseSelection(p, '12,34')).toBeNull();
    expect(validateSelection(p, { rows: [[1, 2], [0]] })).toBe('位置需选2至5个号码');
    expect(validateSelection(p, { rows: [[0, 1]] })).toBe('请输入号码');
  });
});

describe('per-play rebate caps (§2.2, S9)', () => {
  it('不定位 7.0 % in SSC; 3D / 排列3 6.5 % and their 不定位 5.5 %', () => {
    expect(maxRebatePermille(1960, play('SSC', 'WX_ZXFS'))).toBe(80);
    for (const code of [
      'WX_BDW2',
      'WX_BDW3',
      'SX_BDW1',
      'SX_BDW2',
      'Q3_BDW1',
      'Z3_BDW2',
      'H3_BDW1',
    ]) {
      expect(maxRebatePermille(1960, play('SSC', code)), code).toBe(70);
    }
    expect(maxRebatePermille(1960, play('FC3D', 'SX_ZXFS'))).toBe(65);
    expect(maxRebatePermille(1960, play('FC3D', 'DWD'))).toBe(65);
    expect(maxRebatePermille(1960, play('FC3D', 'SX_BDW1'))).toBe(55);
    expect(maxRebatePermille(1960, play('PL35', 'P3_BDW2'))).toBe(55);
    expect(maxRebatePermille(1900, play('SSC', 'WX_BDW2'))).toBe(50); // the account group still binds
    const q = quoteBet(
      play('SSC', 'WX_BDW2'),
      { rows: [[1, 2]] },
      { unit: 'yuan', multiple: 1, userGroup: 1960, rebatePermille: 75 },
    );
    expect(q).toEqual({ ok: false, msg: '返点超出可用范围', reason: RefusalReason.REBATE_STALE });
  });
});

describe('K3 独胆 paid per occurrence', () => {
  it('wins the tier of the number of dice showing each chosen number', () => {
    const p = play('K3', 'DDCS');
    expect(p.checkWin({ rows: [[2, 5, 6]] }, [2, 2, 5], F)).toEqual({
      wins: { k2: 1, k1: 1 },
      refunds: 0,
    });
    expect(p.checkWin({ rows: [[4]] }, [4, 4, 4], F).wins).toEqual({ k3: 1 });
    // Default odds keep the classic 1:1 / 1:2 / 1:3 payouts (decimal 2 : 3 : 4) scaled to the return: at the
    // cap group the dice class returns 87.5 % (returns.ts), so they are 378/199, 567/199 and 756/199.
    expect(playOdds(p, 1990)).toEqual({ k1: 18_994, k2: 28_492, k3: 37_989 });
  });
});

describe('28 特码包三', () => {
  it('pays a third of the 特码 odds of the sum that came', () => {
    const p = play('BJ28', 'TMBS');
    expect(valid(p, { rows: [[12, 13, 14]] })).toBe(1);
    expect(p.checkWin({ rows: [[12, 13, 14]] }, [4, 5, 4], F).wins).toEqual({ s13: 1 });
    const pack = playOdds(p, 1950).s13!;
    const single = playOdds(play('BJ28', 'TM'), 1950).s13!;
    expect(Math.abs(pack - single / 3)).toBeLessThanOrEqual(1);
  });
});

describe('LHC 五行', () => {
  it('derives the yearly table from 纳音 (2023: 金 = 01 02 09 10 23 24 31 32 39 40) and pays by set size', () => {
    const t2023 = fiveElementsOfYear(2023);
    expect(t2023.金).toEqual([1, 2, 9, 10, 23, 24, 31, 32, 39, 40]);
    expect(t2023.水).toEqual([11, 12, 19, 20, 27, 28, 41, 42, 49]);
    expect(
      Object.values(t2023)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect(F.lhcFiveElements.水).toContain(1); // 2026 = 丙午, 天河水
    const p = play('LHC', 'WX');
    const flags = { ...F, lhcFiveElements: t2023 };
    expect(p.checkWin({ rows: [[0, 2]] }, [3, 4, 5, 6, 7, 8, 49], flags)).toEqual({
      wins: { n9: 1 },
      refunds: 0,
    });
    expect(p.checkWin({ rows: [[0]] }, [3, 4, 5, 6, 7, 8, 40], flags).wins).toEqual({ n10: 1 });
    expect(() =>
      p.checkWin({ rows: [[0]] }, [3, 4, 5, 6, 7, 8, 40], { ...F, lhcFiveElements: {} }),
    ).toThrow('五行');
  });
});

describe('LHC 正码过关', () => {
  const p = play('LHC', 'ZMGG');
  const sel = { rows: [[0], [10], [], [], [], []] }; // 正码1 大, 正码2 红波
  it('needs two legs and is one line', () => {
    expect(validateSelection(p, { rows: [[0], [], [], [], [], []] })).toBe(
      '正码过关至少选择两个正码',
    );
    expect(valid(p, sel)).toBe(1);
    expect(formatSelection(p, sel)).toBe('大,红波,-,-,-,-');
  });
  it('pays stake × the product of the legs’ odds; a 49 leg counts 1 (flag oddsOne); a losing leg loses', () => {
    const q = quoteBet(p, sel, {
      unit: 'yuan',
      multiple: 1,
      stakePerLineFen: 1000,
      userGroup: 1950,
      rebatePermille: 0,
    });
    if (!q.ok) throw new Error(q.msg);
    const t = {
      unit: 'yuan' as const,
      multiple: 1,
      lines: 1,
      amountFen: q.amountFen,
      betGroup: q.betGroup,
      odds: q.odds,
    };
    const o = q.odds!;
    const won = settleTicket(p, sel, [30, 1, 3, 4, 5, 6, 7], F, t);
    expect(won).toMatchObject({
      status: 'WON',
      payoutFen: Math.floor((1000 * o.big! * o.c0!) / 1e8),
      refundFen: 0,
    });
    const tied = settleTicket(
      p,
      sel,
      [49, 1, 3, 4, 5, 6, 7],
      { ...F, lhcParlayTwoLeg49: 'oddsOne' },
      t,
    );
    expect(tied).toMatchObject({ status: 'WON', payoutFen: Math.floor((1000 * o.c0!) / 1e4) });
    expect(settleTicket(p, sel, [30, 3, 1, 4, 5, 6, 7], F, t)).toMatchObject({
      status: 'LOST',
      payoutFen: 0,
    });
  });
});

describe('LHC 对碰 and 不中胆拖', () => {
  it('S11 examples: 马 × 羊 (4 + 4) = 16, 0尾 × 5尾 = 20, a 5-number zodiac × a tail sharing one number = 24', () => {
    const p = play('LHC', 'EQZ_DP');
    const year = 8; // 猴 year: 马 and 羊 own 4 numbers each, 猴 owns 01 13 25 37 49
    expect(valid(p, { rows: [numbersOfZodiac(6, year), numbersOfZodiac(7, year)] })).toBe(16);
    expect(
      valid(p, {
        rows: [
          [10, 20, 30, 40],
          [5, 15, 25, 35, 45],
        ],
      }),
    ).toBe(20);
    expect(valid(p, { rows: [numbersOfZodiac(8, year), [3, 13, 23, 33, 43]] })).toBe(24);
  });
  it('二中特对碰 wins 中二 on two regulars and 中特 on a regular with the special', () => {
    const p = play('LHC', 'EZT_DP');
    const sel = {
      rows: [
        [1, 13, 25, 37, 49],
        [3, 13, 23, 33, 43],
      ],
    };
    // Regulars hold 13 and 23, the special is 33: {13,23} 中二, {13,33} 中特.
    expect(p.checkWin(sel, [13, 23, 2, 4, 6, 8, 33], F)).toEqual({
      wins: { z2: 1, zt: 1 },
      refunds: 0,
    });
    expect(play('LHC', 'TC_DP').checkWin(sel, [13, 23, 2, 4, 6, 8, 33], F)).toEqual({
      wins: { zt: 1 },
      refunds: 0,
    });
  });
  it('二中特 / 特串 胆拖 = one banker paired with every drag', () => {
    const p = play('LHC', 'EZT_DT');
    const sel = { rows: [[13], [23, 33, 40]] };
    expect(valid(p, sel)).toBe(3);
    expect(validateSelection(p, { rows: [[13], [13, 23]] })).toBe('胆码与拖码不能重复');
    expect(p.checkWin(sel, [13, 23, 2, 4, 6, 8, 33], F)).toEqual({
      wins: { z2: 1, zt: 1 },
      refunds: 0,
    });
    expect(play('LHC', 'TC_DT').checkWin(sel, [13, 23, 2, 4, 6, 8, 33], F)).toEqual({
      wins: { zt: 1 },
      refunds: 0,
    });
  });
  it('五不中胆拖: bankers in every line, C(t, 5 − d) lines', () => {
    const p = play('LHC', 'BZ5_DT');
    const sel = {
      rows: [
        [1, 2],
        [3, 4, 5, 6],
      ],
    };
    expect(valid(p, sel)).toBe(4);
    expect(p.checkWin(sel, [3, 10, 11, 12, 14, 15, 16], F).wins).toEqual({ win: 1 }); // only {1,2,4,5,6} misses
    expect(p.checkWin(sel, [1, 10, 11, 12, 14, 15, 16], F).wins).toEqual({});
  });
});

describe('other additions from the §3–§10 diff', () => {
  it('排列3 two-sided board plays on the first three digits (sum ≥ 14 大)', () => {
    const p = play('PL35', 'P3_LM');
    expect(p.checkWin({ rows: [[0], [], [], []] }, [9, 5, 0, 0, 0], F).wins).toEqual({ big: 1 }); // 14
    expect(p.checkWin({ rows: [[0], [], [], []] }, [4, 5, 4, 9, 9], F).wins).toEqual({}); // 13, digits 4–5 ignored
    expect(
      play('PL35', 'LM').checkWin({ rows: [[0], [], [], [], [], []] }, [4, 5, 4, 9, 9], F).wins,
    ).toEqual({ big: 1 }); // 31 of 5
  });
  it('K3 和值 on the odds sheet and PK10 猜前四/前五 单式', () => {
    expect(play('K3', 'SBHZ').model).toBe('odds');
    expect(play('K3', 'SBHZ').checkWin({ rows: [[10, 11]] }, [3, 3, 4], F).wins).toEqual({
      s10: 1,
    });
    const p = play('PK10', 'QW_DS');
    expect(
      valid(p, {
        rows: [
          [1, 2, 3, 4, 5],
          [5, 4, 3, 2, 1],
        ],
      }),
    ).toBe(2);
    expect(validateSelection(p, { rows: [[1, 1, 3, 4, 5]] })).toBe('存在不符合玩法的号码');
    expect(
      p.checkWin({ rows: [[5, 4, 3, 2, 1]] }, [5, 4, 3, 2, 1, 6, 7, 8, 9, 10], F).wins,
    ).toEqual({ win: 1 });
    expect(valid(play('PK10', 'QSI_DS'), { rows: [[1, 2, 3, 4]] })).toBe(1);
  });
});

describe('exact LHC probabilities (were 5–6 digit quotes)', () => {
  const p = (family: LotteryFamily, code: string, tierId: string): number => {
    const t = play(family, code).tiers.find((x) => x.id === tierId)!;
    expect(t.pDen).toBe(85_900_584); // C(49, 7)
    return t.pNum / t.pDen;
  };
  it('agree with the §10.3 values', () => {
    const cases: [string, string, number][] = [
      ['ZH', 'big', 0.505572],
      ['ZH', 'small', 0.494428],
      ['YX', 'zodiac', 0.47172],
      ['YX', 'yearAnimal', 0.5539],
      ['PTW', 'tail0', 0.47172],
      ['PTW', 'tail', 0.5539],
      ['LX2', 'normal', 0.20516],
      ['LX2', 'odd', 0.24265],
      ['LX5', 'normal', 0.00776],
      ['LX5', 'odd', 0.00944],
      ['LW2', 'normal', 0.28685],
      ['LW2', 'odd', 0.24265],
      ['LW5', 'normal', 0.02059],
      ['LW5', 'odd', 0.01695],
    ];
    for (const [code, tierId, quoted] of cases)
      expect(Math.abs(p('LHC', code, tierId) - quoted), `${code}/${tierId}`).toBeLessThan(6e-6);
    // Parity and tail of the total are not exactly one half.
    expect(p('LHC', 'ZH', 'odd')).not.toBe(0.5);
    expect(p('LHC', 'ZH', 'odd') + p('LHC', 'ZH', 'even')).toBeCloseTo(1, 12);
  });
});
