/** Operator: activity red envelopes (create, edit, close), totals paid, and the claims of each. */
import { useState } from 'react';
import { Button } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { useWideScreen } from '../../../ui/DataTable';
import {
  closeEnvelope,
  envelopeClaims,
  listEnvelopes,
  type AdminEnvelope,
  type EnvelopeDraft,
} from './api';
import { EnvelopeForm, draftOf, emptyDraft } from './EnvelopeForm';

export function ActivityEnvelopesPanel() {
  const q = useQuery({ queryKey: keys.admin('activityEnvelopes'), queryFn: () => listEnvelopes() });
  const [editing, setEditing] = useState<EnvelopeDraft | null>(null);
  const [claimsOf, setClaimsOf] = useState<number | null>(null);
  const act = useConfirmedAction(q.reload);
  const close = (e: AdminEnvelope) =>
    act.run(`确定关闭「${e.title}」？关闭后会员不能再领取。`, () => closeEnvelope(e.id), '已关闭');
  const wide = useWideScreen();
  const actions = (e: AdminEnvelope) => (
    <div className="flex flex-wrap gap-2">
      {!e.closed && (
        <Button variant="secondary" onClick={() => setEditing(draftOf(e))}>
          编辑
        </Button>
      )}
      <Button variant="secondary" onClick={() => setClaimsOf(claimsOf === e.id ? null : e.id)}>
        {claimsOf === e.id ? '收起领取记录' : '领取记录'}
      </Button>
      {!e.closed && (
        <Button variant="danger" disabled={act.busy} onClick={() => void close(e)}>
          关闭
        </Button>
      )}
    </div>
  );
  return (
    <section aria-label="活动红包管理" className="space-y-3">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">活动红包</h3>
        {!editing && <Button onClick={() => setEditing(emptyDraft())}>新建红包</Button>}
      </div>
      {q.data && (
        <p className="text-sm text-gray-700">
          共 {q.data.total} 个活动，已发放 {q.data.totalPaid} 元 / 预算 {q.data.totalBudget} 元
        </p>
      )}
      {editing && (
        <EnvelopeForm
          key={editing.id ?? 'new'}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            q.reload();
          }}
        />
      )}
      <ActionError message={act.error} />
      <AdminList
        state={q}
        empty="暂无活动红包"
        keyOf={(e) => e.id}
        label="活动红包列表"
        columns={[
          { label: '编号', cell: (e) => `#${e.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (e) => e.title, className: 'min-w-28 font-medium' },
          {
            label: '类型',
            cell: (e) => (
              <span
                className={
                  e.closed ? 'whitespace-nowrap text-gray-600' : 'whitespace-nowrap text-green-800'
                }
              >
                {e.closed ? '已关闭' : e.kindName}
              </span>
            ),
          },
          {
            label: '时间',
            cell: (e) => (
              <>
                {e.startTime}
                <div className="text-xs text-gray-600">至 {e.endTime}</div>
              </>
            ),
            className: 'whitespace-nowrap tabular-nums',
          },
          { label: '已发放/预算', cell: (e) => `${e.paid} / ${e.budget} 元`, align: 'end' },
          {
            label: '已领',
            cell: (e) => `${e.claimedCount}${e.shares ? ` / ${e.shares} 份` : ' 人'}`,
            align: 'end',
          },
          { label: '每人', cell: (e) => (e.amount ? `${e.amount} 元` : '-'), align: 'end' },
          { label: '条件', cell: (e) => e.condition, className: 'text-xs text-gray-700' },
          { label: '操作', cell: (e) => actions(e), actions: true },
        ]}
      >
        {(e) => (
          <div data-testid={`admin-envelope-${e.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="truncate font-medium">
                #{e.id} {e.title}
              </span>
              <span className={e.closed ? 'shrink-0 text-gray-600' : 'shrink-0 text-green-800'}>
                {e.closed ? '已关闭' : e.kindName}
              </span>
            </div>
            <p className="text-gray-700">
              {e.startTime} 至 {e.endTime}
            </p>
            <p className="text-gray-700">
              已发放 {e.paid} / {e.budget} 元 · 已领 {e.claimedCount}
              {e.shares ? ` / ${e.shares} 份` : ' 人'}
              {e.amount ? ` · 每人 ${e.amount} 元` : ''}
            </p>
            <p className="text-gray-700">条件：{e.condition}</p>
            <div className="mt-2">{actions(e)}</div>
            {!wide && claimsOf === e.id && <ClaimsList id={e.id} />}
          </div>
        )}
      </AdminList>
      {wide && claimsOf !== null && (
        <section aria-label="领取记录" className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
          <h4 className="font-medium text-gray-900">
            领取记录 · #{claimsOf} {q.data?.list.find((e) => e.id === claimsOf)?.title}
          </h4>
          <ClaimsList id={claimsOf} />
        </section>
      )}
    </section>
  );
}

function ClaimsList({ id }: { id: number }) {
  const q = useQuery({
    queryKey: keys.admin('activityEnvelopeClaims', id),
    queryFn: () => envelopeClaims(id),
  });
  return (
    <div className="mt-3 border-t border-gray-200 pt-2">
      <AdminList
        state={q}
        empty="暂无领取记录"
        keyOf={(c) => `${c.userName}:${c.time}`}
        totalText={(n) => `共 ${n} 人领取，合计 ${q.data?.totalPaid ?? '0.00'} 元`}
        label="领取记录"
        columns={[
          { label: '时间', cell: (c) => c.time, className: 'whitespace-nowrap tabular-nums' },
          { label: '用户', cell: (c) => c.userName },
          { label: '金额', cell: (c) => `${c.amount} 元`, align: 'end' },
        ]}
      >
        {(c) => (
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 break-all">{c.userName}</span>
            <span className="shrink-0 text-right">
              {c.amount} 元<br />
              <span className="text-xs text-gray-600">{c.time}</span>
            </span>
          </div>
        )}
      </AdminList>
    </div>
  );
}
