/**
 * 操作日志: every /admin action (GET /v1/admin/audit: operator, page, path, outcome, time, the form
 * with its secrets hidden), filtered by operator, path and Beijing dates; and the settings history
 * (GET /v1/admin/site/settingsAudit) with each change's before and after.
 */
import { useState } from 'react';
import { request } from '../../../api/request';
import { keys, useQuery } from '../../../query';
import { Button, PageNav, TextField } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { AdminList, FilterBar, type Column } from '../../../ui/AdminList';
import { fmtTime } from '../api';
import { REGISTER_REQUIREMENTS } from '../../../../domain/site/settings';

const PAGE_SIZE = 20;
const I = { inline: true } as const;

interface AuditRow {
  id: number;
  operatorName: string;
  path: string;
  page: string;
  httpStatus: number;
  outcome: number | null;
  msg: string;
  body: Record<string, string>;
  ip: string;
  createdAt: number;
}
interface SettingsChange {
  id: number;
  key: string;
  operatorName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  createdAt: number;
}
interface Filter {
  operator: string;
  path: string;
  startDate: string;
  endDate: string;
  page: number;
}

const listAudit = (f: Filter) =>
  request<{ list: AuditRow[]; total: number }>(
    'GET',
    '/v1/admin/audit',
    {
      operator: f.operator || undefined,
      path: f.path || undefined,
      startDate: f.startDate || undefined,
      endDate: f.endDate || undefined,
      page: f.page,
      pageSize: PAGE_SIZE,
    },
    I,
  );
const listChanges = (page: number) =>
  request<{ list: SettingsChange[]; total: number }>(
    'GET',
    '/v1/admin/site/settingsAudit',
    { page, pageSize: PAGE_SIZE },
    I,
  );

const SETTING_NAMES: Record<string, string> = {
  tenant_config: '站点配置',
  register_verify: '注册必填项',
  customer_service: '客服线路',
  site_status: '站点状态',
  payment_settings: '支付设置',
  withdraw_settings: '提现设置',
};

function Outcome({ r }: { r: AuditRow }) {
  return (
    <span className={r.outcome === 1 ? 'text-green-700' : 'text-red-700'}>
      {r.outcome === 1 ? '成功' : `失败${r.outcome !== null ? ` ${r.outcome}` : ''}`}
    </span>
  );
}

/** The form the action was sent with (secrets already hidden by the server); in the table each value at most two lines, whole on hover. */
function Body({ r, clamp }: { r: AuditRow; clamp?: boolean }) {
  if (Object.keys(r.body).length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-gray-700">
      {Object.entries(r.body).map(([k, v]) => [
        <dt key={`${k}-k`} className="text-gray-500">
          {k}
        </dt>,
        <dd
          key={`${k}-v`}
          title={clamp ? v : undefined}
          className={`break-all ${clamp ? 'line-clamp-2' : ''}`}
        >
          {v}
        </dd>,
      ])}
    </dl>
  );
}

const ACTION_COLUMNS: Column<AuditRow>[] = [
  { label: '时间', cell: (r) => fmtTime(r.createdAt), className: 'whitespace-nowrap tabular-nums' },
  { label: '操作人', cell: (r) => r.operatorName || '（未登录）' },
  { label: '页面', cell: (r) => r.page || '-' },
  { label: '接口', cell: (r) => r.path, className: 'min-w-44 break-all font-mono text-xs' },
  {
    label: '结果',
    cell: (r) => (
      <>
        <Outcome r={r} />
        {r.outcome !== 1 && r.msg && <div className="text-xs text-red-700">{r.msg}</div>}
      </>
    ),
    className: 'min-w-16',
  },
  { label: '参数', cell: (r) => <Body r={r} clamp />, className: 'min-w-64 max-w-md' },
  { label: 'IP', cell: (r) => r.ip, className: 'tabular-nums' },
];

function ActionLog() {
  const empty: Filter = { operator: '', path: '', startDate: '', endDate: '', page: 1 };
  const [draft, setDraft] = useState(empty);
  const [filter, setFilter] = useState(empty);
  const q = useQuery({ queryKey: keys.admin('audit', filter), queryFn: () => listAudit(filter) });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  const set = (k: keyof Filter) => (v: string) => setDraft({ ...draft, [k]: v });
  return (
    <section aria-label="操作记录">
      <FilterBar label="操作记录筛选" pairs onSubmit={() => setFilter({ ...draft, page: 1 })}>
        <TextField
          label="操作人"
          name="operator"
          value={draft.operator}
          maxLength={20}
          onChange={set('operator')}
        />
        <TextField
          label="接口路径"
          name="path"
          value={draft.path}
          maxLength={100}
          placeholder="site/settings"
          onChange={set('path')}
        />
        <TextField
          label="开始日期"
          name="startDate"
          type="date"
          value={draft.startDate}
          onChange={set('startDate')}
        />
        <TextField
          label="结束日期"
          name="endDate"
          type="date"
          value={draft.endDate}
          onChange={set('endDate')}
        />
        <Button type="submit" className="mb-3 w-full lg:w-auto">
          查询
        </Button>
      </FilterBar>
      <AdminList
        state={q}
        empty="暂无操作记录"
        keyOf={(r) => r.id}
        totalText={(n) => `共 ${n} 条`}
        label="操作记录"
        columns={ACTION_COLUMNS}
      >
        {(r) => (
          <div>
            <div className="flex justify-between gap-2">
              <span className="font-medium text-gray-900">
                {r.operatorName || '（未登录）'} · {r.page || '-'}
              </span>
              <Outcome r={r} />
            </div>
            <div className="break-all font-mono text-xs text-gray-600">{r.path}</div>
            {r.outcome !== 1 && r.msg && <div className="text-xs text-red-700">{r.msg}</div>}
            <Body r={r} />
            <div className="mt-1 text-xs text-gray-500 tabular-nums">
              {fmtTime(r.createdAt)} · {r.ip}
            </div>
          </div>
        )}
      </AdminList>
      <PageNav page={filter.page} pages={pages} onPage={(page) => setFilter({ ...filter, page })} />
    </section>
  );
}

