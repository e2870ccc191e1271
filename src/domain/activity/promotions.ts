/**
 * Promotions (优惠活动, spec 000: /activity, /activity/{id}, /activityinfo): the rules both sides read.
 *
 * An activity has a category (the list's tabs), rich content, a schedule and a kind:
 * - 'info': content only, nothing to claim;
 * - 'checkin' (每日签到): one sign-in per Beijing day; day N of an unbroken run pays rewardsFen[N-1],
 *   and after the last entry the last one again;
 * - 'recharge_bonus' (充值赠送): percent of the period's recharges (at least minFen), capped; with
 *   firstDeposit only for players who had recharged nothing before the activity started (首充);
 * - 'turnover_bonus' (投注奖励): the highest tier whose valid bets the period reached.
 * A bonus is claimed once per period (a Beijing day, week from Monday, month, or once for the whole
 * activity) and counts what happened from the later of the period's start and the activity's start.
 * Every payout carries a withdrawal turnover requirement of turnoverMultiple × the amount.
 */
import { formatFen } from '../money';
import { BEIJING_OFFSET_MS, beijingDayStartOf, DAY_MS, formatBeijing } from '../time';
import { TxType } from '../txTypes';
import { ACTIVITY_MSG } from './rules';

export type ActivityKind = 'info' | 'checkin' | 'recharge_bonus' | 'turnover_bonus';
export type PeriodUnit = 'day' | 'week' | 'month' | 'once';

export const ACTIVITY_KINDS: readonly ActivityKind[] = [
  'info',
  'checkin',
  'recharge_bonus',
  'turnover_bonus',
];
export const ACTIVITY_KIND_NAMES: Readonly<Record<ActivityKind, string>> = {
  info: '图文活动',
  checkin: '每日签到',
  recharge_bonus: '充值赠送',
  turnover_bonus: '投注奖励',
};
export const PERIOD_UNITS: readonly PeriodUnit[] = ['day', 'week', 'month', 'once'];
export const PERIOD_NAMES: Readonly<Record<PeriodUnit, string>> = {
  day: '每日',
  week: '每周',
  month: '每月',
  once: '活动期间',
};

/** The list's tabs (getActivityList?type=): 0 is every category. */
export const ACTIVITY_CATEGORIES: readonly { type: number; name: string }[] = [
  { type: 1, name: '综合活动' },
  { type: 2, name: '充值优惠' },
  { type: 3, name: '投注奖励' },
  { type: 4, name: '每日签到' },
  { type: 5, name: '新人专享' },
];
export const categoryName = (type: number) =>
  ACTIVITY_CATEGORIES.find((c) => c.type === type)?.name ?? '其他活动';

export interface CheckinRule {
  rewardsFen: number[];
  turnoverMultiple: number;
}
export interface RechargeBonusRule {
  period: PeriodUnit;
  firstDeposit: boolean;
  minFen: number;
  /** basis points of the recharges: 1000 = 10 % */
  percentBp: number;
  capFen: number;
  turnoverMultiple: number;
}
export interface TurnoverTier {
  betFen: number;
  rewardFen: number;
}
export interface TurnoverBonusRule {
  period: PeriodUnit;
  tiers: TurnoverTier[];
  turnoverMultiple: number;
}

export type ActivityRule =
  | { kind: 'info' }
  | ({ kind: 'checkin' } & CheckinRule)
  | ({ kind: 'recharge_bonus' } & RechargeBonusRule)
  | ({ kind: 'turnover_bonus' } & TurnoverBonusRule);

export interface Activity {
  id: number;
  category: number;
  title: string;
  summary: string;
  coverImage: string;
  content: string;
  rule: ActivityRule;
  startsAtMs: number;
  endsAtMs: number;
  sort: number;
  enabled: boolean;
}

/** A player's state for one activity (the wire carries these names). */
export const ActivityState = {
  /** content only */
  INFO: 'info',
  CLAIMABLE: 'claimable',
  /** claimed (signed in) for the current period */
  CLAIMED: 'claimed',
  INELIGIBLE: 'ineligible',
  NOT_STARTED: 'notStarted',
  ENDED: 'ended',
  /** open, but a guest: log in to take part */
  LOGIN: 'login',
} as const;
export type ActivityStateValue = (typeof ActivityState)[keyof typeof ActivityState];

export const PROMO_MSG = {
  notFound: '活动不存在',
  // the same words as the activity red envelopes' (rules.ts)
  ended: ACTIVITY_MSG.ended,
  notClaimable: '该活动无需领取',
  claimed: '本期奖励您已领取',
  signedIn: '今天已经签到过了',
  notStarted: ACTIVITY_MSG.notStarted,
} as const;

/** The current period of a unit at `nowMs`: its key and the instant it began (Beijing calendar). */
export function currentPeriod(unit: PeriodUnit, nowMs: number): { key: string; startMs: number } {
  const dayStart = beijingDayStartOf(nowMs);
  const d = new Date(dayStart + BEIJING_OFFSET_MS);
  if (unit === 'day') return { key: `D${formatBeijing(nowMs, 'YYYY-MM-DD')}`, startMs: dayStart };
  if (unit === 'week') {
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    const startMs = dayStart - sinceMonday * DAY_MS;
    return { key: `W${formatBeijing(startMs, 'YYYY-MM-DD')}`, startMs };
  }
  if (unit === 'month') {
    const startMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - BEIJING_OFFSET_MS;
    return { key: `M${formatBeijing(nowMs, 'YYYY-MM-DD').slice(0, 7)}`, startMs };
  }
  return { key: 'ONCE', startMs: Number.NEGATIVE_INFINITY };
}

