/**
 * Default return by play class (docs/lottery-design.md "Default odds by play class"): real odds sheets do
 * not pay one return on every odds play — two-sided plays return about 98–99 %, zodiac and 不中 plays about
 * 95 %, 连肖/连尾 about 88 %, the 连码 plays 72–85 % with the rarer tier paying less, 28 豹子 and 极值 far less.
 *
 * A class return R is what a bettor at the lottery's cap group taking no rebate gets on resolved stake
 * (a refunded tie gives the stake back and is not part of it); pricing.playOdds scales it by G_bet / G_cap,
 * so taking rebate lowers the odds in proportion, as operator overrides already scale.
 *
 * Every odds-model play of every family is mapped to a class here (tests/domain/lotteryClassReturns.test.ts
 * fails on a play without one): by family and play code, with per-tier classes where a play's tiers are
 * priced differently on the sheets (龙虎和's 和, 形态's 豹子, 三中二's 中三 …). The 胆拖 (_DT) and 对碰 (_DP)
 * entry forms of an LHC play share the class of the play they enter (same tiers, same lines).
 */
import type { LotteryFamily, PlayDef } from './types.ts';

/** Return to player per class, in 1/10000 of resolved stake (9850 = 98.5 %), at the cap group, no rebate. */
export const CLASS_RETURN_BP = {
  /** 两面: 大小单双, 质合, 龙虎, 总和, 尾大小, 家禽野兽 (sheets 1.965–1.982 on p = ½) */
  twoSided: 9850,
  /** one number of a small pool: 特码, 正码特, SSC/3D 数字, PK10 号码, KL8 正码 */
  number: 9800,
  /** multi-way attributes: 色波, 半波, 头尾, 号段, 五行, 盘, 牛牛, 龙虎和's 和, 正码, KL8 810 */
  attribute: 9500,
  /** zodiacs and tails: 特肖, 一肖, 正肖, 合肖, 平特尾 */
  zodiac: 9500,
  /** 五不中 … 十二不中 */
  miss: 9500,
  /** 组合 大单/大双/小单/小双 (28, SSC 总和, KL8 总和过关) */
  sideCombo: 9300,
  /** PK10 冠亚和 by value */
  pk10Sum: 9300,
  /** K3 骰宝 point sums and dice (和值 by point, 独胆, 围骰, 全骰, 两连, 对子) */
  dice: 8750,
  /** 连肖, 连尾 */
  linked: 8800,
  /** 形态 顺子/对子/半顺/杂六 (SSC, 3D, 28) */
  shape: 8500,
  /** the common two-number 连码 tier: 二全中, 二中特 中二, 三中二 中二 */
  twoHit: 8500,
  /** the special-number 连码 tier: 特串, 二中特 中特 */
  specialHit: 8200,
  /** all regulars: 三全中, 四全中, 三中二 中三 */
  allHit: 7200,
  /** 28 特码 and 特码包三 (one sum of 0–27) */
  bj28Sum: 8000,
  /** 豹子 (three equal digits): 28, SSC / 3D 形态 */
  triple: 6600,
  /** 28 极值 极大/极小 */
  extreme: 5200,
} as const;

export type PlayClass = keyof typeof CLASS_RETURN_BP;

/** A play's class, or a class for the play with other classes for some tiers (by tier id). */
export type ClassRule =
  | PlayClass
  | { readonly play: PlayClass; readonly tiers: Readonly<Record<string, PlayClass>> };

const DRAGON_TIGER_TIE: ClassRule = { play: 'twoSided', tiers: { tie: 'attribute' } };
const DIGIT_SHAPES: ClassRule = { play: 'shape', tiers: { triple: 'triple' } };
const TWO_SIDED_AND_COLOUR: ClassRule = {
  play: 'twoSided',
  tiers: { c0: 'attribute', c1: 'attribute', c2: 'attribute' },
};