/** Names of the fields the operator knows from the settings forms; others show their key. */
const FIELD_NAMES: Record<string, string> = {
  tenantName: '站点名称',
  loginImageCodeAfterFailures: '登录验证码阈值',
  yuebaoEnable: '虚拟钱包',
  embedChatEnabled: '嵌入聊天',
  embedChatUrl: '嵌入聊天地址',
  embedChatPartnerOrigin: '嵌入聊天来源',
  supportWidth: '客服窗口宽度',
  supportHeight: '客服窗口高度',
  registerImageCode: '注册图形验证码',
  lines: '客服线路',
  maintenance: '维护模式',
  maintenanceMessage: '维护提示',
  closed: '关闭网站',
  closedMessage: '关闭提示',
  ipMode: 'IP 限制模式',
  ipList: 'IP 名单',
  ...Object.fromEntries(REGISTER_REQUIREMENTS.map((r) => [r.key, `${r.label}必填`])),
};
const show = (v: unknown) =>
  v === undefined || v === null
    ? '（无）'
    : v === true
      ? '开'
      : v === false
        ? '关'
        : typeof v === 'string'
          ? v || '（空）'
          : JSON.stringify(v);

/** The fields that differ between before and after, each as 字段, 旧, 新 (all of `after` on a first save). */
function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): [string, string, string][] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  return [...fields]
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after[k]))
    .map((k) => [FIELD_NAMES[k] ?? k, show(before?.[k]), show(after[k])]);
}

/** The fields a change touched, old struck through beside new. */
function Changes({ r }: { r: SettingsChange }) {
  return (
    <>
      {r.before === null && (
        <p className="mt-1 text-xs text-gray-500">首次保存（此前为系统默认值）</p>
      )}
      <ul className="mt-1 space-y-0.5 text-xs">
        {diff(r.before, r.after).map(([k, b, a]) => (
          <li key={k} className="break-all">
            <span className="text-gray-500">{k}：</span>
            {r.before === null ? (
              <span className="text-gray-900">{a}</span>
            ) : (
              <>
                <del className="text-red-700">{b}</del> →{' '}
                <ins className="text-green-700 no-underline">{a}</ins>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

const CHANGE_COLUMNS: Column<SettingsChange>[] = [
  { label: '时间', cell: (r) => fmtTime(r.createdAt), className: 'whitespace-nowrap tabular-nums' },
  { label: '设置', cell: (r) => SETTING_NAMES[r.key] ?? r.key, className: 'whitespace-nowrap' },
  { label: '操作人', cell: (r) => r.operatorName || '-' },
  { label: '变更', cell: (r) => <Changes r={r} /> },
];

function SettingsHistory() {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: keys.admin('settingsAudit', page),
    queryFn: () => listChanges(page),
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label="设置变更">
      <AdminList
        state={q}
        empty="暂无设置变更"
        keyOf={(r) => r.id}
        totalText={(n) => `共 ${n} 次变更`}
        label="设置变更"
        columns={CHANGE_COLUMNS}
      >
        {(r) => (
          <div>
            <div className="flex justify-between gap-2">
              <span className="font-medium text-gray-900">{SETTING_NAMES[r.key] ?? r.key}</span>
              <span className="text-gray-700">{r.operatorName || '-'}</span>
            </div>
            <Changes r={r} />
            <div className="mt-1 text-xs text-gray-500 tabular-nums">{fmtTime(r.createdAt)}</div>
          </div>
        )}
      </AdminList>
      <PageNav page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

export function AuditPanel() {
  const [view, setView] = useState<'actions' | 'settings'>('actions');
  return (
    <Tabs<'actions' | 'settings'>
      className="mb-3"
      label="日志类型"
      value={view}
      onChange={setView}
      options={[
        { value: 'actions', label: '操作记录' },
        { value: 'settings', label: '设置变更' },
      ]}
      panel={() => (view === 'actions' ? <ActionLog /> : <SettingsHistory />)}
    />
  );
}
