/**
 * Core types of the lottery engine (lottery-rules.md §12).
 *
 * A play is counted and settled on plain numbers: a selection is a list of rows of numbers (one row per
 * position, pool, banker/drag set or attribute group), a draw is the list of numbers as drawn. Attribute
 * plays (大小单双, 龙虎, zodiacs…) use small integer codes whose Chinese labels live in the row spec.
 * Single-entry plays (单式) use one row per typed entry.
 */

/** Lottery families (dafacloud category keys, §11). */
export type LotteryFamily =
  | 'K3'
  | 'SSC'
  | 'KL8'
  | 'LHC'
  | 'PK10'
  | 'PL35'
  | 'SYX5'
  | 'FC3D'
  | 'BJ28';
export const LOTTERY_FAMILIES: readonly LotteryFamily[] = [
  'K3',
  'SSC',
  'KL8',
  'LHC',
  'PK10',
  'PL35',
  'SYX5',
  'FC3D',
  'BJ28',
];

/** Numbers as drawn, in draw order (SSC digits, dice, balls, cars, or the 3 digits of a 28 game). */
export type Draw = readonly number[];

/** A bet selection: rows of chosen numbers/codes (see the play's `rows` for their meaning). */
export interface Selection {
  readonly rows: readonly (readonly number[])[];
}

/** Betting model (§2.1): prize per 2-yuan line at a prize group, or free stake with decimal odds. */
export type BetModel = 'prizeGroup' | 'odds';

/** One row of a selection: which values it accepts, how many, and how they are shown. */
export interface RowSpec {
  readonly nameZh: string;
  readonly values: readonly number[];
  /** Display text per value (same order as `values`); omitted for plain numbers. */
  readonly labels?: readonly string[];
  readonly min: number;
  readonly max: number;
}

/** How the selection is entered. */
export type InputKind =
  | 'rows' // one pick row per position / pool (复式, 胆拖, 和值, 跨度 …)
  | 'entries'; // 单式: every row is one typed entry of `entryLength` numbers

/**
 * A prize tier: p = num/den is the probability that one line wins it GIVEN the line is not refunded (for
 * plays without ties, simply its win probability). Prize = G / (1000·p) (§2.2); fair odds = 1/p, which is
 * the §2.2 odds rule R·(1 − p_tie)/p_win for tie-refund plays.
 */
export interface TierDef {
  readonly id: string;
  readonly nameZh: string;
  readonly pNum: number;
  readonly pDen: number;
  /** Official fixed prize per 2-yuan line (KL8 classic table), for display; the row is paid through `share`. */
  readonly fixedPrizeFen?: number;
  /**
   * Part of a line's return paid through this tier, as [num, den]; absent = 1. Needed when ONE line can
   * win one of several tiers (LHC 三中二 中三/中二, KL8 选N tables, K3 独胆 by occurrences): the line's
   * expected return is Σ p·prize = Σ share · G/2000, so the shares of such a line's tiers add up to 1.
   */
  readonly share?: readonly [number, number];
}

/** Lines won per tier, plus lines refunded (tie / push, §2.4). */
export interface WinCounts {
  readonly wins: Readonly<Record<string, number>>;
  readonly refunds: number;
}

/**
 * Result of one elementary line against a draw. `count` > 1 when one line pays several times (LHC 正肖
 * pays once per regular number of the zodiac); for such tiers p is the expected count per line.
 */
export type TierOutcome = { readonly tier: string; readonly count?: number } | 'refund' | null;
export type LineOutcome =
  | TierOutcome
  /** A parlay line that won: the tiers of its winning legs (a tied leg is left out: it counts odds 1). */
  | { readonly legs: Readonly<Record<string, number>> };

/**
 * The elementary-line definition of a play: the semantic reference the closed forms are checked against
 * (and a safe settlement fallback for ≤ 10^5 lines, §2.4). A line is a tuple of `size` numbers.
 */
export interface LineSpec {
  readonly size: number;
  /** 'ordered' = any tuple, 'set' = strictly ascending, 'multiset' = non-decreasing. */
  readonly order: 'ordered' | 'set' | 'multiset';
  /** Candidate values per slot, for enumeration (may depend on the selection to keep it small). */
  domain(sel: Selection): readonly (readonly number[])[];
  inSelection(sel: Selection, line: readonly number[]): boolean;
  outcome(line: readonly number[], draw: Draw, flags: RuleFlags): LineOutcome;
}

