/** Operator: recharge orders (pending first by default), filtered by status and user; approve, or reject with a reason. */
import { useState } from 'react';
import type { RechargeStatus } from '../../../../domain/payments';
import { Button, Select, TextField } from '../../../ui';
import {
  ActionError,
  AdminList,
  FilterBar,
  SearchBar,
  UserLink,
  useConfirmedAction,
  type Column,
} from '../../../ui/AdminList';
import { fmtTime } from '../api';
import { StatusBadge } from '../../payments/components/StatusBadge';
import { approveRecharge, getRechargeOrders, rejectRecharge, type AdminOrder } from './api';
import { keys, useQuery } from '../../../query';

type Filter = RechargeStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已到账' },
  { value: 'rejected', label: '已驳回' },
  { value: 'all', label: '全部' },
];

/** A pending order's 确认到账 / 驳回 (with its reason), in a card's foot or the table's last column. */
function OrderActions({ o, onChanged }: { o: AdminOrder; onChanged(): void }) {
  const { busy, error, setError, run } = useConfirmedAction(onChanged);
  const [rejecting, setRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const who = `${o.userName} 的 ${o.channelName} 充值 ¥${o.amount}`;
  const reject = () => {
    if (!remark.trim()) {
      setError('请填写驳回原因');
      return;
    }
    void run(`确定驳回${who}？`, () => rejectRecharge(o.id, remark.trim()), '已驳回');
  };
  if (o.status !== 'pending') return null;
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
      <div className="flex flex-wrap gap-2">
        {!rejecting && (
          <Button
            disabled={busy}
            onClick={() =>
              void run(`确认${who}已到账？`, () => approveRecharge(o.id), '已确认到账')
            }
          >
            确认到账
          </Button>
        )}
        {rejecting ? (
          <>
            <Button variant="danger" disabled={busy} onClick={reject}>
              确认驳回
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setRejecting(false);
                setError('');
              }}
            >
              取消
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>
            驳回
          </Button>
        )}
      </div>
      <ActionError message={error} />
    </div>
  );
}

const review = (o: AdminOrder) =>
  `${o.operatorName || '-'} · ${fmtTime(o.reviewedAt)}${o.remark ? ` · 原因：${o.remark}` : ''}`;

function OrderCard({ o, onChanged }: { o: AdminOrder; onChanged(): void }) {
  return (
    <>
      <div className="flex items-center justify-between gap-2 font-medium">
        <span>
          {o.userName} · {o.channelName} ¥{o.amount}
        </span>
        <StatusBadge order={o} />
      </div>
      <p className="mt-1 break-all text-gray-700">
        订单号 {o.orderNo} · {o.configName} · {fmtTime(o.createdAt)}
      </p>
      {o.coinAmount && (
        <p className="text-gray-700">
          数量 {o.coinAmount} {o.currency} · 汇率 {o.coinRate}
        </p>
      )}
      {o.payerName && <p className="text-gray-700">付款人：{o.payerName}</p>}
      {o.status !== 'pending' && <p className="text-gray-700">审核：{review(o)}</p>}
      <OrderActions o={o} onChanged={onChanged} />
    </>
  );
}

function orderColumns(onChanged: () => void): Column<AdminOrder>[] {
  return [
    {
      label: '时间',
      cell: (o) => fmtTime(o.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    { label: '订单号', cell: (o) => o.orderNo, className: 'font-mono text-xs' },
    { label: '用户', cell: (o) => <UserLink userId={o.userId} userName={o.userName} /> },
    {
      label: '渠道',
      cell: (o) => (
        <>
          {o.channelName}
          <div className="text-xs text-gray-600">{o.configName}</div>
        </>
      ),
    },
    {
      label: '金额',
      cell: (o) => (
        <>
          ¥{o.amount}
          {o.coinAmount && (
            <div className="text-xs text-gray-600">
              {o.coinAmount} {o.currency} · 汇率 {o.coinRate}
            </div>
          )}
        </>
      ),
      align: 'end',
    },
    { label: '付款人', cell: (o) => o.payerName || '-' },
    { label: '状态', cell: (o) => <StatusBadge order={o} /> },
    {
      label: '审核',
      cell: (o) => (o.status === 'pending' ? '-' : review(o)),
      className: 'text-xs text-gray-700',
    },
    { label: '操作', cell: (o) => <OrderActions o={o} onChanged={onChanged} />, actions: true },
  ];
}

export function RechargeOrdersPanel() {
  const [status, setStatus] = useState<Filter>('pending');
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState(1);
  const state = useQuery({
    queryKey: keys.admin('rechargeOrders', { status, userName, page }),
    queryFn: () =>
      getRechargeOrders({ status: status === 'all' ? undefined : status, userName, page }),
  });
  const total = state.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));
  return (
    <section aria-label="充值审核">
      <FilterBar label="充值订单筛选">
        <Select
          label="订单状态"
          name="status"
          value={status}
          options={FILTERS}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <SearchBar
          label="用户名"
          name="userName"
          button="筛选"
          onSearch={(t) => {
            setUserName(t);
            setPage(1);
          }}
        />
      </FilterBar>
      <AdminList
        state={state}
        empty="没有充值订单"
        keyOf={(o) => o.id}
        totalText={(n) => `共 ${n} 笔`}
        label="充值订单"
        columns={orderColumns(state.reload)}
      >
        {(o) => <OrderCard o={o} onChanged={state.reload} />}
      </AdminList>
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span className="text-sm text-gray-700">
            第 {page} / {pages} 页
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </div>
      )}
    </section>
  );
}
