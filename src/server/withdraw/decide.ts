/**
 * Withdrawal orders, phase two: the operator's decision, exactly once.
 *
 * Pay: withdraw_hold → house, type 305 for the amount paid out (amount − fee) and type 306 for
 * the fee. Reject: withdraw_hold → player, type 412 (提现驳回), everything held. The status
 * change is a conditional update (`where status = 'pending'`) in the same transaction as the
 * transfers: a second or concurrent decision finds no pending row and is refused; the
 * deterministic transfer ids (`withdraw:pay|fee|reject:<id>`) would stop a second movement anyway.
 * A process killed before the commit leaves the order pending with its money on hold.
 */
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Sql, Tx } from '../db/client.ts';
import { WITHDRAW_STATUS_NAMES } from '../../domain/withdraw.ts';
import { refuse } from '../http/envelope.ts';
import { transferInTx } from '../ledger/ledger.ts';
import { sendLetter } from '../letters/store.ts';
import { moneyOrderLetter } from '../../domain/letters.ts';
import { TYPE_FEE, TYPE_HOLD, TYPE_REJECT, type OrderRow } from './orders.ts';

async function takePending(
  tx: Tx,
  id: number,
  to: 'paid' | 'rejected',
  operatorId: number,
  remark: string | null,
): Promise<OrderRow> {
  const [order] = await tx<OrderRow[]>`
    update withdraw_orders set status = ${to}, decided_at = now(), operator_id = ${operatorId}, remark = ${remark}
    where id = ${id} and status = 'pending' returning *`;
  if (order) return order;
  const [found] = await tx<
    { status: keyof typeof WITHDRAW_STATUS_NAMES }[]
  >`select status from withdraw_orders where id = ${id}`;
  if (!found) refuse('记录不存在');
  return refuse(`该提现已处理（${WITHDRAW_STATUS_NAMES[found.status]}）`);
}

const hold = (o: OrderRow) => ({ kind: 'withdraw_hold' as const, userId: o.user_id });

export async function approveWithdrawal(
  sql: Sql,
  id: number,
  operatorId: number,
): Promise<OrderRow> {
  return sql.begin(async (tx) => {
    const o = await takePending(tx, id, 'paid', operatorId, null);
    const paidOut = o.amount - o.fee;
    if (paidOut <= 0) throw new Error(`order ${o.id} pays out nothing`);
    const common = {
      from: hold(o),
      to: { kind: 'house' as const, userId: null },
      userId: o.user_id,
      ref: transferRefs.withdrawOrder(o.order_no),
      operatorId,
    };
    await transferInTx(tx, {
      ...common,
      transferId: transferIds.withdrawPay(o.id),
      amountFen: paidOut,
      typeCode: TYPE_HOLD,
      remark: '提现出款',
    });
    if (o.fee > 0) {
      await transferInTx(tx, {
        ...common,
        transferId: transferIds.withdrawFee(o.id),
        amountFen: o.fee,
        typeCode: TYPE_FEE,
        remark: '提现手续费',
      });
    }
    await sendLetter(tx, {
      to: { userId: o.user_id },
      ...moneyOrderLetter.withdrawPaid(o.order_no, o.amount, o.fee),
    });
    return o;
  });
}

export async function rejectWithdrawal(
  sql: Sql,
  id: number,
  operatorId: number,
  remark: string,
): Promise<OrderRow> {
  return sql.begin(async (tx) => {
    const o = await takePending(tx, id, 'rejected', operatorId, remark);
    await transferInTx(tx, {
      transferId: transferIds.withdrawReject(o.id),
      from: hold(o),
      to: { kind: 'player', userId: o.user_id },
      amountFen: o.amount,
      typeCode: TYPE_REJECT,
      userId: o.user_id,
      ref: transferRefs.withdrawOrder(o.order_no),
      remark: `提现驳回：${remark}`,
      operatorId,
    });
    await sendLetter(tx, {
      to: { userId: o.user_id },
      ...moneyOrderLetter.withdrawRejected(o.order_no, o.amount, remark),
    });
    return o;
  });
}
