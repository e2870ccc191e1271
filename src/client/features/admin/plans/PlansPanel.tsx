/**
 * Push plans (operator): the plans with their win rates, and the form that makes or edits one (name,
 * lottery, play, the pick rule, the window, how many numbers, the rooms, on/off). A plan's pick is a pick,
 * never a guarantee: the rule's description and the disclaimer are posted with every plan.
 */
import { useState } from 'react';
import { keys, useQuery } from '../../../query';
import { Button, ErrorState, LoadingState, Select, TextField } from '../../../ui';
import { AdminList, ROW_CARD, useConfirmedAction } from '../../../ui/AdminList';
import { listLotteries } from '../lottery/lotteryApi';
import {
  deletePlan,
  listPlans,
  planPlays,
  savePlan,
  type AdminPlan,
  type PlanForm,
} from './plansApi';

const EMPTY: PlanForm = {
  name: '',
  lotteryCode: '',
  playDetailCode: '',
  rule: 'hot',
  windowSize: 10,
  pickCount: 1,
  roomCodes: '',
  enabled: 1,
};

function PlanEditor({
  initial,
  rules,
  onDone,
}: {
  initial: PlanForm;
  rules: { rule: string; name: string }[];
  onDone(): void;
}) {
  const [f, setF] = useState(initial);
  const lotteries = useQuery({ queryKey: keys.admin('lottery', 'list'), queryFn: listLotteries });
  const plays = useQuery({
    queryKey: keys.admin('plans', 'plays', f.lotteryCode),
    queryFn: () => planPlays(f.lotteryCode),
    enabled: f.lotteryCode !== '',
  });
  const action = useConfirmedAction(onDone);
  const lotteryOptions = [
    { value: '', label: '请选择彩种' },
    ...(lotteries.data?.list ?? []).map((l) => ({ value: l.lotteryCode, label: l.lotteryName })),
  ];
  const playOptions = [
    { value: '', label: '请选择玩法' },
    ...(plays.data ?? []).map((p) => ({ value: p.playDetailCode, label: p.name })),
  ];
  const num = (v: string) => Number(v.replace(/\D/g, '') || '0');
  return (
    <form
      aria-label={f.id ? '编辑计划' : '新建计划'}
      className={ROW_CARD}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(null, () => savePlan(f), '保存成功');
      }}
    >
      <TextField
        label="计划名称"
        name="name"
        maxLength={40}
        value={f.name}
        onChange={(v) => setF({ ...f, name: v })}
      />
      <Select
        label="彩种"
        name="lotteryCode"
        value={f.lotteryCode}
        options={lotteryOptions}
        onChange={(v) => setF({ ...f, lotteryCode: v, playDetailCode: '' })}
      />
      <Select
        label="玩法"
        name="playDetailCode"
        value={f.playDetailCode}
        options={playOptions}
        onChange={(v) => setF({ ...f, playDetailCode: v })}
      />
      <Select
        label="选号规则"
        name="rule"
        value={f.rule}
        options={rules.map((r) => ({ value: r.rule, label: r.name }))}
        onChange={(v) => setF({ ...f, rule: v })}
      />
      <div className="grid grid-cols-2 gap-x-2">
        <TextField
          label="统计期数"
          name="windowSize"
          inputMode="numeric"
          maxLength={3}
          value={String(f.windowSize)}
          onChange={(v) => setF({ ...f, windowSize: num(v) })}
        />
        <TextField
          label="选号个数"
          name="pickCount"
          inputMode="numeric"
          maxLength={2}
          value={String(f.pickCount)}
          onChange={(v) => setF({ ...f, pickCount: num(v) })}
        />
      </div>
      <TextField
        label="推送房间号（多个用逗号分隔）"
        name="roomCodes"
        maxLength={2000}
        value={f.roomCodes}
        onChange={(v) => setF({ ...f, roomCodes: v })}
      />
      <label className="mb-3 flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={f.enabled === 1}
          onChange={(e) => setF({ ...f, enabled: e.target.checked ? 1 : 0 })}
        />
        启用
      </label>
      {action.error && (
        <p role="alert" className="mb-2 text-red-700">
          {action.error}
        </p>
      )}
      <Button type="submit" loading={action.busy} className="w-full">
        保存
      </Button>
    </form>
  );
}