/** The check-in key of the Beijing day before `nowMs`. */
export const previousDayKey = (nowMs: number) =>
  currentPeriod('day', beijingDayStartOf(nowMs) - 1).key;

/** The claim period of an activity at `nowMs`: check-ins are daily; info has none. */
export function claimPeriod(
  a: Activity,
  nowMs: number,
): { key: string; fromMs: number; toMs: number } | null {
  const r = a.rule;
  if (r.kind === 'info') return null;
  const p = currentPeriod(r.kind === 'checkin' ? 'day' : r.period, nowMs);
  return { key: p.key, fromMs: Math.max(p.startMs, a.startsAtMs), toMs: nowMs };
}

/** Check-in: the reward of day `streak` of an unbroken run. */
export function checkinRewardFen(rule: CheckinRule, streak: number): number {
  return rule.rewardsFen[Math.min(Math.max(streak, 1), rule.rewardsFen.length) - 1]!;
}

/** What the period's totals give: the amount, or why nothing (Chinese). */
export interface PeriodTotals {
  rechargeFen: number;
  validBetFen: number;
  rechargedBeforeStart: boolean;
}

export function bonusFor(
  a: Activity,
  t: PeriodTotals,
): { amountFen: number; baseFen: number } | { reason: string } {
  const r = a.rule;
  const when =
    r.kind === 'recharge_bonus' || r.kind === 'turnover_bonus' ? periodWords(r.period) : '';
  if (r.kind === 'recharge_bonus') {
    if (r.firstDeposit && t.rechargedBeforeStart) return { reason: '本活动仅限首次充值的会员参与' };
    if (t.rechargeFen < r.minFen)
      return {
        reason: `${when}充值满${formatFen(r.minFen)}元才可领取（当前${formatFen(Math.max(0, t.rechargeFen))}元）`,
      };
    const amountFen = Math.min(Math.floor((t.rechargeFen * r.percentBp) / 10_000), r.capFen);
    if (amountFen < 1) return { reason: '充值金额过小，赠送金额不足0.01元' };
    return { amountFen, baseFen: t.rechargeFen };
  }
  if (r.kind === 'turnover_bonus') {
    const reached = [...r.tiers].reverse().find((tier) => t.validBetFen >= tier.betFen);
    if (!reached)
      return {
        reason: `${when}有效投注满${formatFen(r.tiers[0]!.betFen)}元才可领取（当前${formatFen(Math.max(0, t.validBetFen))}元）`,
      };
    return { amountFen: reached.rewardFen, baseFen: t.validBetFen };
  }
  return { reason: PROMO_MSG.notClaimable };
}

const periodWords = (unit: PeriodUnit) =>
  ({ day: '今日', week: '本周', month: '本月', once: '活动期间' })[unit];

/** The ledger type of a payout (src/domain/txTypes.ts, income 2xx). */
export function payoutTypeCode(rule: ActivityRule): number {
  if (rule.kind === 'checkin') return TxType.SIGN_IN_REWARD;
  if (rule.kind === 'recharge_bonus')
    return rule.firstDeposit ? TxType.FIRST_DEPOSIT_BONUS : TxType.REDEPOSIT_BONUS;
  return TxType.ACTIVITY_REWARD;
}

/** The rule in words, for the detail page and the admin list. */
export function ruleText(rule: ActivityRule): string[] {
  const flow = (m: number) => (m > 0 ? `奖励需完成${m}倍流水方可提现` : '奖励无流水要求');
  if (rule.kind === 'info') return [];
  if (rule.kind === 'checkin') {
    const days = rule.rewardsFen.map((f, i) => `第${i + 1}天${formatFen(f)}元`).join('，');
    return [
      '每天签到一次，连续签到奖励递增，中断后从第1天重新计算',
      days +
        (rule.rewardsFen.length > 1 ? `，之后每天${formatFen(rule.rewardsFen.at(-1)!)}元` : ''),
      flow(rule.turnoverMultiple),
    ];
  }
  if (rule.kind === 'recharge_bonus') {
    return [
      `${PERIOD_NAMES[rule.period]}可领取一次${rule.firstDeposit ? '（仅限首次充值的会员）' : ''}`,
      `充值满${formatFen(rule.minFen)}元，赠送充值金额的${rule.percentBp / 100}%，最高${formatFen(rule.capFen)}元`,
      flow(rule.turnoverMultiple),
    ];
  }
  return [
    `${PERIOD_NAMES[rule.period]}可领取一次，按达到的最高档位发放`,
    ...rule.tiers.map((t) => `有效投注满${formatFen(t.betFen)}元，奖励${formatFen(t.rewardFen)}元`),
    flow(rule.turnoverMultiple),
  ];
}

/** The schedule part of a player's state (the period and eligibility parts are the server's). */
export function scheduleState(
  a: Activity,
  nowMs: number,
): { state: ActivityStateValue; reason: string } | null {
  if (!a.enabled || nowMs >= a.endsAtMs)
    return { state: ActivityState.ENDED, reason: PROMO_MSG.ended };
  if (nowMs < a.startsAtMs)
    return { state: ActivityState.NOT_STARTED, reason: PROMO_MSG.notStarted(a.startsAtMs) };
  if (a.rule.kind === 'info') return { state: ActivityState.INFO, reason: '' };
  return null;
}
