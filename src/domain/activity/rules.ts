/**
 * Activity red envelopes (活动红包, spec 000: /redEnvelope, getActivityRedEnvelopeNumber,
 * getActivityRedEnvelopeFrontList, receiveRedEnvelope): the rules both sides read.
 *
 * An operator creates an envelope of one kind:
 * - 'rain' (红包雨): a pool (the budget) split into `shares` random shares (split.ts); each eligible
 *   player grabs at most one share while shares last;
 * - 'giveaway' (派送): each eligible player receives `amountFen` once, while the budget lasts.
 * It is claimable between its start and end (Beijing time), until closed, by players whose grade is in
 * [minGrade, maxGrade] and who recharged (or bet, valid bets) at least `requiredFen` in its period:
 * the last N Beijing days (today included) or a range of Beijing dates.
 */
import { formatFen } from '../money';
import { beijingDayStartOf, DAY_MS, formatBeijing, parseBeijingDay } from '../time';
import { GRADES, gradeName } from '../grades';

export type ActivityEnvelopeKind = 'rain' | 'giveaway';
export type RequirementKind = 'none' | 'recharge' | 'turnover';

export const ENVELOPE_KIND_NAMES: Readonly<Record<ActivityEnvelopeKind, string>> = {
  rain: '红包雨',
  giveaway: '派送红包',
};
export const REQUIREMENT_NAMES: Readonly<Record<RequirementKind, string>> = {
  none: '无',
  recharge: '充值',
  turnover: '有效投注',
};

export interface Eligibility {
  minGrade: number;
  maxGrade: number;
  requirement: RequirementKind;
  /** what the period's recharges or valid bets must reach, fen (0 with 'none') */
  requiredFen: number;
  /** the last N Beijing days, today included; or else the date range below */
  periodDays: number | null;
  /** 'YYYY-MM-DD' Beijing dates, inclusive */
  periodStart: string | null;
  periodEnd: string | null;
}

export interface ActivityEnvelope {
  id: number;
  kind: ActivityEnvelopeKind;
  title: string;
  startsAtMs: number;
  endsAtMs: number;
  budgetFen: number;
  paidFen: number;
  /** rain: the number of shares; giveaway: null (the budget decides how many) */
  shares: number | null;
  claimedCount: number;
  /** giveaway: the fixed amount each; rain: null */
  amountFen: number | null;
  closed: boolean;
  eligibility: Eligibility;
}

/** A player's state for one envelope, as the list shows it (the wire carries these names). */
export const FrontStatus = {
  /** can be claimed now */
  CLAIMABLE: 'claimable',
  /** claimed by this player; the amount is given */
  CLAIMED: 'claimed',
  /** the player does not meet the conditions; the reason is given */
  INELIGIBLE: 'ineligible',
  /** before the start time */
  NOT_STARTED: 'notStarted',
  /** after the end time, or closed by the operator */
  ENDED: 'ended',
  /** every share taken, or the budget spent */
  ALL_GONE: 'allGone',
} as const;
export type FrontStatusValue = (typeof FrontStatus)[keyof typeof FrontStatus];

export const ACTIVITY_MSG = {
  notFound: '红包活动不存在',
  ended: '活动已结束',
  allGone: '红包已被领完',
  claimed: '您已领取过该红包',
  notStarted: (startsAtMs: number) =>
    `活动尚未开始，开始时间：${formatBeijing(startsAtMs, 'YYYY-MM-DD HH:mm')}`,
} as const;

/** The instants [fromMs, toMs) the requirement counts over, at `nowMs`; null with no requirement. */
export function periodWindow(
  e: Eligibility,
  nowMs: number,
): { fromMs: number; toMs: number } | null {
  if (e.requirement === 'none') return null;
  if (e.periodDays !== null) {
    return { fromMs: beijingDayStartOf(nowMs) - (e.periodDays - 1) * DAY_MS, toMs: nowMs };
  }
  const start = e.periodStart === null ? null : parseBeijingDay(e.periodStart);
  const end = e.periodEnd === null ? null : parseBeijingDay(e.periodEnd);
  // the form refuses such a period (form.ts), so a stored one is always two real dates
  if (!start || !end) throw new Error('an envelope requirement needs a period of two real dates');
  return { fromMs: start.startMs, toMs: end.endMs };
}

