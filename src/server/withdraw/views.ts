/** Withdrawal orders as the player and the operator see them on the wire. */
import { formatFen, maskName } from '../../domain/money.ts';
import { maskAccountNo, WITHDRAW_STATUS_NAMES } from '../../domain/withdraw.ts';
import type { OrderRow } from './orders.ts';

export function playerOrderView(o: OrderRow) {
  return {
    id: o.id,
    orderNo: o.order_no,
    amount: formatFen(o.amount),
    fee: formatFen(o.fee),
    arrival: formatFen(o.amount - o.fee),
    status: o.status,
    statusName: WITHDRAW_STATUS_NAMES[o.status],
    targetKind: o.target_kind,
    accountName: o.account_name,
    accountNo: maskAccountNo(o.account_no),
    realName: o.real_name ? maskName(o.real_name) : '',
    remark: o.remark ?? '',
    createdAt: o.created_at.getTime(),
    decidedAt: o.decided_at ? o.decided_at.getTime() : null,
  };
}

/** The operator pays by hand, so the full account number and name are shown. */
export function operatorOrderView(
  o: OrderRow & { user_name: string; operator_name: string | null },
) {
  return {
    ...playerOrderView(o),
    userId: o.user_id,
    userName: o.user_name,
    accountNo: o.account_no,
    realName: o.real_name ?? '',
    operatorName: o.operator_name ?? '',
  };
}
