/** Operator: withdrawal orders; pay (出款) or reject (驳回, with a reason). Each decision is applied once by the server. */
import { useState } from 'react';
import type { WithdrawStatus } from '../../../../domain/withdraw';
import { Button, EmptyState, ErrorState, LoadingState, Select, TextField, confirmDialog, showToast } from '../../../ui';
import { adminApprove, adminList, adminReject, fmtTime, type AdminWithdrawOrder } from '../api';
import { STATUS_STYLE } from '../components/WithdrawRecords';
import { keys, useQuery } from '../../../query';

const STATUS_OPTIONS: { value: WithdrawStatus | 'all'; label: string }[] = [
  { value: 'pending', label: '审核中' },
  { value: 'paid', label: '已出款' },
  { value: 'rejected', label: '已驳回' },
  { value: 'all', label: '全部' },
];

export function WithdrawOrdersPanel() {
  const [status, setStatus] = useState<WithdrawStatus | 'all'>('pending');
  const [userName, setUserName] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('withdrawOrders', { page, status, query }),
    queryFn: () => adminList(page, status === 'all' ? undefined : status, query),
  });

  return (
    <section aria-label="提现审核" className="rounded-xl bg-white p-4">
      <form className="grid gap-2 sm:grid-cols-3" onSubmit={(e) => { e.preventDefault(); setQuery(userName.trim()); setPage(1); }}>
        <Select label="状态" value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={STATUS_OPTIONS} />
        <TextField label="用户名（可选）" name="withdrawUser" value={userName} onChange={setUserName} maxLength={20} autoComplete="off" />
        <Button type="submit" variant="secondary" className="self-end mb-3">查询</Button>
      </form>
      {loading ? <LoadingState /> : error || !data ? <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} /> :
        data.list.length === 0 ? <EmptyState text="暂无提现订单" /> : (
          <>
            <ul className="flex flex-col gap-3">{data.list.map((o) => <OrderRow key={o.id} o={o} onDone={reload} />)}</ul>
            <div className="mt-3 flex items-center justify-between text-sm text-gray-700">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>上一页</Button>
              <span>共 {data.total} 笔</span>
              <Button variant="secondary" disabled={page * 20 >= data.total} onClick={() => setPage(page + 1)}>下一页</Button>
            </div>
          </>
        )}
    </section>
  );
}

function OrderRow({ o, onDone }: { o: AdminWithdrawOrder; onDone(): void }) {
  const [rejecting, setRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const act = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError('');
    try {
      await fn();
      showToast(done);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const pay = async () => {
    if (await confirmDialog(`确认已向 ${o.realName || o.userName} 的 ${o.accountName} ${o.accountNo} 出款 ¥${o.arrival}？`, { okText: '确认出款' })) {
      await act(() => adminApprove(o.id), '已出款');
    }
  };
  const reject = async () => {
    if (!remark.trim()) return setError('请填写驳回原因');
    await act(() => adminReject(o.id, remark.trim()), '已驳回');
  };

  return (
    <li className="rounded-lg border border-gray-200 p-3 text-sm" aria-label={`提现订单 ${o.orderNo}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-gray-900">{o.userName} · ¥{o.amount}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[o.status]}`}>{o.statusName}</span>
      </div>
      <p className="mt-1 text-gray-800">手续费 ¥{o.fee} · 应出款 <strong>¥{o.arrival}</strong></p>
      <p className="break-all text-gray-800">{o.accountName} {o.accountNo} {o.realName}</p>
      <p className="text-xs text-gray-600">{o.orderNo} · {fmtTime(o.createdAt)}{o.decidedAt ? ` · ${o.operatorName} 于 ${fmtTime(o.decidedAt)} 处理` : ''}</p>
      {o.remark && <p className="text-red-800">驳回原因：{o.remark}</p>}
      {o.status === 'pending' && (
        <div className="mt-2">
          {rejecting && <TextField label="驳回原因" name={`remark-${o.id}`} value={remark} onChange={setRemark} maxLength={200} />}
          <div className="flex gap-2">
            <Button loading={busy} onClick={() => void pay()}>出款</Button>
            {rejecting
              ? <Button variant="danger" loading={busy} onClick={() => void reject()}>确认驳回</Button>
              : <Button variant="secondary" onClick={() => setRejecting(true)}>驳回</Button>}
          </div>
        </div>
      )}
      {error && <p role="alert" className="mt-2 text-red-700">{error}</p>}
    </li>
  );
}
