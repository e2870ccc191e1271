/** Operator: recharge orders, approve or reject. */
export function RechargeOrdersPanel() {
  return <p className="text-sm text-gray-600">充值审核</p>;
}
