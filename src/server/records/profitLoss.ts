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
import type { Sql } from '../db/client.ts';
import type { DayRange } from './dates.ts';

export type PlCategory = 'recharge' | 'withdraw' | 'bet' | 'prize' | 'rebate' | 'activity' | 'wallet' | 'other';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** Type codes per category; a code not listed counts as 'other'. */
export const PL_CATEGORY_CODES: Readonly<Record<Exclude<PlCategory, 'other'>, readonly number[]>> = {
  // channel recharges, 人工存入, and 充值驳回 taking a recharge back
  recharge: [...range(101, 115), 401, 411],
  // 提现申请/手续费 (when they leave the holdings), 人工提现, and the returns 提现退回/人工提现退回/提现驳回
  withdraw: [305, 306, 409, 220, 410, 412],
  // stakes, net of the refunds of cancelled bets (撤单/追号撤单/开奖撤销返还)
  bet: [301, 302, 303, 304, 309, 202, 203, 205],
  // prizes, tie refunds, game payouts, corrections (派奖冲正) and manual prize changes
  prize: [201, 204, 216, 217, 218, 219, 310, 403, 404],
  rebate: [501, 502, 405, 406],
  // rewards the site pays: 活动红包, 活动奖励, 签到, 晋级, 代理分红, 推广, 首充/续充赠送, and their manual codes
  activity: [206, ...range(209, 215), 407, 408, 414, 415],
  // interest and pledge profit (transfers in and out of the virtual wallet are internal: 0)
  wallet: range(611, 616),
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