/** Class of every odds-model play, by family and play code (LHC _DT / _DP forms: see baseCode). */
export const PLAY_CLASSES: Readonly<Record<LotteryFamily, Readonly<Record<string, ClassRule>>>> = {
  SSC: {
    LM: 'twoSided',
    SZ: 'number',
    LH: DRAGON_TIGER_TIE,
    XT: DIGIT_SHAPES,
    DXDS_ZH: 'sideCombo',
    NN: 'attribute',
  },
  K3: {
    SBHZ: 'dice',
    HZDXDS: 'twoSided',
    DD: 'dice',
    DDCS: 'dice',
    WS: 'dice',
    QS: 'dice',
    LL: 'dice',
    DZ: 'dice',
  },
  SYX5: { LM: 'twoSided', LH: 'twoSided', NN: 'attribute' },
  PK10: { LM: 'twoSided', LH: 'twoSided', HM: 'number', GYH: 'pk10Sum' },
  FC3D: { LM: 'twoSided', SZ: 'number', LH: DRAGON_TIGER_TIE, XT: DIGIT_SHAPES, HW: 'twoSided' },
  PL35: {
    LM: 'twoSided',
    SZ: 'number',
    LH: DRAGON_TIGER_TIE,
    XT: DIGIT_SHAPES,
    P3_LM: 'twoSided',
    P3_SZ: 'number',
    P3_LH: DRAGON_TIGER_TIE,
    P3_XT: DIGIT_SHAPES,
    P3_HW: 'twoSided',
  },
  KL8: {
    ZH: {
      play: 'twoSided',
      tiers: {
        sum810: 'attribute',
        bigOdd: 'sideCombo',
        bigEven: 'sideCombo',
        smallOdd: 'sideCombo',
        smallEven: 'sideCombo',
      },
    },
    SXP: 'attribute',
    JOP: 'attribute',
    WX: 'attribute',
    ZM: 'number',
  },
  BJ28: {
    TM: 'bj28Sum',
    TMBS: 'bj28Sum',
    LM: {
      play: 'twoSided',
      tiers: {
        bigOdd: 'sideCombo',
        bigEven: 'sideCombo',
        smallOdd: 'sideCombo',
        smallEven: 'sideCombo',
        extremeBig: 'extreme',
        extremeSmall: 'extreme',
      },
    },
    BS: 'attribute',
    XT: DIGIT_SHAPES,
  },
  LHC: {
    // 特码
    TM: 'number',
    TMLM: 'twoSided',
    TTW: 'attribute',
    TMDS: 'attribute',
    WX: 'attribute',
    // 色波
    SB: 'attribute',
    BB: 'attribute',
    QSB: 'attribute',
    // 正码
    ZM: 'attribute',
    ZMT: 'number',
    ZMLM: TWO_SIDED_AND_COLOUR,
    ZMGG: TWO_SIDED_AND_COLOUR,
    // 总和
    ZH: 'twoSided',
    // 生肖 and 尾数
    TX: 'zodiac',
    YX: 'zodiac',
    ZX: 'zodiac',
    HX: 'zodiac',
    HXFS: 'zodiac',
    SXBZ: 'miss',
    PTW: 'zodiac',
    // 连肖 / 连尾 and their 不中 forms
    LX2: 'linked',
    LX3: 'linked',
    LX4: 'linked',
    LX5: 'linked',
    LW2: 'linked',
    LW3: 'linked',
    LW4: 'linked',
    LW5: 'linked',
    LXBZ2: 'linked',
    LXBZ3: 'linked',
    LXBZ4: 'linked',
    LXBZ5: 'linked',
    LWBZ2: 'linked',
    LWBZ3: 'linked',
    LWBZ4: 'linked',
    LWBZ5: 'linked',
    // 连码: the rarer tier pays the lower return
    SIQZ: 'allHit',
    SQZ: 'allHit',
    SZE: { play: 'twoHit', tiers: { z3: 'allHit' } },
    EQZ: 'twoHit',
    EZT: { play: 'twoHit', tiers: { zt: 'specialHit' } },
    TC: 'specialHit',
    // 不中
    BZ5: 'miss',
    BZ6: 'miss',
    BZ7: 'miss',
    BZ8: 'miss',
    BZ9: 'miss',
    BZ10: 'miss',
    BZ11: 'miss',
    BZ12: 'miss',
  },
};

/** The play an LHC entry form belongs to: 胆拖 (_DT) and 对碰 (_DP) forms price as their plain play. */
export function baseCode(play: Pick<PlayDef, 'family' | 'code'>): string {
  return play.family === 'LHC' ? play.code.replace(/_(DT|DP)$/, '') : play.code;
}

/** The class rule of an odds play, or undefined when it has none (a catalogue gap the tests catch). */
export function classRuleOf(play: Pick<PlayDef, 'family' | 'code'>): ClassRule | undefined {
  return PLAY_CLASSES[play.family][baseCode(play)];
}

/** The class a tier of an odds play is priced by; throws for a play without a class. */
export function tierClass(play: Pick<PlayDef, 'family' | 'code'>, tierId: string): PlayClass {
  const rule = classRuleOf(play);
  if (rule === undefined)
    throw new Error(`${play.family} ${play.code}: no play class for its default odds (returns.ts)`);
  return typeof rule === 'string' ? rule : (rule.tiers[tierId] ?? rule.play);
}

/** The default return (1/10000 of resolved stake) of a tier at the cap group with no rebate. */
export function tierReturnBp(play: Pick<PlayDef, 'family' | 'code'>, tierId: string): number {
  return CLASS_RETURN_BP[tierClass(play, tierId)];
}

/**
 * Share of resolved stake the site pays out on a tier of class return `returnBp` when the bet plays at
 * `betGroup`: the odds' return (R·G_bet / G_cap) plus every rebate of the chain up to the cap group
 * ((G_cap − G_bet) / 2000: the bettor's own and the uplines'). Linear in G_bet, so over G_bet ≤ G_cap it is
 * largest at G_cap (R) or at the lowest bet group; below 1 for every class while R < 1 and G_cap ≤ 2000.
 */
export function paidOutShare(returnBp: number, betGroup: number, capGroup: number): number {
  return (returnBp / 10_000) * (betGroup / capGroup) + (capGroup - betGroup) / 2000;
}
