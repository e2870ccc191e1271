/** Operator: withdraw settings (limits, daily count, fee rule, turnover multiple, open hours). */
import { useEffect, useState } from 'react';
import type { WithdrawSettingsWire } from '../../../../domain/withdraw';
import { Button, ErrorState, LoadingState, Select, TextField, showToast } from '../../../ui';
import { adminGetSettings, adminSaveSettings } from '../../withdraw/api';
import { keys, useQuery } from '../../../query';
import { useFormAction } from '../../../query/useFormMutation';

type Draft = Record<Exclude<keyof WithdrawSettingsWire, 'enabled'>, string> & { enabled: boolean };

const toDraft = (s: WithdrawSettingsWire): Draft => ({
  ...s,
  dailyCount: String(s.dailyCount),
  freeCount: String(s.freeCount),
  turnoverPercent: String(s.turnoverPercent),
});

const FIELDS: {
  key: Exclude<keyof Draft, 'enabled'>;
  label: string;
  mode: 'decimal' | 'numeric' | 'text';
  hint?: string;
}[] = [
  { key: 'minAmount', label: '单笔最低（元）', mode: 'decimal' },
  { key: 'maxAmount', label: '单笔最高（元）', mode: 'decimal' },
  { key: 'dailyCount', label: '每日次数', mode: 'numeric' },
  { key: 'freeCount', label: '每日免手续费次数', mode: 'numeric' },
  { key: 'feePercent', label: '手续费比例（%）', mode: 'decimal' },
  { key: 'feeMin', label: '手续费下限（元）', mode: 'decimal' },
  { key: 'feeMax', label: '手续费上限（元）', mode: 'decimal', hint: '0 表示不封顶' },
  {
    key: 'turnoverPercent',
    label: '充值流水倍数（%）',
    mode: 'numeric',
    hint: '100 表示充值金额的 1 倍',
  },
  { key: 'openStart', label: '开放开始（北京时间 HH:MM）', mode: 'text' },
  {
    key: 'openEnd',
    label: '开放结束（北京时间 HH:MM）',
    mode: 'text',
    hint: '开始与结束相同表示全天开放',
  },
];

export function WithdrawSettingsPanel() {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('withdrawSettings'),
    queryFn: adminGetSettings,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const mutation = useFormAction();
  const { message: formError, isPending: busy } = mutation;
  useEffect(() => {
    if (data) setDraft(toDraft(data));
  }, [data]);

  if (loading) return <LoadingState />;
  if (error || !draft)
    return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;

  const save = async () => {
    await mutation.submit(async () => {
      const saved = await adminSaveSettings({ ...draft, enabled: draft.enabled ? 1 : 0 });
      setDraft(toDraft(saved));
      showToast('保存成功');
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4"
    >
      <Select
        label="提现功能"
        value={draft.enabled ? 'on' : 'off'}
        onChange={(v) => setDraft({ ...draft, enabled: v === 'on' })}
        options={[
          { value: 'on', label: '开启' },
          { value: 'off', label: '关闭' },
        ]}
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            name={f.key}
            value={draft[f.key]}
            inputMode={f.mode}
            hint={f.hint}
            maxLength={15}
            onChange={(v) => setDraft({ ...draft, [f.key]: v.trim() })}
          />
        ))}
      </div>
      {formError && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {formError}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full">
        保存设置
      </Button>
    </form>
  );
}
