/** Operator: pledge products and the virtual wallet rate. */
export function PledgeProductsPanel() {
  return <p className="text-sm text-gray-600">质押产品</p>;
}