export interface PlayDef {
  readonly family: LotteryFamily;
  /** Stable play code inside the family, e.g. 'H11' (dafacloud suffix where known). */
  readonly code: string;
  readonly nameZh: string;
  /** Menu group, e.g. '五星', '前三', '两面'. */
  readonly group: string;
  readonly model: BetModel;
  readonly input: InputKind;
  readonly rows: readonly RowSpec[];
  /** For 'entries' input: numbers per entry. */
  readonly entryLength?: number;
  /**
   * 任选 单式 / 混合组选 ('entries' input): the selection's LAST row is the checked positions (this row's
   * spec; at least k of 万千百十个), after the typed entries. Text form: `entries|positions`, e.g. `12,34|万 千 个`.
   */
  readonly positionRow?: RowSpec;
  /** Tiers with p under DEFAULT_RULE_FLAGS (what menus show). */
  readonly tiers: readonly TierDef[];
  /**
   * The same tiers (same ids and order) with p under other rule flags, for plays whose odds depend on a
   * flag (龙虎 tie refund, PK10 冠亚和 11 tie, 11x5 ball 11, 28 13/14 refund …); see catalogue.tiersUnder.
   */
  tiersFor?(flags: RuleFlags): readonly TierDef[];
  /** Per-play rebate cap in per-mille of stake (§2.2 maxRebate); absent = the lottery's cap. */
  readonly maxRebatePermille?: number;
  /**
   * Parlay (过关, odds model only): every ticket is one line of several legs; checkWin lists the winning
   * legs' tiers and the payout is stake × the PRODUCT of their odds (a tied leg counts 1; all legs tied
   * refunds the line; any losing leg loses it; LHC: a two-leg parlay with a tied leg is refunded under
   * lhcParlayTwoLeg49 = 'tie').
   */
  readonly parlay?: boolean;
  /** How the play wins, in Chinese, for the how-to-play page (plays whose rows alone do not say it). */
  readonly helpZh?: string;
  /** Extra structural rule beyond the row specs; returns a Chinese message or null. */
  check?(sel: Selection): string | null;
  /** A rule checked at bet time under the lottery's flags (values a variant does not sell); message or null. */
  checkUnder?(sel: Selection, flags: RuleFlags): string | null;
  /** Closed-form bet count of a structurally valid selection. */
  countBets(sel: Selection): number;
  /** Closed-form settlement: lines won per tier and lines refunded. */
  checkWin(sel: Selection, draw: Draw, flags: RuleFlags): WinCounts;
  readonly line: LineSpec;
}

/** Rule variants of §12 (each has two or more real-world variants). */
export interface RuleFlags {
  /** SSC/3D 龙虎 when the two digits are equal: 龙/虎 lose (rule A) or are refunded (rule B). */
  readonly sscDragonTie: 'lose' | 'refund';
  /** 9-0-1 and 8-9-0 count as straights (顺子) in 3-digit shapes. */
  readonly wrapNineZero: boolean;
  /** K3: any triple makes 和值 大/小/单/双 lose (Sic-Bo convention). */
  readonly k3TripleKill: boolean;
  /** K3 二同号复选 and 骰宝 对子 win on a triple of that digit (official rule). */
  readonly k3PairIncludesTriple: boolean;
  /** K3 骰宝 和值 (point sums, odds model): any triple loses; 3 and 18 are then not sold. */
  readonly k3SumTripleKill: boolean;
  /** 11x5 per-ball 大小/单双 when the ball is 11. */
  readonly syx5ElevenIs: 'tie' | 'big' | 'lose';
  /** 11x5 总和 大小 when the sum is 30. */
  readonly syx5Sum30: 'tie' | 'lose';
  /** PK10 冠亚和 大小/单双: 11 is a tie (refund) instead of 小/单. */
  readonly pk10GySumElevenTie: boolean;
  /** KL8 总和 大小/单双/过关 when the sum is 810. */
  readonly kl8Sum810: 'tie' | 'lose';
  /** 28 极值: 'A' = 0–5 / 22–27, 'B' = 0–4 / 23–27. */
  readonly bj28ExtremeRange: 'A' | 'B';
  /**
   * 28 on sums 13/14: 大小单双 and 组合 settle normally or are refunded. With `twoSidedRefundAboveFen`, the
   * 大小单双 refund applies only to lines staked above that many fen; smaller lines settle normally (S14:
   * above 1,000 元, 组合 refunded whatever the stake). See flagsForStake.
   */
  readonly bj28Special1314: {
    readonly twoSided: 'normal' | 'refund';
    readonly combo: 'normal' | 'refund';
    readonly twoSidedRefundAboveFen?: number;
  };
  /** 28 derivation: 0-based indexes into the sorted 20 KL8 numbers for digits A, B, C. */
  readonly bj28DigitIndexSets: readonly [readonly number[], readonly number[], readonly number[]];
  /** LHC 家禽/野兽 on special 49: tie (refund) or normal. */
  readonly lhcPoultryBeast49Tie: boolean;
  /** LHC 半波 on special 49: 和 (refund, most sheets) or every 半波 loses. */
  readonly lhcHalfWave49: 'tie' | 'lose';
  /** LHC 正码过关 of two legs with a leg on a 49 regular: 和 for the whole ticket, or the leg counts odds 1. */
  readonly lhcParlayTwoLeg49: 'tie' | 'oddsOne';
  /** LHC: index (鼠 0 … 猪 11) of the lunar year animal of the draw date. */
  readonly lhcZodiacYear: number;
  /** LHC 五行 sets per year: element name → numbers. */
  readonly lhcFiveElements: Readonly<Record<string, readonly number[]>>;
}

/** One ticket of addBetting's bettingData, as the wire carries it (yuan strings, unit 1 / 0.1 / 0.01, point in percent). */
export interface BettingRow {
  lotteryCode: string;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingAmount: string;
  bettingPoint: number;
  bettingUnit: 1 | 0.1 | 0.01;
  bettingIssue: string;
  graduationCount: number;
}
