/**
 * 三星 / 二星 play sets over a window of independent digits 0–9. SSC uses them on 前三/中三/后三 and
 * 前二/后二; FC3D and PL35 use the same rules on 百十个 (§4.2).
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import {
  attrProductPlay,
  bankerGroupPlay,
  directPlay,
  entriesPlay,
  patternPlay,
  poolPlay,
  row,
  tier,
  valueSetPlay,
  windowKeyPlay,
  WIN,
  withTiersFor,
} from './builders.ts';
import { counts, range, span, sum } from './math.ts';
import { BSOE_LABELS, bsoeHolds, shape3, shapeWays } from './attrs.ts';

export const DIGITS = range(0, 9);
const POS_NAMES = ['万位', '千位', '百位', '十位', '个位'];

export interface DigitWindow {
  family: LotteryFamily;
  /** Draw indexes of the window. */
  window: readonly number[];
  /** Code prefix, e.g. 'Q3' (前三). */
  prefix: string;
  /** Menu group, e.g. '前三'. */
  group: string;
  /** Position names of the draw (万千百十个 for SSC, 百十个 for 3D). */
  posNames?: readonly string[];
}

const distinctSet = (t: readonly number[]): Set<number> | null =>
  new Set(t).size === t.length ? new Set(t) : null;
const z3z6 = [tier('z3', '组三', 3, 1000), tier('z6', '组六', 6, 1000)];
const tierZ3Z6 = (t: readonly number[]): string => (counts(t).size === 2 ? 'z3' : 'z6');
const notTriple = (t: readonly number[]): boolean => counts(t).size > 1;
/** 特殊号 tiers; 顺子 counts 60 of 1000 with the 9-0 wrap, 48 without. */
const specialTiers = (wrap: boolean) => [
  tier('triple', '豹子', 10, 1000),
  tier('straight', '顺子', shapeWays(wrap)[1]!, 1000),
  tier('pair', '对子', 270, 1000),
];

export function threeStarPlays(w: DigitWindow): PlayDef[] {
  const names = w.window.map((i) => (w.posNames ?? POS_NAMES)[i]!);
  const h = (code: string, nameZh: string) => ({
    family: w.family,
    code: `${w.prefix}_${code}`,
    nameZh,
    group: w.group,
    window: w.window,
  });
  const pickWin = (d: readonly number[]) => w.window.map((i) => d[i]!);
  return [
    directPlay({ ...h('ZXFS', '直选复式'), rowNames: names, values: DIGITS, p: [1, 1000] }),
    entriesPlay({
      ...h('ZXDS', '直选单式'),
      values: DIGITS,
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, 1000)],
      tierOf: () => WIN,
    }),
    windowKeyPlay({
      ...h('ZXHZ', '直选和值'),
      values: DIGITS,
      order: 'ordered',
      keys: range(0, 27),
      keyName: '和值',
      keysOf: (t) => [sum(t)],
      tiers: [tier(WIN, '中奖', 1, 1000)],
      tierOf: () => WIN,
    }),
    windowKeyPlay({
      ...h('ZXKD', '直选跨度'),
      values: DIGITS,
      order: 'ordered',
      keys: DIGITS,
      keyName: '跨度',
      keysOf: (t) => [span(t)],
      tiers: [tier(WIN, '中奖', 1, 1000)],
      tierOf: () => WIN,
    }),
    patternPlay({
      ...h('Z3FS', '组三复式'),
      values: DIGITS,
      rowNames: ['号码'],
      parts: [
        { row: 0, rep: 2, k: 1 },
        { row: 0, rep: 1, k: 1 },
      ],
      p: [3, 1000],
    }),
    poolPlay({
      ...h('Z6FS', '组六复式'),
      k: 3,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', 6, 1000)],
      hitSet: (d) => distinctSet(pickWin(d)),
      tierOfHits: (m) => (m === 3 ? WIN : null),
    }),
    entriesPlay({
      ...h('HHZX', '混合组选'),
      values: DIGITS,
      match: 'multiset',
      tiers: z3z6,
      entryValid: notTriple,
      tierOf: (t) => (notTriple(t) ? tierZ3Z6(t) : null),
    }),
    windowKeyPlay({
      ...h('ZUXHZ', '组选和值'),
      values: DIGITS,
      order: 'multiset',
      keys: range(1, 26),
      keyName: '和值',
      keysOf: (t) => [sum(t)],
      valid: notTriple,
      tiers: z3z6,
      tierOf: tierZ3Z6,
    }),
    bankerGroupPlay({
      ...h('ZUXBD', '组选包胆'),
      values: DIGITS,
      valid: notTriple,
      tiers: z3z6,
      tierOf: tierZ3Z6,
    }),
    valueSetPlay({
      ...h('HZWS', '和值尾数'),
      model: 'prizeGroup',
      rows: [row('尾数', DIGITS)],
      tiers: [tier(WIN, '中奖', 1, 10)],
      outcome: (_r, v, d) => (sum(pickWin(d)) % 10 === v ? { tier: WIN } : null),
    }),
    withTiersFor(
      valueSetPlay({
        ...h('TSH', '特殊号'),
        model: 'prizeGroup',
        rows: [row('形态', [0, 1, 2], 1, 3, ['豹子', '顺子', '对子'])],
        tiers: specialTiers(true),
        outcome: (_r, v, d, f) => {
          const s = shape3(pickWin(d), f.wrapNineZero);
          return s === v ? { tier: ['triple', 'straight', 'pair'][v]! } : null;
        },
      }),
      (f) => specialTiers(f.wrapNineZero),
    ),
    poolPlay({
      ...h('BDW1', '一码不定位'),
      k: 1,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', 271, 1000)],
      hitSet: (d) => new Set(pickWin(d)),
      tierOfHits: (m) => (m === 1 ? WIN : null),
    }),
    poolPlay({
      ...h('BDW2', '二码不定位'),
      k: 2,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', 54, 1000)],
      hitSet: (d) => new Set(pickWin(d)),
      tierOfHits: (m) => (m === 2 ? WIN : null),
    }),
  ];
}

