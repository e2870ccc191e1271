/** Create or edit an activity envelope: the domain's form check runs before sending (the server runs it again). */
import { useState } from 'react';
import { GRADES } from '../../../../domain/grades';
import { beijingFormTime, parseEnvelopeForm } from '../../../../domain/activity';
import { Button, Select, TextField, showToast } from '../../../ui';
import { saveEnvelope, type AdminEnvelope, type EnvelopeDraft } from './api';
import { useFormAction } from '../../../query/useFormMutation';

const HOUR_MS = 3_600_000;

export function emptyDraft(nowMs = Date.now()): EnvelopeDraft {
  return {
    kind: 'giveaway',
    title: '',
    startTime: beijingFormTime(nowMs),
    endTime: beijingFormTime(nowMs + 24 * HOUR_MS),
    budget: '',
    shares: '',
    amount: '',
    minGrade: '0',
    maxGrade: String(GRADES[GRADES.length - 1]!.grade),
    requirement: 'none',
    requiredAmount: '',
    periodDays: '7',
    periodStart: '',
    periodEnd: '',
  };
}

export function draftOf(e: AdminEnvelope): EnvelopeDraft {
  return {
    id: e.id,
    kind: e.kind,
    title: e.title,
    startTime: e.startTime,
    endTime: e.endTime,
    budget: e.budget,
    shares: e.shares === null ? '' : String(e.shares),
    amount: e.amount ?? '',
    minGrade: String(e.minGrade),
    maxGrade: String(e.maxGrade),
    requirement: e.requirement,
    requiredAmount: e.requirement === 'none' ? '' : e.requiredAmount,
    periodDays: e.periodDays === null ? '' : String(e.periodDays),
    periodStart: e.periodStart ?? '',
    periodEnd: e.periodEnd ?? '',
  };
}

const KINDS = [
  { value: 'giveaway', label: '派送红包（每人固定金额）' },
  { value: 'rain', label: '红包雨（随机金额，限份数）' },
];
const REQUIREMENTS = [
  { value: 'none', label: '无' },
  { value: 'recharge', label: '充值满额' },
  { value: 'turnover', label: '有效投注满额' },
];
const GRADE_OPTIONS = GRADES.map((g) => ({
  value: String(g.grade),
  label: `${g.grade} ${g.name}`,
}));

export function EnvelopeForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: EnvelopeDraft;
  onSaved(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;
  const set = (k: keyof EnvelopeDraft) => (v: string) => setD((x) => ({ ...x, [k]: v }));

  const save = async () => {
    const checked = parseEnvelopeForm(d);
    if (!checked.ok) {
      setError(checked.msg);
      return;
    }
    await mutation.submit(async () => {
      await saveEnvelope(d);
      showToast('已保存');
      onSaved();
    });
  };

  const text = (
    label: string,
    k: keyof EnvelopeDraft,
    hint?: string,
    mode: 'decimal' | 'numeric' | 'text' = 'text',
  ) => (
    <TextField
      label={label}
      name={`ae-${k}`}
      value={String(d[k] ?? '')}
      onChange={set(k)}
      hint={hint}
      inputMode={mode}
      maxLength={k === 'title' ? 40 : 20}
      autoComplete="off"
    />
  );
  return (
    <form
      aria-label={d.id ? '编辑活动红包' : '新建活动红包'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h3 className="mb-3 font-semibold text-gray-900">
        {d.id ? `编辑活动红包 #${d.id}` : '新建活动红包'}
      </h3>
      <Select
        label="红包类型"
        name="ae-kind"
        value={d.kind}
        onChange={set('kind')}
        options={KINDS}
      />
      {text('活动标题', 'title', '最多40个字')}
      {text('开始时间（北京时间）', 'startTime', '格式 YYYY-MM-DD HH:mm')}
      {text('结束时间（北京时间）', 'endTime')}
      {text('红包总额（元）', 'budget', '发放总额不会超过此金额', 'decimal')}
      {d.kind === 'rain'
        ? text('红包份数', 'shares', '总额随机分成这么多份，每人最多抢一份', 'numeric')
        : text('每人金额（元）', 'amount', undefined, 'decimal')}
      <div className="grid grid-cols-2 gap-2">
        <Select
          label="最低等级"
          name="ae-minGrade"
          value={d.minGrade}
          onChange={set('minGrade')}
          options={GRADE_OPTIONS}
        />
        <Select
          label="最高等级"
          name="ae-maxGrade"
          value={d.maxGrade}
          onChange={set('maxGrade')}
          options={GRADE_OPTIONS}
        />
      </div>
      <Select
        label="领取条件"
        name="ae-requirement"
        value={d.requirement}
        onChange={set('requirement')}
        options={REQUIREMENTS}
      />
      {d.requirement !== 'none' && (
        <>
          {text('要求金额（元）', 'requiredAmount', undefined, 'decimal')}
          {text('统计天数（近N天，含今天）', 'periodDays', '留空则按下方日期范围统计', 'numeric')}
          <div className="grid grid-cols-2 gap-2">
            {text('统计开始日期', 'periodStart', 'YYYY-MM-DD')}
            {text('统计结束日期', 'periodEnd', 'YYYY-MM-DD')}
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
