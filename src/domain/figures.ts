/**
 * The money figures of the record and report screens (/betRecord, /PLstatement, /agentReport,
 * /lowerReport, the user's own profit): one definition of each column and of 盈亏, and the columns
 * each screen shows, so that on every screen 盈亏 is the sum of the columns it shows beside it.
 * docs/agents.md "Reports" and docs/bill-records.md hold the prose.
 *
 * - 投注 (bet): the stakes of SETTLED bets (WON, LOST, TIE_REFUND), counted in full. A stake still
 *   awaiting its draw is not in 投注 nor in 盈亏: it is 待开奖 (pendingBet), shown apart.
 * - 中奖 (prize): what came back, tie refunds included (a tied bet's 投注 is its full stake).
 * - 返点 (rebate): the player's own rebate and, for an agent, the uplines' share of its team's bets.
 * - 活动 (activity): rewards the site pays (活动红包, 活动奖励, 签到, 晋级, 分红, 赠送, ...).
 * - 红包 (redEnvelope): chat red envelopes, net: received (207) and returned (208) less sent (307).
 * - 钱包收益 (wallet): virtual-wallet interest and pledge profit.
 * - 其他 (other): every other code that changes the player's money (gifts, manual corrections, ...).
 * - 盈亏 (profit) = Σ sign × column over the screen's columns; recharges, withdrawals and moves
 *   between the player's own wallets are never in it.
 *
 * Every value here is fen, each column positive in its own sense (a stake of 10 yuan is bet = 1000).
 */

export type Column = 'bet' | 'prize' | 'rebate' | 'activity' | 'redEnvelope' | 'wallet' | 'other';

export interface ColumnDef {
  /** the Chinese label every screen uses, and its short form for the narrow list rows */
  label: string;
  short: string;
  /** how the column enters 盈亏 */
  sign: 1 | -1;
  /** the field (yuan string) of the wire answers */
  field: string;
}

export const COLUMNS: Readonly<Record<Column, ColumnDef>> = {
  bet: { label: '投注金额', short: '投注', sign: -1, field: 'betAmount' },
  prize: { label: '中奖金额', short: '中奖', sign: 1, field: 'prizeAmount' },
  rebate: { label: '返点金额', short: '返点', sign: 1, field: 'rebateAmount' },
  activity: { label: '活动收入', short: '活动', sign: 1, field: 'activityAmount' },
  redEnvelope: { label: '红包收支', short: '红包', sign: 1, field: 'redEnvelopeAmount' },
  wallet: { label: '虚拟钱包收益', short: '钱包', sign: 1, field: 'walletIncome' },
  other: { label: '其他', short: '其他', sign: 1, field: 'otherAmount' },
};

/** Stakes awaiting their draw: shown apart, never in 投注 nor in 盈亏. */
export const PENDING = { label: '待开奖', field: 'pendingBetAmount' } as const;
export const PROFIT = { label: '盈亏', field: 'profit' } as const;

export type Screen = 'betRecord' | 'plStatement' | 'teamReport';

/**
 * The columns each screen shows, in order. /betRecord is the bets alone (their settled stake, prize
 * and own rebate); /PLstatement and the team reports (/agentReport, /lowerReport, the user's own
 * profit, the operator's site report) show every column of the ledger.
 */
export const SCREEN_COLUMNS: Readonly<Record<Screen, readonly Column[]>> = {
  betRecord: ['bet', 'prize', 'rebate'],
  plStatement: ['bet', 'prize', 'rebate', 'activity', 'redEnvelope', 'wallet', 'other'],
  teamReport: ['bet', 'prize', 'rebate', 'activity', 'redEnvelope', 'wallet', 'other'],
};

export type ColumnFen = Record<Column, number>;

/** 盈亏 of a screen: the signed sum of its columns. */
export function profitFen(screen: Screen, cols: Readonly<Partial<ColumnFen>>): number {
  return SCREEN_COLUMNS[screen].reduce((sum, c) => sum + COLUMNS[c].sign * (cols[c] ?? 0), 0);
}
