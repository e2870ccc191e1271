/** Operator: promotions (优惠活动): create, edit, enable/disable, delete, and the claims of each. */
import { useState } from 'react';
import { Button } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { useWideScreen } from '../../../ui/DataTable';
import {
  activityClaims,
  deleteActivity,
  listActivities,
  setActivityEnabled,
  type AdminActivity,
} from './activitiesApi';
import { ActivityForm, draftOfActivity, emptyActivity, type ActivityDraft } from './ActivityForm';

export function ActivitiesPanel() {
  const q = useQuery({ queryKey: keys.admin('activities'), queryFn: () => listActivities() });
  const [editing, setEditing] = useState<ActivityDraft | null>(null);
  const [claimsOf, setClaimsOf] = useState<number | null>(null);
  const act = useConfirmedAction(q.reload);
  const toggle = (a: AdminActivity) =>
    act.run(null, () => setActivityEnabled(a.id, !a.enabled), a.enabled ? '已停用' : '已启用');
  const remove = (a: AdminActivity) =>
    act.run(`确定删除「${a.title}」？`, () => deleteActivity(a.id), '已删除');
  const wide = useWideScreen();
  const actions = (a: AdminActivity) => (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => setEditing(draftOfActivity(a))}>
        编辑
      </Button>
      <Button variant="secondary" disabled={act.busy} onClick={() => void toggle(a)}>
        {a.enabled ? '停用' : '启用'}
      </Button>
      {a.kind !== 'info' && (
        <Button variant="secondary" onClick={() => setClaimsOf(claimsOf === a.id ? null : a.id)}>
          {claimsOf === a.id ? '收起领取记录' : '领取记录'}
        </Button>
      )}
      {a.claimCount === 0 && (
        <Button variant="danger" disabled={act.busy} onClick={() => void remove(a)}>
          删除
        </Button>
      )}
    </div>
  );
  return (
    <section aria-label="优惠活动管理" className="space-y-3">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">优惠活动</h3>
        {!editing && <Button onClick={() => setEditing(emptyActivity())}>新建活动</Button>}
      </div>
      {editing && (
        <ActivityForm
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
        empty="暂无活动"
        keyOf={(a) => a.id}
        totalText={(n) => `共 ${n} 个活动`}
        label="优惠活动"
        columns={[
          { label: '编号', cell: (a) => `#${a.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (a) => a.title, className: 'min-w-28 font-medium' },
          {
            label: '分类',
            cell: (a) => (
              <>
                {a.categoryName}
                <div className="text-xs text-gray-600">{a.kindName}</div>
              </>
            ),
            className: 'whitespace-nowrap',
          },
          { label: '排序', cell: (a) => a.sort, align: 'end' },
          {
            label: '时间',
            cell: (a) => (
              <>
                {a.startTime}
                <div className="text-xs text-gray-600">至 {a.endTime}</div>
              </>
            ),
            className: 'whitespace-nowrap tabular-nums',
          },
          {
            label: '规则',
            cell: (a) => a.ruleLines.join('；') || '-',
            className: 'min-w-56 text-xs text-gray-700',
          },
          {
            label: '已领取',
            cell: (a) =>
              a.kind === 'info' ? (
                '-'
              ) : (
                <>
                  {a.claimCount} 次<div className="text-xs text-gray-600">{a.claimPaid} 元</div>
                </>
              ),
            align: 'end',
          },
          { label: '状态', cell: (a) => <Enabled on={a.enabled} /> },
          { label: '操作', cell: (a) => actions(a), actions: true },
        ]}
      >
        {(a) => (
          <div data-testid={`admin-activity-${a.id}`}>
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="truncate font-medium">
                #{a.id} {a.title}
              </span>
              <Enabled on={a.enabled} />
            </div>
            <p className="text-gray-700">
              {a.categoryName} · {a.kindName} · 排序 {a.sort}
            </p>
            <p className="text-gray-700">
              {a.startTime} 至 {a.endTime}
            </p>
            {a.ruleLines.length > 0 && <p className="text-gray-700">{a.ruleLines.join('；')}</p>}
            {a.kind !== 'info' && (
              <p className="text-gray-700">
                已领取 {a.claimCount} 次，合计 {a.claimPaid} 元
              </p>
            )}
            <div className="mt-2">{actions(a)}</div>
            {!wide && claimsOf === a.id && <ClaimsList id={a.id} />}
          </div>
        )}
      </AdminList>
      {wide && claimsOf !== null && (
        <section aria-label="领取记录" className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
          <h4 className="font-medium text-gray-900">
            领取记录 · #{claimsOf} {q.data?.list.find((a) => a.id === claimsOf)?.title}
          </h4>
          <ClaimsList id={claimsOf} />
        </section>
      )}
    </section>
  );
}

function Enabled({ on }: { on: boolean }) {
  return (
    <span
      className={
        on
          ? 'shrink-0 whitespace-nowrap text-green-800'
          : 'shrink-0 whitespace-nowrap text-gray-600'
      }
    >
      {on ? '已启用' : '已停用'}
    </span>
  );
}

function ClaimsList({ id }: { id: number }) {
  const q = useQuery({
    queryKey: keys.admin('activityClaims', id),
    queryFn: () => activityClaims(id),
  });
  return (
    <div className="mt-3 border-t border-gray-200 pt-2">
      <AdminList
        state={q}
        empty="暂无领取记录"
        keyOf={(c) => c.id}
        totalText={(n) => `共 ${n} 次领取，合计 ${q.data?.totalPaid ?? '0.00'} 元`}
        label="领取记录"
        columns={[
          { label: '时间', cell: (c) => c.time, className: 'whitespace-nowrap tabular-nums' },
          { label: '用户', cell: (c) => c.userName },
          { label: '类型', cell: (c) => c.typeName },
          { label: '周期', cell: (c) => `${c.period}${c.streak ? ` · 第${c.streak}天` : ''}` },
          { label: '金额', cell: (c) => `${c.amount} 元`, align: 'end' },
        ]}
      >
        {(c) => (
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 break-all">
              {c.userName}
              <br />
              <span className="text-xs text-gray-600">
                {c.typeName} · {c.period}
                {c.streak ? ` · 第${c.streak}天` : ''}
              </span>
            </span>
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
