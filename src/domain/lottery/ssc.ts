/** SSC 时时彩 official (prize-group) plays, §3.3. Draw: 5 digits 万千百十个. */
import type { PlayDef } from './types.ts';
import {
  directPlay,
  entriesPlay,
  patternPlay,
  poolPlay,
  row,
  tier,
  valueSetPlay,
  WIN,
  withRebateCap,
} from './builders.ts';
import {
  bsoeWindowPlay,
  DIGITS,
  fixedDigitPlay,
  threeStarPlays,
  twoStarPlays,
} from './digitStar.ts';
import { counts } from './math.ts';
import { sscAnyPlays } from './sscAny.ts';
import { sscCreditPlays } from './sscCredit.ts';

const F = 'SSC' as const;
export const SSC_POSITIONS = ['万位', '千位', '百位', '十位', '个位'];
const ALL5 = [0, 1, 2, 3, 4];
const LAST4 = [1, 2, 3, 4];
const FIRST4 = [0, 1, 2, 3];
const distinctSet = (t: readonly number[]): Set<number> | null =>
  new Set(t).size === t.length ? new Set(t) : null;

function fiveStar(): PlayDef[] {
  const h = (code: string, nameZh: string) => ({
    family: F,
    code: `WX_${code}`,
    nameZh,
    group: '五星',
    window: ALL5,
    values: DIGITS,
  });
  const chance = (n: number): [number, number] => [n, 100_000];
  return [
    directPlay({ ...h('ZXFS', '直选复式'), rowNames: SSC_POSITIONS, p: chance(1) }),
    entriesPlay({
      ...h('ZXDS', '直选单式'),
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, 100_000)],
      tierOf: () => WIN,
    }),
    poolPlay({
      ...h('ZX120', '组选120'),
      k: 5,
      tiers: [tier(WIN, '中奖', 120, 100_000)],
      hitSet: (d) => distinctSet(ALL5.map((i) => d[i]!)),
      tierOfHits: (m) => (m === 5 ? WIN : null),
    }),
    patternPlay({
      ...h('ZX60', '组选60'),
      rowNames: ['二重号', '单号'],
      parts: [
        { row: 0, rep: 2, k: 1 },
        { row: 1, rep: 1, k: 3 },
      ],
      p: chance(60),
    }),
    patternPlay({
      ...h('ZX30', '组选30'),
      rowNames: ['二重号', '单号'],
      parts: [
        { row: 0, rep: 2, k: 2 },
        { row: 1, rep: 1, k: 1 },
      ],
      p: chance(30),
    }),
    patternPlay({
      ...h('ZX20', '组选20'),
      rowNames: ['三重号', '单号'],
      parts: [
        { row: 0, rep: 3, k: 1 },
        { row: 1, rep: 1, k: 2 },
      ],
      p: chance(20),
    }),
    patternPlay({
      ...h('ZX10', '组选10'),
      rowNames: ['三重号', '二重号'],
      parts: [
        { row: 0, rep: 3, k: 1 },
        { row: 1, rep: 2, k: 1 },
      ],
      p: chance(10),
    }),
    patternPlay({
      ...h('ZX5', '组选5'),
      rowNames: ['四重号', '单号'],
      parts: [
        { row: 0, rep: 4, k: 1 },
        { row: 1, rep: 1, k: 1 },
      ],
      p: chance(5),
    }),
  ];
}

/** 四星 on 后四 (千百十个, code prefix SX) or 前四 (万千百十, prefix Q4). */
function fourStar(prefix: string, group: string, window: readonly number[]): PlayDef[] {
  const h = (code: string, nameZh: string) => ({
    family: F,
    code: `${prefix}_${code}`,
    nameZh,
    group,
    window,
    values: DIGITS,
  });
  const chance = (n: number): [number, number] => [n, 10_000];
  return [
    directPlay({
      ...h('ZXFS', '直选复式'),
      rowNames: window.map((i) => SSC_POSITIONS[i]!),
      p: chance(1),
    }),
    entriesPlay({
      ...h('ZXDS', '直选单式'),
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, 10_000)],
      tierOf: () => WIN,
    }),
    poolPlay({
      ...h('ZX24', '组选24'),
      k: 4,
      tiers: [tier(WIN, '中奖', 24, 10_000)],
      hitSet: (d) => distinctSet(window.map((i) => d[i]!)),
      tierOfHits: (m) => (m === 4 ? WIN : null),
    }),
    patternPlay({
      ...h('ZX12', '组选12'),
      rowNames: ['二重号', '单号'],
      parts: [
        { row: 0, rep: 2, k: 1 },
        { row: 1, rep: 1, k: 2 },
      ],
      p: chance(12),
    }),
    patternPlay({
      ...h('ZX6', '组选6'),
      rowNames: ['二重号'],
      parts: [{ row: 0, rep: 2, k: 2 }],
      p: chance(6),
    }),
    patternPlay({
      ...h('ZX4', '组选4'),
      rowNames: ['三重号', '单号'],
      parts: [
        { row: 0, rep: 3, k: 1 },
        { row: 1, rep: 1, k: 1 },
      ],
      p: chance(4),
    }),
  ];
}

