/**
 * My balance and latest recharge orders with their status; a new order refreshes them through the query layer.
 * While an order waits for the operator the list keeps itself fresh (orderWatch.ts), and the balance
 * is read again as soon as an order is decided, so 已到账 and the new balance show without a reload.
 */
import { LoadingState, EmptyState, ErrorState } from '../../../ui';
import { formatBeijing } from '../../../../domain/time';
import { getBalance } from '../api';
import { useWatchedRechargeOrders } from '../orderWatch';
import { StatusBadge } from './StatusBadge';
import { keys, useQuery } from '../../../query';

/** Kept current by the cache: an order decided while the page is open asks for it again (orderWatch.ts). */
function Balance() {
  const { data } = useQuery({ queryKey: keys.balance(), queryFn: getBalance });
  return (
    <p className="mb-2 text-sm text-gray-700">
      账户余额：
      <output aria-label="账户余额" className="font-semibold text-gray-900">
        {data ? `¥${data.balance}` : '—'}
      </output>
    </p>
  );
}

export function RecentOrders() {
  const { list, error, loading, reload } = useWatchedRechargeOrders();
  return (
    <section aria-labelledby="recent-recharges" className="mt-6">
      <h2 id="recent-recharges" className="mb-2 text-base font-semibold text-gray-900">
        最近充值记录
      </h2>
      <Balance />
      {loading && !list ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : !list?.length ? (
        <EmptyState text="暂无充值记录" />
      ) : (
        <ul aria-label="充值记录" className="space-y-2">
          {list.map((o) => (
            <li key={o.id} className="rounded-lg bg-white p-3 text-sm ring-1 ring-gray-200">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-gray-900">
                  {o.channelName} ¥{o.amount}
                </span>
                <StatusBadge order={o} />
              </div>
              <p className="mt-1 break-all text-xs text-gray-600">
                订单号 {o.orderNo} · {formatBeijing(o.createdAt)}
              </p>
              {o.coinAmount && (
                <p className="mt-1 text-xs text-gray-600">
                  {o.coinAmount} {o.currency} × {o.coinRate}
                </p>
              )}
              {o.status === 'rejected' && o.remark && (
                <p className="mt-1 text-xs text-red-700">驳回原因：{o.remark}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
