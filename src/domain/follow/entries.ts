/**
 * A followed entry (a shared bet's or a push plan's, docs/follow-betting.md) and its conversion into the
 * rows of addBetting at a given issue. The follower takes no rebate (bettingPoint 0): the bet plays at
 * their own prize group, which every account may choose, so a follow is never refused for its rebate.
 */
import { BET_AMOUNT_MAX_YUAN } from '../constants.ts';
import type { BetUnit } from '../lottery/money.ts';
import type { BetModel, BettingRow } from '../lottery/types.ts';
import {
  followModeOf,
  normaliseAmount,
  normaliseMultiple,
  normaliseUnit,
  stakeTotalFen,
  wireUnit,
  type FollowStake,
} from './rules.ts';

export interface FollowEntry {
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  /** play name shown */
  betDetail: string;
  /** selection shown */
  betDetailContent?: string;
  /** yuan per bet as shared (default 1) */
  bettingAmount?: string;
  /** as addBetting takes it (default yuan) */
  bettingUnit?: number | string;
  /** multiple (default 1) */
  graduationCount?: number;
  /** 2 = multiple mode (plans) */
  betAmountMode?: number;
}

/** The first stake of an entry as shared, normalised by the share-edit rules. */
export function initialStake(entry: FollowEntry, model: BetModel): FollowStake {
  const mode = followModeOf(model);
  const count =
    Number.isSafeInteger(entry.bettingCount) && entry.bettingCount > 0 ? entry.bettingCount : 1;
  const unit: BetUnit = mode === 'multiple' ? normaliseUnit(entry.bettingUnit) : 'yuan';
  const value =
    mode === 'multiple'
      ? normaliseMultiple(entry.graduationCount)
      : normaliseAmount(entry.bettingAmount);
  return { mode, bettingCount: count, unit, value };
}

function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * The rows of addBetting for `entries` with their `stakes` at `issue`. Null with a message when a row
 * would exceed what one bet may stake (the server checks the same).
 */
export function toBettingRows(
  lotteryCode: string,
  issue: string,
  entries: readonly FollowEntry[],
  stakes: readonly FollowStake[],
): { ok: true; rows: BettingRow[] } | { ok: false; msg: string } {
  if (entries.length !== stakes.length) throw new Error('one stake per entry');
  const rows: BettingRow[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const s = stakes[i]!;
    const fen = stakeTotalFen(s);
    if (fen > BET_AMOUNT_MAX_YUAN * 100)
      return { ok: false, msg: `单注金额不能超过${BET_AMOUNT_MAX_YUAN}元` };
    rows.push({
      lotteryCode,
      playDetailCode: e.playDetailCode,
      bettingNumber: e.bettingNumber,
      bettingCount: s.bettingCount,
      bettingAmount: fenToYuanText(fen),
      bettingPoint: 0,
      bettingUnit: s.mode === 'multiple' ? wireUnit(s.unit) : 1,
      bettingIssue: issue,
      graduationCount: s.mode === 'multiple' ? s.value : 1,
    });
  }
  return { ok: true, rows };
}
