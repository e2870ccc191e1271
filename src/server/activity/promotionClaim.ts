/**
 * Claiming a promotion (a daily check-in, a recharge or turnover bonus): paid exactly once per player
 * per activity per period, with the same invariants as the red envelopes' claim.ts:
 * - one claim row per (activity, user, period key): unique index; the row is inserted first in the
 *   transaction (`on conflict do nothing`), so of N concurrent claims one inserts and the others wait
 *   on it and then find it: they answer "already claimed" (or, with the first claim's request id, its
 *   result) and move nothing;
 * - the claim row, the ledger transfer and its turnover requirement commit together; the transfer id is
 *   `act:<activity>:<user>:<period>` (unique in the ledger), so even a lost claim row could not pay twice;
 * - lock order: the activity row (for share: an operator's edit waits), the claim key, then the ledger's
 *   accounts. Nothing locks a claim key or an activity after accounts.
 * Life cycle: checked without locks (schedule, prior claim, the period totals: refusals cost no lock) →
 * activity row locked for share → schedule checked again → amount decided from the locked rule (a
 * check-in's streak from yesterday's row) → claim row → transfer house → player with the kind's 2xx
 * type → turnover requirement (rule multiple × amount, source 'activity') → commit.
 */
import {
  ActivityState,
  PROMO_MSG,
  bonusFor,
  checkinRewardFen,
  claimPeriod,
  payoutTypeCode,
  previousDayKey,
  scheduleState,
  type Activity,
  type PeriodTotals,
} from '../../domain/activity/index.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { refuseIfRequestIdTaken } from '../http/idempotency.ts';
import { transferInTx } from '../ledger/ledger.ts';
import { addTurnover } from '../withdraw/turnover.ts';
import { activityById, claimsOf, periodTotals, type ClaimRow } from './promotionStore.ts';

export interface PromoClaimResult {
  activityId: number;
  amountFen: number;
  streak: number | null;
  /** the balance right after; null when answering a repeat */
  balanceAfterFen: number | null;
  /** false when this answers a repeat of the first claim (same request id): nothing moved */
  applied: boolean;
}

type Want = 'checkin' | 'bonus';

function answerPrior(a: Activity, prior: ClaimRow, requestId: string | null): PromoClaimResult {
  if (requestId !== null && prior.request_id === requestId) {
    return {
      activityId: a.id,
      amountFen: Number(prior.amount_fen),
      streak: prior.streak,
      balanceAfterFen: null,
      applied: false,
    };
  }
  return refuse(a.rule.kind === 'checkin' ? PROMO_MSG.signedIn : PROMO_MSG.claimed);
}

function checkOpen(a: Activity, want: Want, nowMs: number): void {
  const kindOk =
    want === 'checkin'
      ? a.rule.kind === 'checkin'
      : a.rule.kind === 'recharge_bonus' || a.rule.kind === 'turnover_bonus';
  if (!kindOk) refuse(want === 'checkin' ? '该活动不是签到活动' : PROMO_MSG.notClaimable);
  const s = scheduleState(a, nowMs);
  if (s) refuse(s.state === ActivityState.INFO ? PROMO_MSG.notClaimable : s.reason);
}

/** A player's totals for a bonus activity's current period. */
export function totalsFor(
  sql: Db,
  userId: number,
  a: Activity,
  window: { fromMs: number; toMs: number },
): Promise<PeriodTotals> {
  return periodTotals(sql, userId, window.fromMs, window.toMs, a.startsAtMs);
}

export async function claimPromotion(
  sql: Sql,
  userId: number,
  activityId: number,
  requestId: string | null,
  want: Want,
): Promise<PromoClaimResult> {
  const seen = await activityById(sql, activityId);
  if (!seen?.enabled) refuse(PROMO_MSG.notFound);
  const nowMs = Date.now();
  checkOpen(seen!, want, nowMs);
  const period = claimPeriod(seen!, nowMs)!;
  const prior = (await claimsOf(sql, userId, [{ id: activityId, key: period.key }])).get(
    `${activityId}:${period.key}`,
  );
  if (prior) return answerPrior(seen!, prior, requestId);
  let totals: PeriodTotals | null = null;
  if (want === 'bonus') {
    totals = await totalsFor(sql, userId, seen!, period);
    const b = bonusFor(seen!, totals);
    if ('reason' in b) refuse(b.reason);
  }
  try {
    return await claimInTx(sql, userId, activityId, period.key, requestId, want, totals);
  } catch (err) {
    // the request id made another period's claim (unique (user_id, request_id))
    refuseIfRequestIdTaken(err, 'activity_claims_request');
    throw err;
  }
}

async function amountInTx(
  tx: Tx,
  a: Activity,
  userId: number,
  nowMs: number,
  totals: PeriodTotals | null,
) {
  if (a.rule.kind === 'checkin') {
    const [prev] = await tx<{ streak: number }[]>`
      select streak from activity_claims where activity_id = ${a.id} and user_id = ${userId} and period_key = ${previousDayKey(nowMs)}`;
    const streak = (prev?.streak ?? 0) + 1;
    return { amountFen: checkinRewardFen(a.rule, streak), baseFen: 0, streak };
  }
  const b = bonusFor(a, totals!);
  if ('reason' in b) return refuse(b.reason);
  return { ...b, streak: null };
}

async function claimInTx(
  sql: Sql,
  userId: number,
  activityId: number,
  periodKey: string,
  requestId: string | null,
  want: Want,
  totals: PeriodTotals | null,
): Promise<PromoClaimResult> {
  return sql.begin(async (tx) => {
    const a = (await activityById(tx, activityId, 'for share'))!;
    const nowMs = Date.now();
    if (!a.enabled) refuse(PROMO_MSG.ended);
    checkOpen(a, want, nowMs);
    const { amountFen, baseFen, streak } = await amountInTx(tx, a, userId, nowMs, totals);
    const transferId = transferIds.activityPayout(activityId, userId, periodKey);
    const typeCode = payoutTypeCode(a.rule);
    const inserted = await tx`
      insert into activity_claims (activity_id, user_id, period_key, amount_fen, base_fen, streak, type_code, transfer_id, request_id)
      values (${activityId}, ${userId}, ${periodKey}, ${amountFen}, ${baseFen}, ${streak}, ${typeCode}, ${transferId}, ${requestId})
      on conflict (activity_id, user_id, period_key) do nothing returning id`;
    if (inserted.length === 0) {
      const prior = (await claimsOf(tx, userId, [{ id: activityId, key: periodKey }])).get(
        `${activityId}:${periodKey}`,
      )!;
      return answerPrior(a, prior, requestId);
    }
    const moved = await transferInTx(tx, {
      transferId,
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId },
      amountFen,
      typeCode,
      userId,
      ref: transferRefs.activity(activityId),
      remark: a.title,
    });
    if (!moved.applied) throw new Error(`transfer ${transferId} existed without its claim row`);
    const multiple = 'turnoverMultiple' in a.rule ? a.rule.turnoverMultiple : 0;
    if (multiple > 0)
      await addTurnover(tx, {
        userId,
        baseFen: amountFen,
        source: 'activity',
        ref: transferId,
        percent: multiple * 100,
      });
    return { activityId, amountFen, streak, balanceAfterFen: moved.balanceAfterFen, applied: true };
  });
}
