/**
 * A player's view of promotions: for each activity its state now (claimable with the amount a claim
 * would pay, claimed with what was paid, not eligible with why), read with one claims query for the
 * lot and one totals query per bonus activity. Guests see the schedule and "log in".
 */
import {
  ACTIVITY_KIND_NAMES,
  ActivityState,
  PROMO_MSG,
  bonusFor,
  categoryName,
  checkinRewardFen,
  claimPeriod,
  previousDayKey,
  ruleText,
  scheduleState,
  type Activity,
  type ActivityStateValue,
} from '../../domain/activity/index.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import type { Sql } from '../db/client.ts';
import { totalsFor } from './promotionClaim.ts';
import { claimsOf } from './promotionStore.ts';

export interface PlayerView {
  state: ActivityStateValue;
  reason: string;
  /** claimable: what a claim pays now; claimed: what was paid; else null */
  amountFen: number | null;
  /** check-in: the run including today (claimed) or that today would make (claimable) */
  streak: number | null;
}

export async function playerViews(
  sql: Sql,
  userId: number | null,
  list: Activity[],
  nowMs: number,
): Promise<Map<number, PlayerView>> {
  const out = new Map<number, PlayerView>();
  const open: { a: Activity; key: string; fromMs: number; toMs: number }[] = [];
  for (const a of list) {
    const s = scheduleState(a, nowMs);
    if (s) out.set(a.id, { ...s, amountFen: null, streak: null });
    else if (userId === null)
      out.set(a.id, {
        state: ActivityState.LOGIN,
        reason: '登录后即可参与',
        amountFen: null,
        streak: null,
      });
    else open.push({ a, ...claimPeriod(a, nowMs)! });
  }
  if (userId === null || open.length === 0) return out;
  const yesterday = previousDayKey(nowMs);
  const claims = await claimsOf(
    sql,
    userId,
    open.flatMap(({ a, key }) => [
      { id: a.id, key },
      ...(a.rule.kind === 'checkin' ? [{ id: a.id, key: yesterday }] : []),
    ]),
  );
  await Promise.all(
    open.map(async ({ a, key, fromMs, toMs }) => {
      const mine = claims.get(`${a.id}:${key}`);
      if (mine) {
        const reason = a.rule.kind === 'checkin' ? PROMO_MSG.signedIn : PROMO_MSG.claimed;
        out.set(a.id, {
          state: ActivityState.CLAIMED,
          reason,
          amountFen: mine.amount_fen,
          streak: mine.streak,
        });
      } else if (a.rule.kind === 'checkin') {
        const streak = (claims.get(`${a.id}:${yesterday}`)?.streak ?? 0) + 1;
        out.set(a.id, {
          state: ActivityState.CLAIMABLE,
          reason: '',
          amountFen: checkinRewardFen(a.rule, streak),
          streak,
        });
      } else {
        const b = bonusFor(a, await totalsFor(sql, userId, a, { fromMs, toMs }));
        out.set(
          a.id,
          'reason' in b
            ? { state: ActivityState.INELIGIBLE, reason: b.reason, amountFen: null, streak: null }
            : { state: ActivityState.CLAIMABLE, reason: '', amountFen: b.amountFen, streak: null },
        );
      }
    }),
  );
  return out;
}

/** One activity on the list (the detail adds its content and rule). */
export function listItem(a: Activity, v: PlayerView) {
  return {
    id: a.id,
    type: a.category,
    typeName: categoryName(a.category),
    kind: a.rule.kind,
    kindName: ACTIVITY_KIND_NAMES[a.rule.kind],
    title: a.title,
    summary: a.summary,
    coverImage: a.coverImage,
    startTime: formatBeijing(a.startsAtMs, 'YYYY-MM-DD HH:mm'),
    endTime: formatBeijing(a.endsAtMs, 'YYYY-MM-DD HH:mm'),
    state: v.state,
    reason: v.reason,
    amount: v.amountFen === null ? null : formatFen(v.amountFen),
    streak: v.streak,
  };
}

export function detailItem(a: Activity, v: PlayerView) {
  const rule = a.rule;
  return {
    ...listItem(a, v),
    content: a.content,
    ruleLines: ruleText(rule),
    /** check-in: the reward of each day of a run */
    checkinRewards: rule.kind === 'checkin' ? rule.rewardsFen.map(formatFen) : null,
  };
}
