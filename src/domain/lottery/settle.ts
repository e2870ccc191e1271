/**
 * Settling one ticket against a draw (§2.4): lines won per tier → payout in fen, with the bet status.
 * A ticket whose lines were all refunded is TIE_REFUND; any payout makes it WON; otherwise LOST.
 * Cancellation statuses are set by the betting service, never here.
 */
import type { Draw, PlayDef, RuleFlags, Selection, WinCounts } from './types.ts';
import {
  type BetUnit,
  oddsPayoutFen,
  parlayPayoutFen,
  prizePayoutFen,
  refundFen,
} from './money.ts';
import { tiersUnder } from './tiers.ts';
import { flagsForStake } from './flags.ts';

export type SettledStatus = 'WON' | 'LOST' | 'TIE_REFUND';

export interface Settlement {
  readonly status: SettledStatus;
  readonly win: WinCounts;
  /** Total credited to the bettor: prizes plus refunded lines' stake (fen). */
  readonly payoutFen: number;
  /** The refunded part of payoutFen (earns no rebate and no valid turnover). */
  readonly refundFen: number;
}

function statusOf(play: PlayDef, sel: Selection, win: WinCounts, prizeFen: number): SettledStatus {
  if (prizeFen > 0) return 'WON';
  return win.refunds > 0 && win.refunds === play.countBets(sel) ? 'TIE_REFUND' : 'LOST';
}

/** Prize-group ticket at the bet's prize group, unit and multiple. */
export function settlePrizeGroupTicket(
  play: PlayDef,
  sel: Selection,
  draw: Draw,
  flags: RuleFlags,
  t: { group: number; unit: BetUnit; multiple: number },
): Settlement {
  if (play.model !== 'prizeGroup') throw new Error(`${play.code} is an odds play`);
  const win = play.checkWin(sel, draw, flags);
  // Prizes follow the lottery's rule flags (e.g. 顺子 without the 9-0 wrap is rarer and pays more).
  const prize = prizePayoutFen(
    { ...play, tiers: tiersUnder(play, flags) },
    win,
    t.group,
    t.unit,
    t.multiple,
  );
  const refund = refundFen(win, t.unit, t.multiple);
  return {
    status: statusOf(play, sel, win, prize),
    win,
    payoutFen: prize + refund,
    refundFen: refund,
  };
}

/** Odds ticket: every line staked `stakePerLineFen`, odds per tier in 1/10000 units (stake included). */
export function settleOddsTicket(
  play: PlayDef,
  sel: Selection,
  draw: Draw,
  flags: RuleFlags,
  t: { stakePerLineFen: number; odds: Readonly<Record<string, number>> },
): Settlement {
  if (play.model !== 'odds') throw new Error(`${play.code} is a prize-group play`);
  const win = play.checkWin(sel, draw, flagsForStake(flags, t.stakePerLineFen));
  const refund = win.refunds * t.stakePerLineFen;
  const payout = play.parlay
    ? parlayPayoutFen(win, t.stakePerLineFen, t.odds)
    : oddsPayoutFen(win, t.stakePerLineFen, t.odds);
  return {
    status: statusOf(play, sel, win, payout - refund),
    win,
    payoutFen: payout,
    refundFen: refund,
  };
}
