/**
 * A user's open turnover requirements (流水要求) with the waiver: one requirement or all of them,
 * each with a reason the operator audit log keeps with who and when.
 */
import { useState } from 'react';
import { Button, TextField } from '../../../ui';
import { ActionError, useConfirmedAction } from '../../../ui/AdminList';
import { fmtTime } from '../api';
import { DataTable } from '../layout/DataTable';
import { waiveUserTurnover, type TurnoverRow, type UserDetail } from './userApi';

const SOURCE_NAMES: Record<string, string> = { recharge: '充值', adjust: '调账', activity: '活动' };

export function UserTurnover({ d, onChanged }: { d: UserDetail; onChanged(): void }) {
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useConfirmedAction(() => {
    setReason('');
    onChanged();
  });
  const { userId, userName } = d.profile;
  const waive = (flow: TurnoverRow | null) => {
    if (!reason.trim()) {
      setError('请先填写免除原因');
      return;
    }
    const what = flow
      ? `${SOURCE_NAMES[flow.source] ?? flow.source}产生的 ¥${flow.remaining} 未完成流水`
      : `全部未完成流水 ¥${d.turnover.remaining}`;
    void run(
      `确定免除 ${userName} 的${what}？`,
      () => waiveUserTurnover(userId, reason.trim(), flow?.id),
      '已免除',
    );
  };
  const state = {
    data: { list: d.turnover.flows },
    error: null,
    loading: false,
    reload: onChanged,
  };
  return (
    <section aria-label="流水要求" className="rounded-xl bg-white p-4 ring-1 ring-gray-200">
      <h3 className="mb-1 font-semibold text-gray-900">流水要求</h3>
      <p className="mb-3 text-sm text-gray-700">
        需完成 ¥{d.turnover.required} · 已完成 ¥{d.turnover.done} · 剩余 ¥{d.turnover.remaining}
      </p>
      <DataTable
        label="流水要求"
        state={state}
        keyOf={(f) => f.id}
        empty="没有未完成的流水要求"
        columns={[
          { label: '来源', cell: (f) => SOURCE_NAMES[f.source] ?? f.source },
          { label: '金额', cell: (f) => `¥${f.base}`, align: 'end' },
          { label: '要求', cell: (f) => `¥${f.required}`, align: 'end' },
          { label: '已完成', cell: (f) => `¥${f.done}`, align: 'end' },
          { label: '剩余', cell: (f) => `¥${f.remaining}`, align: 'end' },
          { label: '产生时间', cell: (f) => fmtTime(f.createdAt) },
          {
            label: '操作',
            cell: (f) => (
              <Button variant="secondary" disabled={busy} onClick={() => waive(f)}>
                免除
              </Button>
            ),
            actions: true,
          },
        ]}
      />
      {d.turnover.flows.length > 0 && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <TextField
              label="免除原因"
              name="waiveReason"
              value={reason}
              onChange={setReason}
              maxLength={200}
            />
          </div>
          <Button className="mb-3" disabled={busy} onClick={() => waive(null)}>
            全部免除
          </Button>
        </div>
      )}
      <ActionError message={error} />
    </section>
  );
}
