/**
 * Withdrawal orders, phase one: the hold.
 *
 * Life cycle: pending (amount held: player → withdraw_hold, type 305) → paid or rejected
 * (decide.ts). The order row and its hold transfer commit in one transaction, so there is never
 * an order without its hold nor a hold without its order. Submissions of one player are
 * serialised by an advisory lock, so a requestId sent many times at once finds the first order
 * (and holds once), and the daily count cannot be overrun by concurrent requests. The balance is
 * checked by the ledger under its row lock: a withdrawal racing bets can never overdraw.
 */
import { beijingDateKey } from '../../domain/time.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Sql, Tx } from '../db/client.ts';
import { formatFen } from '../../domain/money.ts';
import { TxType } from '../../domain/txTypes.ts';
import {
  checkWithdrawAmount,
  isOpenAt,
  withdrawFee,
  type WithdrawSettings,
  type WithdrawStatus,
  type WithdrawTargetKind,
} from '../../domain/withdraw.ts';
import { refuse } from '../http/envelope.ts';
import { assertSameRequest } from '../http/idempotency.ts';
import { insufficientBalance, transferInTx } from '../ledger/ledger.ts';
import { loadWithdrawSettings, usedToday } from './settings.ts';
import { turnoverProgress } from './turnover.ts';

/** The first key of the per-player advisory lock of withdrawal submissions. */
const WITHDRAW_LOCK_KEY = 4007;
export const TYPE_HOLD = TxType.WITHDRAW;
export const TYPE_FEE = TxType.WITHDRAW_FEE;
export const TYPE_REJECT = TxType.WITHDRAW_REJECT;

export type WithdrawTarget = { kind: 'card'; id: number } | { kind: 'address'; id: number };

export interface WithdrawRequest {
  userId: number;
  amountFen: number;
  target: WithdrawTarget;
  requestId: string;
}

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  request_id: string;
  amount: number;
  fee: number;
  target_kind: WithdrawTargetKind;
  card_id: number | null;
  address_id: number | null;
  account_name: string;
  account_no: string;
  real_name: string | null;
  status: WithdrawStatus;
  remark: string | null;
  operator_id: number | null;
  created_at: Date;
  decided_at: Date | null;
}

interface TargetRow {
  kind: WithdrawTargetKind;
  account_name: string;
  account_no: string;
  real_name: string | null;
}

async function findTarget(tx: Tx, userId: number, target: WithdrawTarget): Promise<TargetRow> {
  if (target.kind === 'card') {
    const [card] = await tx<TargetRow[]>`
      select kind, coalesce(bank_name, case kind when 'alipay' then '支付宝' when 'weixin' then '微信' else '银行卡' end) as account_name,
             account_no, real_name
      from bank_cards where id = ${target.id} and user_id = ${userId} and status = 'active'`;
    if (!card) refuse('收款账户不存在');
    return card;
  }
  const [addr] = await tx<TargetRow[]>`
    select 'digital' as kind, currency || ' ' || protocol as account_name, address as account_no, null as real_name
    from digital_addresses where id = ${target.id} and user_id = ${userId} and status = 'active'`;
  if (!addr) refuse('提现地址不存在');
  return addr;
}

/** A replayed requestId must describe the withdrawal it first made. */
function assertSameWithdrawal(prior: OrderRow, r: WithdrawRequest): void {
  const targetId = r.target.kind === 'card' ? prior.card_id : prior.address_id;
  assertSameRequest(
    { amountFen: prior.amount, targetId },
    { amountFen: r.amountFen, targetId: r.target.id },
  );
}

/** Every check a new withdrawal must pass, in the order a player can act on them; returns the fee. */
async function checkNewWithdrawal(
  tx: Tx,
  s: WithdrawSettings,
  r: WithdrawRequest,
): Promise<number> {
  if (!s.enabled) refuse('提现功能暂未开放');
  if (!isOpenAt(s, Date.now())) refuse(`提现开放时间为${s.openStart}至${s.openEnd}（北京时间）`);
  const amountProblem = checkWithdrawAmount(r.amountFen, s);
  if (amountProblem) refuse(amountProblem);
  const used = await usedToday(tx, r.userId);
  if (used >= s.dailyCount) refuse(`今日提现次数已用完（每日${s.dailyCount}次）`);
  const turnover = await turnoverProgress(tx, r.userId);
  if (turnover.remainingFen > 0)
    refuse(`还需完成${formatFen(turnover.remainingFen)}元流水才能提现`);
  const fee = withdrawFee(r.amountFen, s, used);
  if (fee >= r.amountFen) refuse('提现金额不足以支付手续费');
  return fee;
}

async function insertOrder(
  tx: Tx,
  r: WithdrawRequest,
  fee: number,
  t: TargetRow,
): Promise<OrderRow> {
  const [order] = await tx<OrderRow[]>`
    with n as (select nextval('withdraw_orders_id_seq') as id)
    insert into withdraw_orders (id, order_no, user_id, request_id, amount, fee, target_kind, card_id, address_id,
                                 account_name, account_no, real_name)
    select n.id, 'W' || ${beijingDateKey(Date.now())}::text || lpad(n.id::text, 8, '0'),
           ${r.userId}, ${r.requestId}, ${r.amountFen}, ${fee}, ${t.kind},
           ${r.target.kind === 'card' ? r.target.id : null}, ${r.target.kind === 'address' ? r.target.id : null},
           ${t.account_name}, ${t.account_no}, ${t.real_name}
    from n returning *`;
  return order!;
}

export interface CreateResult {
  order: OrderRow;
  balanceFen: number;
  applied: boolean;
}

/** Creates and holds a withdrawal, or answers the order its requestId already made. */
export async function createWithdrawal(sql: Sql, r: WithdrawRequest): Promise<CreateResult> {
  const settings = await loadWithdrawSettings(sql);
  try {
    return await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${WITHDRAW_LOCK_KEY}, ${r.userId}::int)`;
      const [prior] = await tx<OrderRow[]>`
        select * from withdraw_orders where user_id = ${r.userId} and request_id = ${r.requestId}`;
      if (prior) {
        assertSameWithdrawal(prior, r);
        const [b] = await tx<{ balance: number }[]>`
          select coalesce((select balance from ledger_accounts where kind = 'player' and user_id = ${r.userId}), 0)::bigint as balance`;
        return { order: prior, balanceFen: b!.balance, applied: false };
      }
      const fee = await checkNewWithdrawal(tx, settings, r);
      const target = await findTarget(tx, r.userId, r.target);
      const order = await insertOrder(tx, r, fee, target);
      const held = await transferInTx(tx, {
        transferId: transferIds.withdrawHold(order.id),
        from: { kind: 'player', userId: r.userId },
        to: { kind: 'withdraw_hold', userId: r.userId },
        amountFen: order.amount,
        typeCode: TYPE_HOLD,
        userId: r.userId,
        ref: transferRefs.withdrawOrder(order.order_no),
        remark: fee > 0 ? `提现申请（含手续费${formatFen(fee)}元）` : '提现申请',
      });
      if (!held.applied) throw new Error(`hold ${held.transferId} existed before its order`);
      return { order, balanceFen: held.balanceAfterFen ?? 0, applied: true };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23514') throw insufficientBalance();
    throw err;
  }
}
