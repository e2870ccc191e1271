/** Lottery domain: play catalogue, draws, issues, money, chase and long dragons (lottery-rules.md). */
export type * from './types.ts';
export { LOTTERY_FAMILIES } from './types.ts';
export { getPlay, playsOf } from './catalogue.ts';
export { DEFAULT_RULE_FLAGS, flagsForStake } from './flags.ts';
export { formatSelection, parseSelection, validateSelection } from './selection.ts';
export {
  DRAW_FORMATS,
  bj28FromKl8,
  bytesFrom,
  drawFromRandomBytes,
  drawFromSeed,
  formatDraw,
  parseDraw,
  uniformBelow,
  validateDraw,
  type ByteSource,
  type DrawFormat,
} from './draws.ts';
export {
  BEIJING_OFFSET_MIN,
  nextSelfRunIssue,
  parseSelfRunIssue,
  saleCloseMs,
  selfRunIssueAt,
  selfRunIssuesPerDay,
  windowIssueAt,
  type IssueInfo,
  type SelfRunSchedule,
  type WindowSchedule,
} from './issue.ts';
export {
  BET_AMOUNT_MAX_FEN,
  FAIR_GROUP,
  LINE_PRICE_FEN,
  ODDS_SCALE,
  UNIT_DIVISOR,
  UNIT_NAMES,
  betAmountFen,
  betGroupForRebate,
  bettorRebateFen,
  oddsAmountFen,
  oddsForClassReturn,
  oddsForReturn,
  oddsPayoutFen,
  prizePayoutFen,
  prizePerLine,
  prizePerLineFen,
  refundFen,
  uplineRebatesFen,
  type AmountResult,
  type BetUnit,
} from './money.ts';
export {
  settleOddsTicket,
  settlePrizeGroupTicket,
  type Settlement,
  type SettledStatus,
} from './settle.ts';
export { doublingPlan, profitRatePlan, sameMultiplePlan } from './chase.ts';
export {
  detectStreaks,
  streakKeys,
  type LongDragonRow,
  type StreakEntry,
  type StreakKey,
} from './streak.ts';
export {
  MIN_PRIZE_GROUP,
  maxRebatePermille,
  permilleToRebatePoint,
  playOdds,
  quoteBet,
  rebatePointToPermille,
  settleTicket,
  type PricedTicket,
  type Quote,
  type QuoteInput,
} from './pricing.ts';
export {
  issueAt,
  issueInfo,
  issuesBetween,
  localDayStartMs,
  lunarYearAnimal,
  nextIssues,
  previousDrawMs,
  type LotterySchedule,
} from './schedule.ts';
export {
  computeTrend,
  hotColdSize,
  trendGroup,
  trendViews,
  type TrendGroup,
  type TrendGroupSpec,
  type TrendRow,
  type TrendView,
} from './trend.ts';
export { tiersUnder } from './catalogue.ts';
export { parlayPayoutFen } from './money.ts';
export { ELEMENTS, fiveElementsOfYear } from './lhcAttrs.ts';
export {
  CLASS_RETURN_BP,
  PLAY_CLASSES,
  paidOutShare,
  tierClass,
  tierReturnBp,
  type ClassRule,
  type PlayClass,
} from './returns.ts';