/** 大小单双 over the window (前二/后二: p 1/4; 前三/后三: p 1/8). */
export function bsoeWindowPlay(w: DigitWindow): PlayDef {
  const names = w.window.map((i) => (w.posNames ?? POS_NAMES)[i]!);
  return attrProductPlay({
    family: w.family,
    code: `${w.prefix}_DXDS`,
    nameZh: '大小单双',
    group: w.group,
    window: w.window,
    rowNames: names,
    codes: [0, 1, 2, 3],
    labels: BSOE_LABELS,
    holds: (c, v) => bsoeHolds(c, v, 5),
    p: [1, 2 ** w.window.length],
  });
}

export function twoStarPlays(w: DigitWindow): PlayDef[] {
  const names = w.window.map((i) => (w.posNames ?? POS_NAMES)[i]!);
  const h = (code: string, nameZh: string) => ({
    family: w.family,
    code: `${w.prefix}_${code}`,
    nameZh,
    group: w.group,
    window: w.window,
  });
  const pickWin = (d: readonly number[]) => w.window.map((i) => d[i]!);
  const notPair = (t: readonly number[]): boolean => t[0] !== t[1];
  return [
    directPlay({ ...h('ZXFS', '直选复式'), rowNames: names, values: DIGITS, p: [1, 100] }),
    entriesPlay({
      ...h('ZXDS', '直选单式'),
      values: DIGITS,
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, 100)],
      tierOf: () => WIN,
    }),
    windowKeyPlay({
      ...h('ZXHZ', '直选和值'),
      values: DIGITS,
      order: 'ordered',
      keys: range(0, 18),
      keyName: '和值',
      keysOf: (t) => [sum(t)],
      tiers: [tier(WIN, '中奖', 1, 100)],
      tierOf: () => WIN,
    }),
    windowKeyPlay({
      ...h('ZXKD', '直选跨度'),
      values: DIGITS,
      order: 'ordered',
      keys: DIGITS,
      keyName: '跨度',
      keysOf: (t) => [span(t)],
      tiers: [tier(WIN, '中奖', 1, 100)],
      tierOf: () => WIN,
    }),
    poolPlay({
      ...h('ZUXFS', '组选复式'),
      k: 2,
      values: DIGITS,
      tiers: [tier(WIN, '中奖', 2, 100)],
      hitSet: (d) => distinctSet(pickWin(d)),
      tierOfHits: (m) => (m === 2 ? WIN : null),
    }),
    windowKeyPlay({
      ...h('ZUXHZ', '组选和值'),
      values: DIGITS,
      order: 'multiset',
      keys: range(1, 17),
      keyName: '和值',
      keysOf: (t) => [sum(t)],
      valid: notPair,
      tiers: [tier(WIN, '中奖', 2, 100)],
      tierOf: () => WIN,
    }),
    entriesPlay({
      ...h('ZUXDS', '组选单式'),
      values: DIGITS,
      match: 'multiset',
      tiers: [tier(WIN, '中奖', 2, 100)],
      entryValid: notPair,
      tierOf: (t) => (notPair(t) ? WIN : null),
    }),
    bankerGroupPlay({
      ...h('ZUXBD', '组选包胆'),
      values: DIGITS,
      valid: notPair,
      tiers: [tier(WIN, '中奖', 2, 100)],
      tierOf: () => WIN,
    }),
    bsoeWindowPlay(w),
  ];
}

/** 定位胆 over the given draw positions (p 1/10 per line, wins once per position). */
export function fixedDigitPlay(
  family: LotteryFamily,
  posNames: readonly string[],
  code = 'DWD',
  nameZh = '定位胆',
): PlayDef {
  return valueSetPlay({
    family,
    code,
    nameZh,
    group: '定位胆',
    model: 'prizeGroup',
    rows: posNames.map((n) => row(n, DIGITS, 0)),
    tiers: [tier(WIN, '中奖', 1, 10)],
    outcome: (r, v, d) => (d[r] === v ? { tier: WIN } : null),
  });
}
