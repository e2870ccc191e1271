/**
 * The figures of the profit-and-loss and agent reports (docs/agents.md "Reports"), one rule for
 * every report: /PLstatement, the agent's team reports, the user's own profit and rank, and the
 * operator's site report.
 *
 * Every figure comes from the ledger. Each transfer about a player (transfers.user_id) counts by its
 * effect on that player's holdings (REPORT_HOLDINGS): + when money came in from outside, − when it
 * went out, 0 when it moved between two of their own accounts. The net of each type code then falls
 * into ONE category below (a code not listed is 'other'). The database keeps the same map in
 * report_type_categories, written from this module at migration time (server/reports/categories.ts),
 * so the per-user daily roll-ups (user_daily) and the TypeScript readers cannot disagree.
 *
 * Figures (yuan on the wire, fen here); the columns and 盈亏 are those of src/domain/figures.ts:
 * - pendingBetAmount = the stakes of the bets placed in the range still awaiting their draw
 *   (domain/bets.ts PENDING_BET_STATUS), read from the bets, shown apart (待开奖);
 * - betAmount = −(bet category) − pendingBetAmount: the stakes of the range, net of the refunds of
 *   cancelled bets, less those still awaiting their draw, i.e. the settled stakes;
 * - validBetAmount = valid bets (有效投注, src/domain/bets.ts), NOT from the ledger: the bets placed in
 *   the range (by their Beijing placement day) that are settled and not cancelled — WON, LOST or
 *   TIE_REFUND — each counting amount − refund. Pending and cancelled bets count 0; the same rule as
 *   the promotions' and grades' valid bets. The roll-ups keep it in user_daily.valid_bet, written by
 *   triggers on bets (migration 033), so settlement, corrections and cancellations keep it exact;
 * - prizeAmount, rebateAmount, activityAmount, redEnvelopeAmount, walletIncome, otherAmount = those
 *   categories (prize includes tie refunds; red envelope = received + returned − sent);
 * - rechargeAmount = recharge category; withdrawAmount = −(withdraw category);
 * - profit = prize − bet + rebate + activity + redEnvelope + wallet + other (figures.ts, the team
 *   screens' columns) = every category but recharge and withdrawal, plus the pending stakes: the
 *   change of the player's holdings that deposits, withdrawals and stakes awaiting a draw do not explain.
 */
import { profitFen } from '../figures.ts';
import { TxType, txTypeGroup } from '../txTypes.ts';

/** The figures object F of the contract, as the server sends it and the client reads it: yuan strings and counts. */
export interface Figures {
  betAmount: string;
  pendingBetAmount: string;
  validBetAmount: string;
  prizeAmount: string;
  rebateAmount: string;
  activityAmount: string;
  redEnvelopeAmount: string;
  walletIncome: string;
  otherAmount: string;
  rechargeAmount: string;
  withdrawAmount: string;
  profit: string;
  firstRechargeCount: number;
  newMemberCount: number;
  activeMemberCount: number;
  betMemberCount: number;
}

export type PlCategory =
  | 'recharge'
  | 'withdraw'
  | 'bet'
  | 'prize'
  | 'rebate'
  | 'activity'
  | 'redEnvelope'
  | 'wallet'
  | 'other';
export const PL_CATEGORIES: readonly PlCategory[] = [
  'recharge',
  'withdraw',
  'bet',
  'prize',
  'rebate',
  'activity',
  'redEnvelope',
  'wallet',
  'other',
];

/** The player's accounts whose total the figures follow (ledger_accounts.kind). */
export const REPORT_HOLDINGS = [
  'player',
  'withdraw_hold',
  'virtual_wallet',
  'pledge_escrow',
] as const;

const T = TxType;

