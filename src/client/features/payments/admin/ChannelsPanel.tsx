/** Operator: payment channel configuration. */
export function ChannelsPanel() {
  return <p className="text-sm text-gray-600">支付渠道配置</p>;
}
