/** 代理: the agent tree (AgentTree.tsx), the default rebate points per family, and the site agent report. */
import { useState } from 'react';
import {
  parsePoint,
  POINT_MSG,
  REBATE_FAMILIES,
  type RebateFamily,
} from '../../../../domain/agent/points';
import { beijingDate } from '../../../../domain/time';
import { keys, useQuery } from '../../../query';
import { Button, EmptyState, ErrorState, LoadingState, TextField } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { ActionError, ROW_CARD, UserLink, useConfirmedAction } from '../../../ui/AdminList';
import { DataTable, useWideScreen, type Column } from '../../../ui/DataTable';
import { AgentTree } from './AgentTree';
import {
  getDefaultRebate,
  saveDefaultRebate,
  siteAgentReport,
  type Figures,
  type RebateWire,
} from './agentsApi';
import { FAMILY_LABELS } from './familyLabels';
import { COLUMNS, PENDING, SCREEN_COLUMNS } from '../../../../domain/figures';

function DefaultRebateForm({ initial, onSaved }: { initial: RebateWire; onSaved(): void }) {
  const [form, setForm] = useState<RebateWire>(initial);
  const [errors, setErrors] = useState<Partial<Record<RebateFamily, string>>>({});
  const action = useConfirmedAction(onSaved);
  const submit = () => {
    const found: Partial<Record<RebateFamily, string>> = {};
    for (const f of REBATE_FAMILIES)
      if (parsePoint(form[f]) === null) found[f] = POINT_MSG.badPoint(FAMILY_LABELS[f]);
    setErrors(found);
    if (Object.keys(found).length === 0)
      void action.run(
        '确定保存默认返点？未单独设置返点的账号将按新默认值计算',
        () => saveDefaultRebate(form),
        '保存成功',
      );
  };
  return (
    <form
      aria-label="默认返点"
      className={ROW_CARD}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="mb-2 text-gray-700">
        直接注册（无邀请码）且未单独设置返点的账号使用这里的返点（0 至 10，最多一位小数）。
      </p>
      <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-5">
        {REBATE_FAMILIES.map((f) => (
          <TextField
            key={f}
            label={FAMILY_LABELS[f]}
            name={`rebate-${f}`}
            inputMode="decimal"
            maxLength={4}
            value={form[f]}
            error={errors[f]}
            onChange={(v) => setForm({ ...form, [f]: v.trim() })}
          />
        ))}
      </div>
      <Button type="submit" loading={action.busy} className="w-full">
        保存默认返点
      </Button>
      <ActionError message={action.error} />
    </form>
  );
}

function DefaultRebate() {
  const q = useQuery({
    queryKey: keys.admin('agents', 'defaultRebate'),
    queryFn: getDefaultRebate,
  });
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  return (
    <DefaultRebateForm
      key={JSON.stringify(q.data.rebate)}
      initial={q.data.rebate}
      onSaved={q.reload}
    />
  );
}

/** The team report's columns (domain/figures.ts) and their 盈亏, then what is not in 盈亏. */
const MONEY: readonly [keyof Figures, string][] = [
  ...SCREEN_COLUMNS.teamReport.map(
    (c) => [COLUMNS[c].field as keyof Figures, COLUMNS[c].label] as [keyof Figures, string],
  ),
  ['profit', '团队盈亏'],
  [PENDING.field, PENDING.label],
  ['validBetAmount', '有效投注'],
  ['rechargeAmount', '充值金额'],
  ['withdrawAmount', '提现金额'],
];
const COUNTS: readonly [keyof Figures, string][] = [
  ['firstRechargeCount', '首充人数'],
  ['newMemberCount', '新增人数'],
  ['activeMemberCount', '活跃人数'],
  ['betMemberCount', '投注人数'],
];

function FigureGrid({ f }: { f: Figures }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {[...MONEY, ...COUNTS].map(([k, label]) => (
        <div key={k} className="rounded bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">{label}</dt>
          <dd className="font-medium tabular-nums">{String(f[k])}</dd>
        </div>
      ))}
    </dl>
  );
}

type Range = 'today' | 'yesterday' | 'month' | 'custom';
const RANGES = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'month', label: '本月' },
  { value: 'custom', label: '自定义' },
] as const;

function rangeDates(r: Range, custom: { start: string; end: string }): [string, string] {
  const today = beijingDate(Date.now());
  if (r === 'yesterday') {
    const y = beijingDate(Date.now(), 1);
    return [y, y];
  }
  if (r === 'month') return [`${today.slice(0, 8)}01`, today];
  if (r === 'custom') return [custom.start || today, custom.end || today];
  return [today, today];
}

const TEAM_COLUMNS: Column<Figures & { userId: number; userName: string }>[] = [
  {
    label: '账号',
    cell: (r) => <UserLink userId={r.userId} userName={r.userName} />,
    className: 'whitespace-nowrap',
  },
  ...[...MONEY, ...COUNTS].map(([k, label]) => ({
    label,
    cell: (r: Figures) => String(r[k]),
    align: 'end' as const,
  })),
];

function SiteReport() {
  const wide = useWideScreen();
  const [range, setRange] = useState<Range>('today');
  const [draft, setDraft] = useState({ start: '', end: '' });
  const [custom, setCustom] = useState({ start: '', end: '' });
  const [start, end] = rangeDates(range, custom);
  const q = useQuery({
    queryKey: keys.admin('agents', 'report', start, end),
    queryFn: () => siteAgentReport(start, end),
  });
  return (
    <section aria-label="全站代理报表" className="space-y-3">
      <Tabs<Range>
        look="pills"
        label="日期范围"
        value={range}
        options={RANGES}
        onChange={setRange}
      />
      {range === 'custom' && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setCustom(draft);
          }}
        >
          <TextField
            label="开始日期"
            name="startTime"
            type="date"
            value={draft.start}
            onChange={(v) => setDraft({ ...draft, start: v })}
          />
          <TextField
            label="结束日期"
            name="endTime"
            type="date"
            value={draft.end}
            onChange={(v) => setDraft({ ...draft, end: v })}
          />
          <Button type="submit" className="mb-3">
            查询
          </Button>
        </form>
      )}
      <p className="text-sm text-gray-700">
        {start} 至 {end}（北京时间）
      </p>
      {q.loading && !q.data ? (
        <LoadingState />
      ) : q.error || !q.data ? (
        <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
      ) : (
        <>
          <FigureGrid f={q.data} />
          <h3 className="font-medium">顶级账号团队</h3>
          {q.data.list.length === 0 ? (
            <EmptyState text="该时间段没有数据" />
          ) : wide ? (
            <DataTable
              label="顶级账号团队"
              rows={q.data.list}
              keyOf={(r) => r.userId}
              columns={TEAM_COLUMNS}
            />
          ) : (
            <ul className="space-y-2">
              {q.data.list.map((r) => (
                <li key={r.userId} className={ROW_CARD}>
                  <p className="mb-2 font-medium">{r.userName}</p>
                  <FigureGrid f={r} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

type Section = 'tree' | 'rebate' | 'report';
const SECTIONS = [
  { value: 'tree', label: '代理树' },
  { value: 'rebate', label: '默认返点' },
  { value: 'report', label: '全站报表' },
] as const;

export function AgentsPanel() {
  const [section, setSection] = useState<Section>('tree');
  return (
    <Tabs<Section>
      look="pills"
      className="mb-3"
      label="代理管理"
      value={section}
      options={SECTIONS}
      onChange={setSection}
      panel={(s) =>
        s === 'tree' ? <AgentTree /> : s === 'rebate' ? <DefaultRebate /> : <SiteReport />
      }
    />
  );
}
