/** My withdrawals, newest first, with their status (审核中 / 已出款 / 已驳回), filter and paging. */
import { useState } from 'react';
import type { WithdrawStatus } from '../../../../domain/withdraw';
import { WITHDRAW_STATUS_NAMES } from '../../../../domain/withdraw';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import { fmtTime, getRecords, type WithdrawOrder } from '../api';
import { keys, useQuery } from '../../../query';

export const STATUS_STYLE: Record<WithdrawStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

const FILTERS: { value: WithdrawStatus | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...(Object.keys(WITHDRAW_STATUS_NAMES) as WithdrawStatus[]).map((s) => ({
    value: s,
    label: WITHDRAW_STATUS_NAMES[s],
  })),
];

export function WithdrawRecords() {
  const [status, setStatus] = useState<WithdrawStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.withdrawRecords({ page, status }),
    queryFn: () => getRecords(page, status || undefined),
    keepOffline: true,
  });

  return (
    <section aria-label="提现记录">
      <fieldset aria-label="按状态筛选" className="mb-3 flex min-w-0 gap-2 overflow-x-auto">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => {
              setStatus(f.value);
              setPage(1);
            }}
            className={`min-h-10 shrink-0 rounded-full px-4 text-sm focus-visible:outline-2 focus-visible:outline-brand ${status === f.value ? 'bg-brand text-white' : 'bg-white text-gray-800'}`}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      {loading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />
      ) : data.list.length === 0 ? (
        <EmptyState text="暂无提现记录" />
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {data.list.map((o) => (
              <RecordRow key={o.id} o={o} />
            ))}
          </ul>
          <div className="mt-3 flex items-center justify-between text-sm text-gray-700">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              上一页
            </Button>
            <span>
              第 {page} 页 / 共 {Math.max(1, Math.ceil(data.total / 20))} 页
            </span>
            <Button
              variant="secondary"
              disabled={page * 20 >= data.total}
              onClick={() => setPage(page + 1)}
            >
              下一页
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function RecordRow({ o }: { o: WithdrawOrder }) {
  return (
    <li className="rounded-xl bg-white p-3 text-sm">
      <div className="flex items-center justify-between">
        <span className="text-base font-semibold text-gray-900">¥{o.amount}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[o.status]}`}>
          {o.statusName}
        </span>
      </div>
      <p className="mt-1 text-gray-700">
        {o.accountName} {o.accountNo}
      </p>
      <p className="text-gray-700">
        手续费 ¥{o.fee} · 实际到账 ¥{o.arrival}
      </p>
      {o.status === 'rejected' && o.remark && <p className="text-red-800">驳回原因：{o.remark}</p>}
      <p className="mt-1 text-xs text-gray-600">
        {o.orderNo} · {fmtTime(o.createdAt)}
      </p>
    </li>
  );
}
