/** Per-grade red-envelope limits: the default row and each grade's own (per-person maximum, daily quota, daily count). */
import { useState } from 'react';
import { keys, useQuery } from '../../../query';
import { Button, ErrorState, LoadingState, TextField } from '../../../ui';
import { ROW_CARD, useConfirmedAction } from '../../../ui/AdminList';
import {
  DEFAULT_GRADE,
  getLimits,
  removeLimits,
  saveLimits,
  type GradeLimits,
} from './redEnvelopeApi';

function LimitsRow({ row, onSaved }: { row: GradeLimits; onSaved(): void }) {
  const [form, setForm] = useState({
    maxAmount: row.maxAmount,
    dayLimitAmount: row.dayLimitAmount,
    dayLimitCount: String(row.dayLimitCount),
  });
  const action = useConfirmedAction(onSaved);
  const isDefault = row.grade === DEFAULT_GRADE;
  const name = isDefault ? '默认' : `等级 ${row.grade}`;
  return (
    <form
      aria-label={`${name}红包限额`}
      className={ROW_CARD}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(
          null,
          () =>
            saveLimits({
              grade: row.grade,
              maxAmount: form.maxAmount,
              dayLimitAmount: form.dayLimitAmount,
              dayLimitCount: Number(form.dayLimitCount),
            }),
          '保存成功',
        );
      }}
    >
      <p className="mb-2 font-medium text-gray-900">{name}</p>
      <div className="grid grid-cols-1 gap-x-2 sm:grid-cols-3">
        <TextField
          label="单个红包上限（元）"
          name="maxAmount"
          inputMode="decimal"
          maxLength={9}
          value={form.maxAmount}
          onChange={(v) => setForm({ ...form, maxAmount: v })}
        />
        <TextField
          label="每日额度（元）"
          name="dayLimitAmount"
          inputMode="decimal"
          maxLength={12}
          value={form.dayLimitAmount}
          onChange={(v) => setForm({ ...form, dayLimitAmount: v })}
        />
        <TextField
          label="每日次数"
          name="dayLimitCount"
          inputMode="numeric"
          maxLength={6}
          value={form.dayLimitCount}
          onChange={(v) => setForm({ ...form, dayLimitCount: v.replace(/\D/g, '') })}
        />
      </div>
      {action.error && (
        <p role="alert" className="mb-2 text-red-700">
          {action.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={action.busy} className="flex-1">
          保存
        </Button>
        {!isDefault && (
          <Button
            variant="secondary"
            onClick={() =>
              void action.run(
                `确定删除等级 ${row.grade} 的限额？删除后使用默认限额`,
                () => removeLimits(row.grade),
                '删除成功',
              )
            }
          >
            删除
          </Button>
        )}
      </div>
    </form>
  );
}

export function RedEnvelopeLimits() {
  const q = useQuery({ queryKey: keys.admin('redEnvelope', 'limits'), queryFn: getLimits });
  const [grade, setGrade] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  const d = q.data;
  const rows = [d.default, ...d.perGrade];
  const newRow =
    adding !== null && !rows.some((r) => r.grade === adding)
      ? [{ ...d.default, grade: adding }]
      : [];
  return (
    <section aria-label="红包限额" className="space-y-2">
      <p className="text-sm text-gray-600">未单独设置的等级使用默认限额。</p>
      {[...rows, ...newRow].map((r) => (
        <LimitsRow
          key={`${r.grade}:${r.maxAmount}:${r.dayLimitAmount}:${r.dayLimitCount}`}
          row={r}
          onSaved={() => {
            setAdding(null);
            q.reload();
          }}
        />
      ))}
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const g = Number(grade);
          if (grade !== '' && Number.isInteger(g) && g >= 0) setAdding(g);
        }}
      >
        <div className="flex-1">
          <TextField
            label="添加等级"
            name="grade"
            inputMode="numeric"
            maxLength={4}
            value={grade}
            onChange={(v) => setGrade(v.replace(/\D/g, ''))}
          />
        </div>
        <Button type="submit" variant="secondary" className="mb-3">
          添加
        </Button>
      </form>
    </section>
  );
}
