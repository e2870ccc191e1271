/** A recharge order's status in words and colour (待审核 / 已到账 / 已驳回). */
import { rechargeStatusNames, type RechargeStatus } from '../../../../domain/payments';

const TONE: Record<RechargeStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

export function StatusBadge({ order }: { order: { status: RechargeStatus; statusName?: string } }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${TONE[order.status]}`}>
      {order.statusName || rechargeStatusNames[order.status]}
    </span>
  );
}
