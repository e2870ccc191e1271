/**
 * VIP等级: the operator edits the ten tiers' thresholds (lifetime recharge or valid bets, yuan) and
 * what each gives. Checked by the domain's parseGradeLevels before sending, the same check the server makes.
 */
import { useState } from 'react';
import {
  BENEFITS_MAX_CHARS,
  parseGradeLevels,
  type GradeLevelWire,
} from '../../../../domain/grades';
import { keys, useQuery } from '../../../query';
import { Button, ErrorState, LoadingState, TextField } from '../../../ui';
import { ActionError, ROW_CARD, useConfirmedAction } from '../../../ui/AdminList';
import { getGradeLevels, saveGradeLevels } from './agentsApi';

type Row = Pick<GradeLevelWire, 'grade' | 'rechargeAmount' | 'validBetAmount' | 'benefits'>;

function LevelsForm({ initial, onSaved }: { initial: GradeLevelWire[]; onSaved(): void }) {
  const [rows, setRows] = useState<Row[]>(
    initial.map(({ grade, rechargeAmount, validBetAmount, benefits }) => ({
      grade,
      rechargeAmount,
      validBetAmount,
      benefits,
    })),
  );
  const [problem, setProblem] = useState('');
  const action = useConfirmedAction(onSaved);
  const edit = (i: number, change: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const submit = () => {
    const checked = parseGradeLevels(JSON.stringify(rows));
    setProblem('error' in checked ? checked.error : '');
    if (!('error' in checked))
      void action.run(
        '确定保存等级设置？新门槛将在一分钟内对全部会员生效（等级只升不降）',
        () => saveGradeLevels(rows),
        '保存成功',
      );
  };
  return (
    <form
      aria-label="等级设置"
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-gray-700">
        累计充值或累计有效投注任一项达到门槛即升到该等级；门槛须逐级升高。
      </p>
      {rows.map((r, i) => {
        const label = initial[i] ? `${initial[i]!.show} ${initial[i]!.name}` : `VIP${r.grade}`;
        return (
          <fieldset key={r.grade} className={ROW_CARD}>
            <legend className="font-medium">{label}</legend>
            <div className="grid grid-cols-2 gap-x-2">
              <TextField
                label="累计充值（元）"
                name={`recharge-${r.grade}`}
                inputMode="decimal"
                maxLength={13}
                value={r.rechargeAmount}
                onChange={(v) => edit(i, { rechargeAmount: v.trim() })}
              />
              <TextField
                label="累计有效投注（元）"
                name={`bet-${r.grade}`}
                inputMode="decimal"
                maxLength={13}
                value={r.validBetAmount}
                onChange={(v) => edit(i, { validBetAmount: v.trim() })}
              />
            </div>
            <TextField
              label="等级权益"
              name={`benefits-${r.grade}`}
              maxLength={BENEFITS_MAX_CHARS}
              value={r.benefits}
              onChange={(v) => edit(i, { benefits: v })}
            />
          </fieldset>
        );
      })}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <ActionError message={action.error} />
      <Button type="submit" loading={action.busy} className="w-full">
        保存等级设置
      </Button>
    </form>
  );
}

export function GradesPanel() {
  const q = useQuery({ queryKey: keys.admin('grades', 'levels'), queryFn: getGradeLevels });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  return <LevelsForm key={JSON.stringify(q.data.list)} initial={q.data.list} onSaved={q.reload} />;
}
