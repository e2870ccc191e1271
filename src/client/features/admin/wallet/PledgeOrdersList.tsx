/** Operator: pledge orders of all players, by user name and status. */
import { useState } from 'react';
import { Button, Select } from '../../../ui';
import { AdminList, FilterBar, SearchBar } from '../../../ui/AdminList';
import { PLEDGE_STATUSES, pledgeStatusNames } from '../../../../domain/wallet';
import type { OrderStatus } from '../../wallet/api';
import { formatDateTime } from '../../wallet/format';
import { adminPledgeOrders } from './api';
import { keys, useQuery } from '../../../query';

const PAGE_SIZE = 20;
const STATUS_OPTIONS: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: '全部状态' },
  ...PLEDGE_STATUSES.map((s) => ({ value: s, label: pledgeStatusNames[s] })),
];

export function PledgeOrdersList() {
  const [userName, setUserName] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: keys.admin('pledgeOrders', { userName, status, page }),
    queryFn: () =>
      adminPledgeOrders({
        userName: userName || undefined,
        status: status || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section aria-label="质押订单" className="space-y-2">
      <h3 className="font-semibold text-gray-900">质押订单</h3>
      <FilterBar label="质押订单筛选">
        <SearchBar
          label="用户名"
          name="pledgeUser"
          button="查询"
          onSearch={(t) => {
            setUserName(t);
            setPage(1);
          }}
        />
        <Select<OrderStatus | ''>
          label="状态"
          name="pledgeStatus"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={STATUS_OPTIONS}
        />
      </FilterBar>
      <AdminList
        state={q}
        empty="暂无质押订单"
        keyOf={(o) => o.orderId}
        totalText={(n) => `共 ${n} 笔`}
        label="质押订单"
        columns={[
          { label: '订单', cell: (o) => `#${o.orderId}`, className: 'tabular-nums' },
          { label: '用户', cell: (o) => o.userName },
          {
            label: '产品',
            cell: (o) => (
              <>
                {o.productName}
                <div className="text-xs text-gray-600">
                  {o.termDays} 天 · 第 {o.term} 期{o.autoRenew ? ' · 自动续期' : ''}
                </div>
              </>
            ),
          },
          { label: '金额', cell: (o) => `${o.amount} 元`, align: 'end' },
          { label: '年化', cell: (o) => `${o.annualRate}%`, align: 'end' },
          { label: '已得收益', cell: (o) => `${o.profitTotal} 元`, align: 'end' },
          {
            label: '退还/违约金',
            cell: (o) =>
              `${o.status !== 'holding' ? `${o.refund} 元` : '-'}${o.penalty !== '0.00' ? ` / ${o.penalty} 元` : ''}`,
            align: 'end',
          },
          {
            label: '到期',
            cell: (o) => formatDateTime(o.endAt),
            className: 'whitespace-nowrap tabular-nums',
          },
          { label: '状态', cell: (o) => o.statusName, className: 'whitespace-nowrap' },
        ]}
      >
        {(o) => (
          <div>
            <div className="flex justify-between">
              <span className="font-medium">
                #{o.orderId} {o.userName}
              </span>
              <span>{o.statusName}</span>
            </div>
            <p>
              {o.productName} · {o.amount} 元 · {o.annualRate}% · {o.termDays} 天 · 第 {o.term} 期
              {o.autoRenew ? ' · 自动续期' : ''}
            </p>
            <p className="text-xs text-gray-600">
              到期 {formatDateTime(o.endAt)} · 已得收益 {o.profitTotal} 元
              {o.status !== 'holding' ? ` · 退还 ${o.refund} 元` : ''}
              {o.penalty !== '0.00' ? ` · 违约金 ${o.penalty} 元` : ''}
            </p>
          </div>
        )}
      </AdminList>
      {pages > 1 && (
        <div className="flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span className="text-sm">
            {page} / {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </div>
      )}
    </section>
  );
}
