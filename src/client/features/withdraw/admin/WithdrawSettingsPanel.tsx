/** Operator: withdraw settings. */
export function WithdrawSettingsPanel() {
  return <p className="text-sm text-gray-600">提现设置</p>;
}
