/**
 * FC3D 福彩3D (3 digits 百十个) and PL35 排列3/排列5 (5 digits; 排列3 plays on the first three), §4.
 * Both reuse the SSC 三星/二星 rules on their window.
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import { directPlay, entriesPlay, tier, WIN, withRebateCap } from './builders.ts';
import { DIGITS, fixedDigitPlay, threeStarPlays, twoStarPlays } from './digitStar.ts';
import { digitCreditPlays, sscCreditPlays } from './sscCredit.ts';

const NAMES_3D = ['百位', '十位', '个位'];
const NAMES_P5 = ['第一位', '第二位', '第三位', '第四位', '第五位'];

/** S9 (3D / 排列3 at group 1700): the 3-digit plays allow 6.5 % rebate, 不定位 5.5 %. */
export const P3D_REBATE_PERMILLE = 65;
export const P3D_BDW_REBATE_PERMILLE = 55;

/** The 3-digit catalogue on draw positions 0–2 (3D, or 排列3 inside 排列5). */
function threeDigitPlays(
  family: LotteryFamily,
  posNames: readonly string[],
  prefix: string,
  dwdCode: string,
  dwdName?: string,
): PlayDef[] {
  const plays = [
    ...threeStarPlays({ family, window: [0, 1, 2], prefix, group: '三星', posNames }),
    ...twoStarPlays({ family, window: [0, 1], prefix: 'Q2', group: '前二', posNames }),
    ...twoStarPlays({ family, window: [1, 2], prefix: 'H2', group: '后二', posNames }),
    fixedDigitPlay(family, posNames.slice(0, 3), dwdCode, dwdName),
  ];
  const isAnyPlace = (p: PlayDef): boolean => /_BDW\d$/.test(p.code);
  return withRebateCap(
    withRebateCap(plays, P3D_REBATE_PERMILLE, (p) => !isAnyPlace(p)),
    P3D_BDW_REBATE_PERMILLE,
    isAnyPlace,
  );
}

export function fc3dPlays(): PlayDef[] {
  return [
    ...threeDigitPlays('FC3D', NAMES_3D, 'SX', 'DWD'),
    ...digitCreditPlays({
      family: 'FC3D',
      posNames: NAMES_3D,
      window: [0, 1, 2],
      dragonPairs: [[0, 2]],
      shapeWindows: [{ name: '三星', window: [0, 1, 2] }],
      sumTailPairs: [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
    }),
  ];
}

export function pl35Plays(): PlayDef[] {
  const F = 'PL35' as const;
  const all5 = [0, 1, 2, 3, 4];
  return [
    // 排列3 is the first three digits, named 百位 十位 个位 on every one of its boards; where a group
    // holds a 排列3 and a 排列5 board, their names say which (排列3定位胆, 排列5两面 …)
    ...threeDigitPlays(F, NAMES_3D, 'P3', 'P3_DWD', '排列3定位胆'),
    directPlay({
      family: F,
      code: 'P5_ZXFS',
      nameZh: '五星直选复式',
      group: '排列五',
      window: all5,
      rowNames: NAMES_P5,
      values: DIGITS,
      p: [1, 100_000],
    }),
    entriesPlay({
      family: F,
      code: 'P5_ZXDS',
      nameZh: '五星直选单式',
      group: '排列五',
      window: all5,
      values: DIGITS,
      match: 'exact',
      tiers: [tier(WIN, '中奖', 1, 100_000)],
      tierOf: () => WIN,
    }),
    fixedDigitPlay(F, NAMES_P5, 'P5_DWD', '排列5定位胆'),
    ...sscCreditPlays(F, NAMES_P5, '排列5'),
    // 排列3 two-sided board (§4.3, as 3D): on the first three digits, codes P3_LM …
    ...digitCreditPlays({
      family: F,
      codePrefix: 'P3_',
      namePrefix: '排列3',
      posNames: NAMES_3D,
      window: [0, 1, 2],
      dragonPairs: [[0, 2]],
      shapeWindows: [{ name: '三星', window: [0, 1, 2] }],
      sumTailPairs: [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
    }),
  ];
}
