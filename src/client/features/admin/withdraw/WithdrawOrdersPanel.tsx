/** Operator: withdrawal orders; pay (出款) or reject (驳回, with a reason). Each decision is applied once by the server. */
import { useState } from 'react';
import type { WithdrawStatus } from '../../../../domain/withdraw';
import { Button, Select, TextField, confirmDialog, showToast } from '../../../ui';
import { AdminList, FilterBar, UserLink, type Column } from '../../../ui/AdminList';
import {
  adminApprove,
  adminList,
  adminReject,
  fmtTime,
  type AdminWithdrawOrder,
} from '../../withdraw/api';
import { STATUS_STYLE } from '../../withdraw/components/WithdrawRecords';
import { keys, useQuery } from '../../../query';
import { useFormAction } from '../../../query/useFormMutation';

const STATUS_OPTIONS: { value: WithdrawStatus | 'all'; label: string }[] = [
  { value: 'pending', label: '审核中' },
  { value: 'paid', label: '已出款' },
  { value: 'rejected', label: '已驳回' },
  { value: 'all', label: '全部' },
];

function Status({ o }: { o: AdminWithdrawOrder }) {
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[o.status]}`}
    >
      {o.statusName}
    </span>
  );
}

const decided = (o: AdminWithdrawOrder) =>
  o.decidedAt ? `${o.operatorName} 于 ${fmtTime(o.decidedAt)} 处理` : '';

function orderColumns(onDone: () => void): Column<AdminWithdrawOrder>[] {
  return [
    {
      label: '时间',
      cell: (o) => fmtTime(o.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    { label: '订单号', cell: (o) => o.orderNo, className: 'font-mono text-xs' },
    { label: '用户', cell: (o) => <UserLink userId={o.userId} userName={o.userName} /> },
    { label: '金额', cell: (o) => `¥${o.amount}`, align: 'end' },
    { label: '手续费', cell: (o) => `¥${o.fee}`, align: 'end' },
    { label: '应出款', cell: (o) => <strong>¥{o.arrival}</strong>, align: 'end' },
    {
      label: '收款账户',
      cell: (o) => (
        <span className="break-all">
          {o.accountName} {o.accountNo} {o.realName}
        </span>
      ),
    },
    { label: '状态', cell: (o) => <Status o={o} /> },
    {
      label: '处理',
      cell: (o) => (
        <>
          {decided(o) || '-'}
          {o.remark && <div className="text-red-800">驳回原因：{o.remark}</div>}
        </>
      ),
      className: 'text-xs text-gray-700',
    },
    { label: '操作', cell: (o) => <OrderActions o={o} onDone={onDone} />, actions: true },
  ];
}

export function WithdrawOrdersPanel() {
  const [status, setStatus] = useState<WithdrawStatus | 'all'>('pending');
  const [userName, setUserName] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('withdrawOrders', { page, status, query }),
    queryFn: () => adminList(page, status === 'all' ? undefined : status, query),
  });
  const { data, reload } = state;

  return (
    <section aria-label="提现审核">
      <FilterBar
        label="提现订单筛选"
        onSubmit={() => {
          setQuery(userName.trim());
          setPage(1);
        }}
      >
        <Select
          label="状态"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={STATUS_OPTIONS}
        />
        <TextField
          label="用户名（可选）"
          name="withdrawUser"
          value={userName}
          onChange={setUserName}
          maxLength={20}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" className="self-end mb-3">
          查询
        </Button>
      </FilterBar>
      <AdminList
        state={state}
        empty="暂无提现订单"
        keyOf={(o) => o.id}
        label="提现订单"
        columns={orderColumns(reload)}
        cardLabel={(o) => `提现订单 ${o.orderNo}`}
      >
        {(o) => <OrderCard o={o} onDone={reload} />}
      </AdminList>
      {data && data.list.length > 0 && (
        <div className="mt-3 flex items-center justify-between text-sm text-gray-700">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span>共 {data.total} 笔</span>
          <Button
            variant="secondary"
            disabled={page * 20 >= data.total}
            onClick={() => setPage(page + 1)}
          >
            下一页
          </Button>
        </div>
      )}
    </section>
  );
}

function OrderCard({ o, onDone }: { o: AdminWithdrawOrder; onDone(): void }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-gray-900">
          {o.userName} · ¥{o.amount}
        </span>
        <Status o={o} />
      </div>
      <p className="mt-1 text-gray-800">
        手续费 ¥{o.fee} · 应出款 <strong>¥{o.arrival}</strong>
      </p>
      <p className="break-all text-gray-800">
        {o.accountName} {o.accountNo} {o.realName}
      </p>
      <p className="text-xs text-gray-600">
        {o.orderNo} · {fmtTime(o.createdAt)}
        {o.decidedAt ? ` · ${decided(o)}` : ''}
      </p>
      {o.remark && <p className="text-red-800">驳回原因：{o.remark}</p>}
      <OrderActions o={o} onDone={onDone} />
    </>
  );
}

/** A pending order's 出款 / 驳回 (with its reason), in a card's foot or the table's last column. */
function OrderActions({ o, onDone }: { o: AdminWithdrawOrder; onDone(): void }) {
  const [rejecting, setRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;

  const act = async (fn: () => Promise<unknown>, done: string) => {
    await mutation.submit(async () => {
      await fn();
      showToast(done);
      onDone();
    });
  };
  const pay = async () => {
    if (
      await confirmDialog(
        `确认已向 ${o.realName || o.userName} 的 ${o.accountName} ${o.accountNo} 出款 ¥${o.arrival}？`,
        { okText: '确认出款' },
      )
    ) {
      await act(() => adminApprove(o.id), '已出款');
    }
  };
  const reject = async () => {
    if (!remark.trim()) return setError('请填写驳回原因');
    await act(() => adminReject(o.id, remark.trim()), '已驳回');
  };
  if (o.status !== 'pending')
    return error ? (
      <p role="alert" className="mt-2 text-red-700">
        {error}
      </p>
    ) : null;

  return (
    <div className="mt-2 lg:mt-0">
      {rejecting && (
        <TextField
          label="驳回原因"
          name={`remark-${o.id}`}
          value={remark}
          onChange={setRemark}
          maxLength={200}
        />
      )}
      <div className="flex gap-2">
        <Button loading={busy} onClick={() => void pay()}>
          出款
        </Button>
        {rejecting ? (
          <Button variant="danger" loading={busy} onClick={() => void reject()}>
            确认驳回
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setRejecting(true)}>
            驳回
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