/** The period in words: '近7天' or '2026-11-01至2026-11-20'. */
export function periodText(e: Eligibility): string {
  if (e.periodDays !== null) return e.periodDays === 1 ? '今天' : `近${e.periodDays}天`;
  return `${e.periodStart}至${e.periodEnd}`;
}

/** The conditions in words, for the list and the admin page. */
export function eligibilityText(e: Eligibility): string {
  const parts: string[] = [];
  const top = GRADES[GRADES.length - 1]!.grade;
  if (e.minGrade > 0 || e.maxGrade < top) {
    parts.push(
      e.minGrade === e.maxGrade
        ? `等级${gradeName(e.minGrade)}`
        : `等级${gradeName(e.minGrade)}至${gradeName(e.maxGrade)}`,
    );
  }
  if (e.requirement !== 'none')
    parts.push(
      `${periodText(e)}${REQUIREMENT_NAMES[e.requirement]}满${formatFen(e.requiredFen)}元`,
    );
  return parts.length ? parts.join('，') : '所有会员';
}

/** Why a player may not claim, or null when they may. `periodSumFen`: their recharges or valid bets in the period. */
export function ineligibleReason(
  e: Eligibility,
  player: { grade: number; periodSumFen: number },
): string | null {
  if (player.grade < e.minGrade || player.grade > e.maxGrade) {
    return `您的等级不满足领取条件（需${e.minGrade === e.maxGrade ? gradeName(e.minGrade) : `${gradeName(e.minGrade)}至${gradeName(e.maxGrade)}`}）`;
  }
  if (e.requirement !== 'none' && player.periodSumFen < e.requiredFen) {
    const what = REQUIREMENT_NAMES[e.requirement];
    return `${periodText(e)}${what}满${formatFen(e.requiredFen)}元才可领取（当前${formatFen(Math.max(0, player.periodSumFen))}元）`;
  }
  return null;
}

/** Whether nothing is left to give: every rain share taken, or the budget cannot pay one more. */
export function isAllGone(env: ActivityEnvelope): boolean {
  const leftFen = env.budgetFen - env.paidFen;
  if (env.kind === 'rain') return env.claimedCount >= (env.shares ?? 0) || leftFen < 1;
  return leftFen < (env.amountFen ?? Number.MAX_SAFE_INTEGER);
}

export interface PlayerView {
  /** what this player got, or null when not claimed */
  claimedFen: number | null;
  grade: number;
  periodSumFen: number;
}

/**
 * The player's state for one envelope at `nowMs`, with the message a claim would be refused with.
 * Order: claimed, ended (or closed), not started, all gone, not eligible, claimable.
 */
export function frontStatus(
  env: ActivityEnvelope,
  p: PlayerView,
  nowMs: number,
): { status: FrontStatusValue; reason: string } {
  if (p.claimedFen !== null) return { status: FrontStatus.CLAIMED, reason: ACTIVITY_MSG.claimed };
  if (env.closed || nowMs >= env.endsAtMs)
    return { status: FrontStatus.ENDED, reason: ACTIVITY_MSG.ended };
  if (nowMs < env.startsAtMs)
    return { status: FrontStatus.NOT_STARTED, reason: ACTIVITY_MSG.notStarted(env.startsAtMs) };
  if (isAllGone(env)) return { status: FrontStatus.ALL_GONE, reason: ACTIVITY_MSG.allGone };
  const why = ineligibleReason(env.eligibility, p);
  if (why) return { status: FrontStatus.INELIGIBLE, reason: why };
  return { status: FrontStatus.CLAIMABLE, reason: '' };
}
