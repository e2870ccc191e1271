/** The operator's envelope list: filters (player, type, status, record id, dates), paging, and one envelope's receipts. */
import { useState } from 'react';
import { keys, useQuery } from '../../../query';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  PageNav,
  Select,
  TextField,
} from '../../../ui';
import { Sheet } from '../../../ui/Sheet';
import { AdminList, FilterBar, type Column } from '../../../ui/AdminList';
import {
  ADMIN_PAGE_SIZE,
  getReceipts,
  listEnvelopes,
  STATUS_LABEL,
  type AdminEnvelope,
  type EnvelopeFilter,
} from './redEnvelopeApi';

const EMPTY: EnvelopeFilter = {
  userName: '',
  type: -1,
  status: -1,
  recordCode: '',
  startTime: '',
  endTime: '',
  pageNum: 1,
};

function Receipts({ recordId, onClose }: { recordId: string; onClose(): void }) {
  const q = useQuery({
    queryKey: keys.admin('redEnvelope', 'receipts', recordId),
    queryFn: () => getReceipts(recordId),
  });
  return (
    <Sheet open title={`领取明细 ${recordId}`} onClose={onClose}>
      {q.loading ? (
        <LoadingState />
      ) : q.error || !q.data ? (
        <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
      ) : !q.data.list.length ? (
        <EmptyState text="暂无领取" />
      ) : (
        <ul aria-label="领取明细" className="divide-y divide-gray-100 text-sm">
          {q.data.list.map((r) => (
            <li key={r.seq} className="flex justify-between py-2">
              <span>
                #{r.seq} {r.userName}
                <span className="block text-xs text-gray-500 tabular-nums">{r.receiveTime}</span>
              </span>
              <span className="tabular-nums">{r.amount}元</span>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}

function envelopeColumns(showReceipts: (code: string) => void): Column<AdminEnvelope>[] {
  return [
    { label: '编号', cell: (r) => r.recordCode, className: 'tabular-nums' },
    { label: '发送人', cell: (r) => (r.isSystem ? '系统红包' : r.userName) },
    {
      label: '类型',
      cell: (r) => (r.type === 2 ? '拼手气' : '普通'),
      className: 'whitespace-nowrap',
    },
    { label: '房间', cell: (r) => (r.isDirect ? '私聊' : r.roomTitle) },
    { label: '总额', cell: (r) => `${r.amount}元`, align: 'end' },
    {
      label: '已领',
      cell: (r) => (
        <>
          {r.receiveNum}/{r.num} 个<div className="text-xs text-gray-600">{r.receiveAmount}元</div>
        </>
      ),
      align: 'end',
    },
    { label: '剩余', cell: (r) => `${r.remainingAmount}元`, align: 'end' },
    {
      label: '状态',
      cell: (r) => STATUS_LABEL[r.status] ?? r.status,
      className: 'whitespace-nowrap',
    },
    {
      label: '时间（北京）',
      cell: (r) => (
        <>
          {r.createTime}
          <div className="text-xs text-gray-600">至 {r.expireTime}</div>
        </>
      ),
      className: 'whitespace-nowrap tabular-nums',
    },
    { label: '祝福语', cell: (r) => r.wishingRemark },
    {
      label: '操作',
      cell: (r) => (
        <Button variant="secondary" onClick={() => showReceipts(r.recordCode)}>
          领取明细
        </Button>
      ),
      actions: true,
    },
  ];
}

export function RedEnvelopeList() {
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState(EMPTY);
  const [receipts, setReceipts] = useState<string | null>(null);
  const q = useQuery({
    queryKey: keys.admin('redEnvelope', 'list', filter),
    queryFn: () => listEnvelopes(filter),
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / ADMIN_PAGE_SIZE)) : 1;
  const set = (k: keyof EnvelopeFilter) => (v: string | number) => setDraft({ ...draft, [k]: v });
  return (
    <section aria-label="红包列表">
      <FilterBar
        label="红包筛选"
        pairs
        onSubmit={() =>
          setFilter({
            ...draft,
            userName: draft.userName.trim(),
            recordCode: draft.recordCode.trim(),
            pageNum: 1,
          })
        }
      >
        <TextField
          label="发送人"
          name="userName"
          value={draft.userName}
          onChange={set('userName')}
          maxLength={20}
        />
        <TextField
          label="红包编号"
          name="recordCode"
          value={draft.recordCode}
          onChange={set('recordCode')}
          maxLength={20}
        />
        <Select
          label="类型"
          value={draft.type}
          onChange={set('type')}
          options={[
            { value: -1, label: '全部' },
            { value: 1, label: '普通红包' },
            { value: 2, label: '拼手气红包' },
          ]}
        />
        <Select
          label="状态"
          value={draft.status}
          onChange={set('status')}
          options={[
            { value: -1, label: '全部' },
            ...[0, 1, 4, 5].map((s) => ({ value: s, label: STATUS_LABEL[s]! })),
          ]}
        />
        <TextField
          label="开始日期"
          name="startTime"
          type="date"
          value={draft.startTime}
          onChange={set('startTime')}
        />
        <TextField
          label="结束日期"
          name="endTime"
          type="date"
          value={draft.endTime}
          onChange={set('endTime')}
        />
        <Button type="submit" className="mb-3 lg:w-auto">
          查询
        </Button>
      </FilterBar>
      <AdminList
        state={q}
        empty="没有符合条件的红包"
        keyOf={(r) => r.recordCode}
        totalText={(n) => `共 ${n} 个红包`}
        label="红包"
        columns={envelopeColumns(setReceipts)}
      >
        {(r) => (
          <div>
            <div className="flex justify-between gap-2">
              <span className="font-medium tabular-nums">{r.recordCode}</span>
              <span className="text-gray-700">{STATUS_LABEL[r.status] ?? r.status}</span>
            </div>
            <p className="text-gray-700">
              {r.isSystem ? '系统红包' : r.userName} · {r.type === 2 ? '拼手气' : '普通'} ·{' '}
              {r.isDirect ? '私聊' : r.roomTitle}
            </p>
            <p className="text-gray-700 tabular-nums">
              总额 {r.amount}元 · 已领 {r.receiveNum}/{r.num} 个 {r.receiveAmount}元 · 剩余{' '}
              {r.remainingAmount}元
            </p>
            <p className="text-xs text-gray-500 tabular-nums">
              {r.createTime} 至 {r.expireTime}（北京时间） · {r.wishingRemark}
            </p>
            <Button variant="secondary" className="mt-2" onClick={() => setReceipts(r.recordCode)}>
              领取明细
            </Button>
          </div>
        )}
      </AdminList>
      <PageNav
        page={filter.pageNum}
        pages={pages}
        onPage={(pageNum) => setFilter({ ...filter, pageNum })}
      />
      {receipts && <Receipts recordId={receipts} onClose={() => setReceipts(null)} />}
    </section>
  );
}
