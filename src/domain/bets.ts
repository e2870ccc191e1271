/**
 * Valid bets (有效投注), one rule for the whole site: the promotions' and check-ins' bet requirements
 * (server/activity), the grade promotion (server/grades), and the reports' validBetAmount (the
 * user_daily.valid_bet roll-up of migration 033, whose SQL function valid_bet_fen lists the same
 * statuses). A bet counts when it is settled and not cancelled — WON, LOST or TIE_REFUND — for its
 * stake less its refund (amount − refund), by the Beijing day it was PLACED. Pending bets, cancelled
 * bets (撤单, system cancel, chase stopped) and bets a correction put back to PENDING count 0.
 */
export const VALID_BET_STATUSES: readonly string[] = ['WON', 'LOST', 'TIE_REFUND'];

/** The counted value (fen) of one bet. */
export function validBetFenOf(bet: { status: string; amount: number; refund: number }): number {
  return VALID_BET_STATUSES.includes(bet.status) ? bet.amount - bet.refund : 0;
}

/**
 * A bet awaiting its draw (待开奖): its whole stake is shown apart on every record and report
 * screen, never in 投注 nor in 盈亏 (src/domain/figures.ts), until it is settled or cancelled.
 */
export const PENDING_BET_STATUS = 'PENDING';

/** The stake (fen) of one bet still awaiting its draw; 0 once settled or cancelled. */
export function pendingStakeFenOf(bet: { status: string; amount: number }): number {
  return bet.status === PENDING_BET_STATUS ? bet.amount : 0;
}
