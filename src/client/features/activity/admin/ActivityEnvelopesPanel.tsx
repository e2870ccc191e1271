/** Operator: activity red envelopes (create, edit, close), totals paid, and the claims of each. */
import { useState } from 'react';
import { Button } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { ActionError, AdminList, useConfirmedAction } from '../../admin/AdminList';
import { closeEnvelope, envelopeClaims, listEnvelopes, type AdminEnvelope, type EnvelopeDraft } from './api';
import { EnvelopeForm, draftOf, emptyDraft } from './EnvelopeForm';

export function ActivityEnvelopesPanel() {
  const q = useQuery({ queryKey: keys.admin('activityEnvelopes'), queryFn: () => listEnvelopes() });
  const [editing, setEditing] = useState<EnvelopeDraft | null>(null);
  const [claimsOf, setClaimsOf] = useState<number | null>(null);
  const act = useConfirmedAction(q.reload);
  const close = (e: AdminEnvelope) => act.run(`确定关闭「${e.title}」？关闭后会员不能再领取。`, () => closeEnvelope(e.id), '已关闭');
  return (
    <section aria-label="活动红包管理" className="space-y-3">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">活动红包</h3>
        {!editing && <Button onClick={() => setEditing(emptyDraft())}>新建红包</Button>}
      </div>
      {q.data && <p className="text-sm text-gray-700">共 {q.data.total} 个活动，已发放 {q.data.totalPaid} 元 / 预算 {q.data.totalBudget} 元</p>}
      {editing && <EnvelopeForm key={editing.id ?? 'new'} initial={editing} onCancel={() => setEditing(null)} onSaved={() => { setEditing(null); q.reload(); }} />}
      <ActionError message={act.error} />
      <AdminList state={q} empty="暂无活动红包" keyOf={(e) => e.id}>
        {(e) => (
          <div data-testid={`admin-envelope-${e.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="truncate font-medium">#{e.id} {e.title}</span>
              <span className={e.closed ? 'shrink-0 text-gray-600' : 'shrink-0 text-green-800'}>{e.closed ? '已关闭' : e.kindName}</span>
            </div>
            <p className="text-gray-700">{e.startTime} 至 {e.endTime}</p>
            <p className="text-gray-700">
              已发放 {e.paid} / {e.budget} 元 · 已领 {e.claimedCount}{e.shares ? ` / ${e.shares} 份` : ' 人'}{e.amount ? ` · 每人 ${e.amount} 元` : ''}
            </p>
            <p className="text-gray-700">条件：{e.condition}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {!e.closed && <Button variant="secondary" onClick={() => setEditing(draftOf(e))}>编辑</Button>}
              <Button variant="secondary" onClick={() => setClaimsOf(claimsOf === e.id ? null : e.id)}>{claimsOf === e.id ? '收起领取记录' : '领取记录'}</Button>
              {!e.closed && <Button variant="danger" disabled={act.busy} onClick={() => void close(e)}>关闭</Button>}
            </div>
            {claimsOf === e.id && <ClaimsList id={e.id} />}
          </div>
        )}
      </AdminList>
    </section>
  );
}

function ClaimsList({ id }: { id: number }) {
  const q = useQuery({ queryKey: keys.admin('activityEnvelopeClaims', id), queryFn: () => envelopeClaims(id) });
  return (
    <div className="mt-3 border-t border-gray-200 pt-2">
      <AdminList state={q} empty="暂无领取记录" keyOf={(c) => `${c.userName}:${c.time}`} totalText={(n) => `共 ${n} 人领取，合计 ${q.data?.totalPaid ?? '0.00'} 元`}>
        {(c) => (
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 break-all">{c.userName}</span>
            <span className="shrink-0 text-right">{c.amount} 元<br /><span className="text-xs text-gray-600">{c.time}</span></span>
          </div>
        )}
      </AdminList>
    </div>
  );
}