/** Type codes per category; a code not listed counts as 'other'. */
export const PL_CATEGORY_CODES: Readonly<Record<Exclude<PlCategory, 'other'>, readonly number[]>> =
  {
    // channel recharges, 人工存入, and 充值驳回 taking a recharge back
    recharge: [...txTypeGroup('recharge').codes, T.MANUAL_DEPOSIT, T.RECHARGE_REJECT],
    // 提现申请/手续费 (when they leave the holdings), 人工提现, and the returns 提现退回/人工提现退回/提现驳回
    withdraw: [
      T.WITHDRAW,
      T.WITHDRAW_FEE,
      T.MANUAL_WITHDRAW,
      T.WITHDRAW_RETURN,
      T.MANUAL_WITHDRAW_RETURN,
      T.WITHDRAW_REJECT,
    ],
    // stakes, net of the refunds of cancelled bets (撤单/追号撤单/开奖撤销返还)
    bet: [
      T.BET,
      T.CHASE_BET,
      T.QUICK_BET,
      T.LONG_DRAGON_BET,
      T.CARD_GAME_BET,
      T.BET_CANCEL_REFUND,
      T.CHASE_CANCEL_REFUND,
      T.DRAW_CANCEL_REFUND,
    ],
    // prizes, tie refunds, game payouts, corrections (派奖冲正) and manual prize changes
    prize: [
      T.LOTTERY_WIN,
      T.TIE_REFUND,
      T.CARD_GAME_PAYOUT,
      T.LIVE_CASINO_PAYOUT,
      T.SPORTS_PAYOUT,
      T.SLOT_GAME_PAYOUT,
      T.PRIZE_REVERSAL,
      T.MANUAL_PRIZE_ADD,
      T.MANUAL_PRIZE_DEDUCT,
    ],
    rebate: [...txTypeGroup('rebate').codes, T.MANUAL_REBATE, T.MANUAL_REBATE_DEDUCT],
    // rewards the site pays: 活动红包, 活动奖励, 签到, 晋级, 代理分红, 推广, 首充/续充赠送, and their manual codes
    activity: [
      T.PROMO_RED_ENVELOPE,
      T.ACTIVITY_REWARD,
      T.SIGN_IN_REWARD,
      T.LEVEL_UP_REWARD,
      T.AGENT_DIVIDEND,
      T.REFERRAL_REWARD,
      T.FIRST_DEPOSIT_BONUS,
      T.REDEPOSIT_BONUS,
      T.MANUAL_ACTIVITY_GIFT,
      T.MANUAL_ACTIVITY_CLAWBACK,
      T.MANUAL_DIVIDEND,
      T.MANUAL_DIVIDEND_DEDUCT,
    ],
    // chat red envelopes: 领取 and 退回 in, 发红包 out (into the envelope's escrow, not a holding)
    redEnvelope: [T.CHAT_RED_ENVELOPE_CLAIM, T.CHAT_RED_ENVELOPE_RETURN, T.SEND_RED_ENVELOPE],
    // interest and pledge profit (transfers in and out of the virtual wallet are internal: 0)
    wallet: txTypeGroup('wallet').codes,
  };

/** Refunds of tied bets: counted as prize (kept apart in the roll-ups' tie_refund). */
export const TIE_REFUND_CODES: readonly number[] = [T.TIE_REFUND];

/** The stakes themselves (a bet placed): their count is the member's bet count. */
export const STAKE_CODES: readonly number[] = [
  T.BET,
  T.CHASE_BET,
  T.QUICK_BET,
  T.LONG_DRAGON_BET,
  T.CARD_GAME_BET,
];

/** Card-game ledger codes: the team's card-game records (/agentChessRecord). */
export const CARD_GAME_CODES: readonly number[] = [T.CARD_GAME_BET, T.CARD_GAME_PAYOUT];

const CATEGORY_OF = new Map<number, PlCategory>(
  Object.entries(PL_CATEGORY_CODES).flatMap(([cat, codes]) =>
    codes.map((c) => [c, cat as PlCategory] as const),
  ),
);

export function categoryOf(typeCode: number): PlCategory {
  return CATEGORY_OF.get(typeCode) ?? 'other';
}

/** One row of report_type_categories per listed code. */
export function reportTypeRows(): {
  typeCode: number;
  category: PlCategory;
  tieRefund: boolean;
  stake: boolean;
}[] {
  return [...CATEGORY_OF]
    .sort(([a], [b]) => a - b)
    .map(([typeCode, category]) => ({
      typeCode,
      category,
      tieRefund: TIE_REFUND_CODES.includes(typeCode),
      stake: STAKE_CODES.includes(typeCode),
    }));
}

/**
 * Sums (fen) by category, each signed as its effect on the holdings, plus the tie refunds, plus the
 * valid bets and the pending stakes (domain/bets.ts; positive, from the bets themselves).
 */
export type CategorySums = Record<PlCategory, number> & {
  tieRefund: number;
  validBet: number;
  pendingBet: number;
};

export function emptySums(): CategorySums {
  return {
    recharge: 0,
    withdraw: 0,
    bet: 0,
    prize: 0,
    rebate: 0,
    activity: 0,
    redEnvelope: 0,
    wallet: 0,
    other: 0,
    tieRefund: 0,
    validBet: 0,
    pendingBet: 0,
  };
}

/**
 * The categories whose sum, plus the pending stakes, is the profit (all but recharge and
 * withdrawal): the profit rank's SQL (server/reports/user.ts) adds them up this way.
 */
export const PROFIT_CATEGORIES: readonly PlCategory[] = [
  'prize',
  'bet',
  'rebate',
  'activity',
  'redEnvelope',
  'wallet',
  'other',
];

/** The money figures in fen, each positive in its own sense (see the module header). */
export function moneyFigures(s: CategorySums) {
  const cols = {
    bet: -s.bet - s.pendingBet,
    prize: s.prize,
    rebate: s.rebate,
    activity: s.activity,
    redEnvelope: s.redEnvelope,
    wallet: s.wallet,
    other: s.other,
  };
  return {
    betFen: cols.bet,
    pendingBetFen: s.pendingBet,
    validBetFen: s.validBet,
    prizeFen: cols.prize,
    rebateFen: cols.rebate,
    activityFen: cols.activity,
    redEnvelopeFen: cols.redEnvelope,
    rechargeFen: s.recharge,
    withdrawFen: -s.withdraw,
    walletFen: cols.wallet,
    otherFen: cols.other,
    profitFen: profitFen('teamReport', cols),
  };
}