/** 编辑 / 删除 of one plan, in its card or the table's last column. */
function PlanActions({ p, onEdit, onDone }: { p: AdminPlan; onEdit(): void; onDone(): void }) {
  const action = useConfirmedAction(onDone);
  return (
    <>
      {action.error && (
        <p role="alert" className="text-red-700">
          {action.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onEdit}>
          编辑
        </Button>
        <Button
          variant="secondary"
          loading={action.busy}
          onClick={() =>
            void action.run(
              `确定删除计划「${p.name}」？其历史记录一并删除`,
              () => deletePlan(p.id),
              '删除成功',
            )
          }
        >
          删除
        </Button>
      </div>
    </>
  );
}

const formOf = (p: AdminPlan): PlanForm => ({
  id: p.id,
  name: p.name,
  lotteryCode: p.lotteryCode,
  playDetailCode: p.playDetailCode,
  rule: p.rule,
  windowSize: p.windowSize,
  pickCount: p.pickCount,
  roomCodes: p.roomCodes,
  enabled: p.enabled ? 1 : 0,
});

export function PlansPanel() {
  const q = useQuery({ queryKey: keys.admin('plans'), queryFn: listPlans });
  const [editing, setEditing] = useState<PlanForm | null>(null);
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  const done = () => {
    setEditing(null);
    q.reload();
  };
  return (
    <section aria-label="推送计划" className="space-y-2">
      <p className="text-sm text-gray-600">
        计划在每期开售时按规则选号并推送到所选房间，开奖后自动判定中/未中。计划号码仅供参考，不代表中奖保证。
      </p>
      {editing ? (
        <>
          <PlanEditor key={editing.id ?? 0} initial={editing} rules={q.data.rules} onDone={done} />
          <Button variant="secondary" onClick={() => setEditing(null)}>
            取消
          </Button>
        </>
      ) : (
        <Button onClick={() => setEditing(EMPTY)}>新建计划</Button>
      )}
      <AdminList
        state={q}
        empty="暂无计划"
        keyOf={(p) => p.id}
        label="推送计划列表"
        cardLabel={(p) => `计划 ${p.name}`}
        columns={[
          { label: '名称', cell: (p) => p.name, className: 'font-medium' },
          { label: '彩种', cell: (p) => p.lotteryName, className: 'whitespace-nowrap' },
          { label: '玩法', cell: (p) => p.playDetailCode },
          { label: '规则', cell: (p) => `${p.ruleName} · 选${p.pickCount}个` },
          { label: '房间', cell: (p) => p.roomCodes || '无' },
          { label: '总胜率', cell: (p) => p.totalWinRate, align: 'end' },
          { label: '今日胜率', cell: (p) => p.todayWinRate, align: 'end' },
          {
            label: '状态',
            cell: (p) => (p.enabled ? '启用' : '已停用'),
            className: 'whitespace-nowrap',
          },
          {
            label: '操作',
            cell: (p) => <PlanActions p={p} onDone={done} onEdit={() => setEditing(formOf(p))} />,
            actions: true,
          },
        ]}
      >
        {(p) => (
          <>
            <p className="font-medium text-gray-900">
              {p.name} {p.enabled ? '' : <span className="text-gray-500">（已停用）</span>}
            </p>
            <p className="text-gray-600">
              {p.lotteryName} · {p.playDetailCode} · {p.ruleName} · 选{p.pickCount}个 · 房间{' '}
              {p.roomCodes || '无'}
            </p>
            <p className="text-gray-600">
              总胜率 {p.totalWinRate} · 今日胜率 {p.todayWinRate}
            </p>
            <div className="mt-2">
              <PlanActions p={p} onDone={done} onEdit={() => setEditing(formOf(p))} />
            </div>
          </>
        )}
      </AdminList>
    </section>
  );
}
