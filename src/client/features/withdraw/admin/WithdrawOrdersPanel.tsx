/** Operator: withdrawal orders, pay or reject. */
export function WithdrawOrdersPanel() {
  return <p className="text-sm text-gray-600">提现审核</p>;
}
