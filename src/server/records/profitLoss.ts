/**
 * The money side of the day's profit and loss (/PLstatement), from the ledger alone.
 *
 * A player's holdings are their main wallet, withdrawal hold, virtual wallet and pledge escrow.
 * Each of their transfers of the day counts by its effect on those holdings: + when money came in
 * from outside (the house, another player, an envelope escrow), − when it went out, 0 when it only
 * moved between two of their own accounts (a withdrawal put on hold, a transfer into the virtual
 * wallet, a pledge). The day's figure of each type code is then assigned to one category below, so
 * a withdrawal counts on the day it is paid (the hold leaving for the house), not when requested, and
 * a rejected one counts nothing.
 *
 * profit = every category but recharge and withdrawal: prize − stake + rebate + activity +
 * virtual-wallet income + other; i.e. the change of the holdings that deposits and withdrawals do
 * not explain.
 */
import { formatFen } from '../../domain/money.ts';
import { TxType, txTypeGroup } from '../../domain/txTypes.ts';
import type { Sql } from '../db/client.ts';
import type { DayRange } from './dates.ts';

export type PlCategory = 'recharge' | 'withdraw' | 'bet' | 'prize' | 'rebate' | 'activity' | 'wallet' | 'other';

const T = TxType;

/** Type codes per category; a code not listed counts as 'other'. */
export const PL_CATEGORY_CODES: Readonly<Record<Exclude<PlCategory, 'other'>, readonly number[]>> = {
  // channel recharges, 人工存入, and 充值驳回 taking a recharge back
  recharge: [...txTypeGroup('recharge').codes, T.MANUAL_DEPOSIT, T.RECHARGE_REJECT],
  // 提现申请/手续费 (when they leave the holdings), 人工提现, and the returns 提现退回/人工提现退回/提现驳回
  withdraw: [T.WITHDRAW, T.WITHDRAW_FEE, T.MANUAL_WITHDRAW, T.WITHDRAW_RETURN, T.MANUAL_WITHDRAW_RETURN, T.WITHDRAW_REJECT],
  // stakes, net of the refunds of cancelled bets (撤单/追号撤单/开奖撤销返还)
  bet: [
    T.BET, T.CHASE_BET, T.QUICK_BET, T.LONG_DRAGON_BET, T.CARD_GAME_BET,
    T.BET_CANCEL_REFUND, T.CHASE_CANCEL_REFUND, T.DRAW_CANCEL_REFUND,
  ],
  // prizes, tie refunds, game payouts, corrections (派奖冲正) and manual prize changes
  prize: [
    T.LOTTERY_WIN, T.TIE_REFUND, T.CARD_GAME_PAYOUT, T.LIVE_CASINO_PAYOUT, T.SPORTS_PAYOUT, T.SLOT_GAME_PAYOUT,
    T.PRIZE_REVERSAL, T.MANUAL_PRIZE_ADD, T.MANUAL_PRIZE_DEDUCT,
  ],
  rebate: [...txTypeGroup('rebate').codes, T.MANUAL_REBATE, T.MANUAL_REBATE_DEDUCT],
  // rewards the site pays: 活动红包, 活动奖励, 签到, 晋级, 代理分红, 推广, 首充/续充赠送, and their manual codes
  activity: [
    T.PROMO_RED_ENVELOPE, T.ACTIVITY_REWARD, T.SIGN_IN_REWARD, T.LEVEL_UP_REWARD, T.AGENT_DIVIDEND,
    T.REFERRAL_REWARD, T.FIRST_DEPOSIT_BONUS, T.REDEPOSIT_BONUS,
    T.MANUAL_ACTIVITY_GIFT, T.MANUAL_ACTIVITY_CLAWBACK, T.MANUAL_DIVIDEND, T.MANUAL_DIVIDEND_DEDUCT,
  ],
  // interest and pledge profit (transfers in and out of the virtual wallet are internal: 0)
  wallet: txTypeGroup('wallet').codes,
};

const CATEGORY_OF = new Map<number, PlCategory>(
  Object.entries(PL_CATEGORY_CODES).flatMap(([cat, codes]) => codes.map((c) => [c, cat as PlCategory] as const)),
);

export function categoryOf(typeCode: number): PlCategory {
  return CATEGORY_OF.get(typeCode) ?? 'other';
}

const HOLDINGS = ['player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow'];

/** Each type code's net effect (fen) on the player's holdings over the range. */
async function netByType(sql: Sql, userId: number, r: DayRange): Promise<{ type_code: number; net: number }[]> {
  return sql<{ type_code: number; net: number }[]>`
    with mine as (select id from ledger_accounts where user_id = ${userId} and kind = any(${sql.array(HOLDINGS)}::text[]))
    select t.type_code,
           coalesce(sum(case when t.credit_account_id in (select id from mine) then t.amount else 0 end
                      - case when t.debit_account_id in (select id from mine) then t.amount else 0 end), 0)::bigint as net
    from transfers t
    where t.user_id = ${userId} and t.created_at >= ${r.from} and t.created_at < ${r.to}
    group by t.type_code`;
}

export async function profitLoss(sql: Sql, userId: number, r: DayRange) {
  const fen: Record<PlCategory, number> = { recharge: 0, withdraw: 0, bet: 0, prize: 0, rebate: 0, activity: 0, wallet: 0, other: 0 };
  for (const row of await netByType(sql, userId, r)) fen[categoryOf(row.type_code)] += row.net;
  const profit = fen.prize + fen.bet + fen.rebate + fen.activity + fen.wallet + fen.other;
  return {
    date: r.startDate,
    rechargeAmount: formatFen(fen.recharge),
    // outflows reported as positive amounts
    withdrawAmount: formatFen(-fen.withdraw),
    betAmount: formatFen(-fen.bet),
    prizeAmount: formatFen(fen.prize),
    rebateAmount: formatFen(fen.rebate),
    activityAmount: formatFen(fen.activity),
    walletIncome: formatFen(fen.wallet),
    otherAmount: formatFen(fen.other),
    profit: formatFen(profit),
  };
}
