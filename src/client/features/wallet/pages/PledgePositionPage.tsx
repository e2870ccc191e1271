/** /pledgePosition: my pledge orders, by status (持有中 / 已到期 / 已赎回), each linking to its detail. */
import { useState } from 'react';
import { PLEDGE_STATUSES, pledgeStatusNames } from '../../../../domain/wallet';
import { Link } from 'wouter';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { getPledgeOrders, type OrderStatus, type PledgeOrder } from '../api';
import { formatDateTime } from '../format';
import { PagedView } from '../../records/components/PagedView';
import { Tabs } from '../../../ui/Tabs';
import { WalletPage } from '../components/WalletPage';
import { keys } from '../../../query';

const TABS = PLEDGE_STATUSES.map((s) => ({ value: s, label: pledgeStatusNames[s] }));

export default function PledgePositionPage() {
  const [status, setStatus] = useState<OrderStatus>('holding');
  return (
    <WalletPage title="我的质押">
      <Tabs<OrderStatus> label="订单状态" value={status} options={TABS} onChange={setStatus} />
      <div role="tabpanel" aria-label={pledgeStatusNames[status]}>
        <Orders status={status} />
      </div>
    </WalletPage>
  );
}

function Orders({ status }: { status: OrderStatus }) {
  const list = usePagedList(
    (page) => getPledgeOrders({ status, page, pageSize: PAGE_SIZE }),
    keys.pledgeOrders({ status }),
  );
  return (
    <PagedView list={list} empty={`暂无${pledgeStatusNames[status]}的质押订单`}>
      {(items) => (
        <ul aria-label="质押订单" className="space-y-2">
          {items.map((o) => (
            <li key={o.orderId}>
              <OrderRow order={o} />
            </li>
          ))}
        </ul>
      )}
    </PagedView>
  );
}

function OrderRow({ order }: { order: PledgeOrder }) {
  const money =
    order.status === 'holding'
      ? `预计收益 ${order.expectedProfit} 元`
      : `已得收益 ${order.profitTotal} 元`;
  return (
    <Link
      href={`/pledgeDetail?id=${order.orderId}`}
      className="block rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <div className="flex items-center justify-between">
        <span className="font-medium text-gray-900">{order.productName}</span>
        <span className="text-sm text-gray-700">{order.statusName}</span>
      </div>
      <div className="mt-1 flex items-center justify-between text-sm">
        <span className="text-gray-900">
          {order.amount} 元 · {order.annualRate}% · {order.termDays} 天
        </span>
        <span className="text-red-700">{money}</span>
      </div>
      <p className="mt-1 text-xs text-gray-600">
        {order.status === 'holding'
          ? `到期 ${formatDateTime(order.endAt)}`
          : `结束 ${formatDateTime(order.settledAt)}`}
        {order.autoRenew && order.status === 'holding' ? ' · 自动续期' : ''}
      </p>
    </Link>
  );
}