/** 不定位 on 四星 (千百十个) and 五星; probabilities are exact inclusion–exclusion values. */
function anyPlace(): PlayDef[] {
  const mk = (
    code: string,
    nameZh: string,
    group: string,
    window: number[],
    k: number,
    pNum: number,
    pDen: number,
  ): PlayDef =>
    poolPlay({
      family: F,
      code,
      nameZh,
      group,
      k,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', pNum, pDen)],
      hitSet: (d) => new Set(window.map((i) => d[i]!)),
      tierOfHits: (m) => (m === k ? WIN : null),
    });
  return [
    mk('SX_BDW1', '四星一码不定位', '不定位', LAST4, 1, 3439, 10_000),
    mk('SX_BDW2', '四星二码不定位', '不定位', LAST4, 2, 974, 10_000),
    mk('WX_BDW2', '五星二码不定位', '不定位', ALL5, 2, 14_670, 100_000),
    mk('WX_BDW3', '五星三码不定位', '不定位', ALL5, 3, 4350, 100_000),
  ];
}

/** 趣味: the chosen digit appears at least r times among the 5 (p exact per 100,000). */
function funPlays(): PlayDef[] {
  const defs: [string, string, number, number][] = [
    ['YFFS', '一帆风顺', 1, 40_951],
    ['HSCS', '好事成双', 2, 8146],
    ['SXBX', '三星报喜', 3, 856],
    ['SJFC', '四季发财', 4, 46],
  ];
  return defs.map(([code, nameZh, r, pNum]) =>
    valueSetPlay({
      family: F,
      code: `QW_${code}`,
      nameZh,
      group: '趣味',
      model: 'prizeGroup',
      rows: [row('号码', DIGITS)],
      tiers: [tier(WIN, '中奖', pNum, 100_000)],
      outcome: (_i, v, d) => ((counts(d).get(v) ?? 0) >= r ? { tier: WIN } : null),
    }),
  );
}

const WINDOWS3 = [
  { prefix: 'Q3', group: '前三', window: [0, 1, 2] },
  { prefix: 'Z3', group: '中三', window: [1, 2, 3] },
  { prefix: 'H3', group: '后三', window: [2, 3, 4] },
];
const WINDOWS2 = [
  { prefix: 'Q2', group: '前二', window: [0, 1] },
  { prefix: 'H2', group: '后二', window: [3, 4] },
];

/** S9: every 不定位 play carries a 7.0 % rebate cap where the rest of SSC allows 8.0 %. */
export const SSC_BDW_REBATE_PERMILLE = 70;
const isAnyPlace = (p: PlayDef): boolean => /(^|_)BDW\d$/.test(p.code);

export function sscPlays(): PlayDef[] {
  return withRebateCap(allSscPlays(), SSC_BDW_REBATE_PERMILLE, isAnyPlace);
}

function allSscPlays(): PlayDef[] {
  return [
    ...fiveStar(),
    ...fourStar('SX', '四星', LAST4),
    ...fourStar('Q4', '前四', FIRST4),
    ...WINDOWS3.flatMap((w) => threeStarPlays({ family: F, ...w })),
    bsoeWindowPlay({ family: F, prefix: 'Q3', group: '前三', window: [0, 1, 2] }),
    bsoeWindowPlay({ family: F, prefix: 'H3', group: '后三', window: [2, 3, 4] }),
    ...WINDOWS2.flatMap((w) => twoStarPlays({ family: F, ...w })),
    fixedDigitPlay(F, SSC_POSITIONS),
    ...anyPlace(),
    ...funPlays(),
    ...sscAnyPlays(),
    ...sscCreditPlays(F, SSC_POSITIONS),
  ];
}
