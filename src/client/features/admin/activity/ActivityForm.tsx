/**
 * Create or edit a promotion: category, kind, title, cover (uploaded), rich content (HTML; images
 * uploaded and inserted), schedule, and the kind's rule. The domain's form check runs before sending
 * (the server runs it again and stores the content sanitised).
 */
import { useState } from 'react';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_KINDS,
  ACTIVITY_KIND_NAMES,
  PERIOD_NAMES,
  PERIOD_UNITS,
  beijingFormTime,
  parseActivityForm,
  type ActivityFields,
  type RuleFields,
} from '../../../../domain/activity';
import { Button, Select, TextField, showToast, useFileUpload } from '../../../ui';
import { CheckBox, TextArea } from '../../../ui/fields';
import { saveActivity, uploadActivityImage, type AdminActivity } from './activitiesApi';
import { useFormAction } from '../../../query/useFormMutation';

export interface ActivityDraft {
  id?: number;
  category: string;
  kind: string;
  title: string;
  summary: string;
  coverImage: string;
  content: string;
  startTime: string;
  endTime: string;
  sort: string;
  enabled: boolean;
  /** check-in rewards by day, comma separated yuan */
  rewards: string;
  period: string;
  firstDeposit: boolean;
  min: string;
  percent: string;
  cap: string;
  /** turnover tiers, one 'bet=reward' per line */
  tiers: string;
  turnoverMultiple: string;
}

export function emptyActivity(nowMs = Date.now()): ActivityDraft {
  return {
    category: '1',
    kind: 'info',
    title: '',
    summary: '',
    coverImage: '',
    content: '',
    startTime: beijingFormTime(nowMs),
    endTime: beijingFormTime(nowMs + 30 * 86_400_000),
    sort: '0',
    enabled: true,
    rewards: '1,2,3,5,8',
    period: 'day',
    firstDeposit: false,
    min: '100',
    percent: '10',
    cap: '888',
    tiers: '1000=10\n5000=58',
    turnoverMultiple: '1',
  };
}

export function draftOfActivity(a: AdminActivity): ActivityDraft {
  const r = JSON.parse(a.rule) as RuleFields;
  const base = emptyActivity();
  return {
    ...base,
    id: a.id,
    category: String(a.category),
    kind: a.kind,
    title: a.title,
    summary: a.summary,
    coverImage: a.coverImage,
    content: a.content,
    startTime: a.startTime,
    endTime: a.endTime,
    sort: String(a.sort),
    enabled: a.enabled,
    rewards: r.rewards?.join(',') ?? base.rewards,
    period: r.period ?? base.period,
    firstDeposit: r.firstDeposit ?? false,
    min: r.min ?? base.min,
    percent: r.percent ?? base.percent,
    cap: r.cap ?? base.cap,
    tiers: r.tiers?.map((t) => `${t.bet}=${t.reward}`).join('\n') ?? base.tiers,
    turnoverMultiple: r.turnoverMultiple ?? '0',
  };
}

/** The draft as the call's fields, the rule as JSON of its kind's fields. */
export function fieldsOf(d: ActivityDraft): ActivityFields & { id?: number } {
  const m = d.turnoverMultiple.trim();
  const rule: RuleFields =
    d.kind === 'checkin'
      ? { rewards: d.rewards.split(/[,，\s]+/).filter(Boolean), turnoverMultiple: m }
      : d.kind === 'recharge_bonus'
        ? {
            period: d.period,
            firstDeposit: d.firstDeposit,
            min: d.min,
            percent: d.percent,
            cap: d.cap,
            turnoverMultiple: m,
          }
        : d.kind === 'turnover_bonus'
          ? {
              period: d.period,
              turnoverMultiple: m,
              tiers: d.tiers
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean)
                .map((l) => {
                  const [bet = '', reward = ''] = l.split(/[=＝]/);
                  return { bet: bet.trim(), reward: reward.trim() };
                }),
            }
          : {};
  return {
    ...(d.id ? { id: d.id } : {}),
    category: d.category,
    kind: d.kind,
    title: d.title,
    summary: d.summary,
    coverImage: d.coverImage,
    content: d.content,
    startTime: d.startTime,
    endTime: d.endTime,
    sort: d.sort,
    enabled: d.enabled ? '1' : '0',
    rule: JSON.stringify(rule),
  };
}

const CATEGORY_OPTIONS = ACTIVITY_CATEGORIES.map((c) => ({ value: String(c.type), label: c.name }));
const KIND_OPTIONS = ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_NAMES[k] }));
const PERIOD_OPTIONS = PERIOD_UNITS.map((p) => ({ value: p, label: PERIOD_NAMES[p] }));
const FILE_INPUT =
  'mt-1 block w-full text-sm file:mr-2 file:min-h-10 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:text-white';

export function ActivityForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: ActivityDraft;
  onSaved(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;
  const set =
    <K extends keyof ActivityDraft>(k: K) =>
    (v: ActivityDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const cover = useFileUpload(uploadActivityImage, (r) => set('coverImage')(r.url), '封面已上传');
  const inline = useFileUpload(
    uploadActivityImage,
    (r) => setD((x) => ({ ...x, content: `${x.content}\n<p><img src="${r.url}" alt=""></p>` })),
    '图片已插入内容',
  );

  const save = async () => {
    const fields = fieldsOf(d);
    // the content is checked as written here; the server sanitises it (sanitize-html) and refuses
    // what is empty once sanitised. DOMPurify stays in the one page that renders rich text, so its
    // chunk is not one more file the first screen's preload lists name.
    const checked = parseActivityForm(fields, (html) => html);
    if (!checked.ok) {
      setError(checked.msg);
      return;
    }
    await mutation.submit(async () => {
      await saveActivity(fields);
      showToast('已保存');
      onSaved();
    });
  };

  const text = (
    label: string,
    k:
      | 'title'
      | 'summary'
      | 'startTime'
      | 'endTime'
      | 'sort'
      | 'min'
      | 'percent'
      | 'cap'
      | 'rewards'
      | 'turnoverMultiple',
    hint?: string,
  ) => (
    <TextField
      label={label}
      name={`act-${k}`}
      value={d[k]}
      onChange={set(k)}
      hint={hint}
      maxLength={k === 'summary' ? 200 : 100}
      autoComplete="off"
    />
  );
  return (
    <form
      aria-label={d.id ? '编辑活动' : '新建活动'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h3 className="mb-3 font-semibold text-gray-900">
        {d.id ? `编辑活动 #${d.id}` : '新建活动'}
      </h3>
      <div className="grid grid-cols-2 gap-2">
        <Select
          label="活动分类"
          name="act-category"
          value={d.category}
          onChange={set('category')}
          options={CATEGORY_OPTIONS}
        />
        <Select
          label="活动类型"
          name="act-kind"
          value={d.kind}
          onChange={set('kind')}
          options={KIND_OPTIONS}
        />
      </div>
      {text('活动标题', 'title', '最多60个字')}
      {text('活动简介', 'summary', '列表中显示，可留空')}
      <label className="mb-3 block text-sm font-medium text-gray-800">
        封面图片
        <input
          type="file"
          name="act-cover"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void cover.onFile(e)}
          disabled={cover.uploading}
          className={FILE_INPUT}
        />
      </label>
      {cover.error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {cover.error}
        </p>
      )}
      {d.coverImage && (
        <img
          src={d.coverImage}
          alt="封面预览"
          data-testid="cover-preview"
          className="mb-3 aspect-[5/2] w-full rounded object-cover ring-1 ring-gray-200"
        />
      )}
      <TextArea
        label="活动内容（HTML，可用标题、表格、图片；脚本会被过滤）"
        name="content"
        value={d.content}
        onChange={set('content')}
        maxLength={50_000}
      />
      <label className="mb-3 block text-sm font-medium text-gray-800">
        插入图片到内容
        <input
          type="file"
          name="act-inline"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void inline.onFile(e)}
          disabled={inline.uploading}
          className={FILE_INPUT}
        />
      </label>
      {inline.error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {inline.error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {text('开始时间（北京时间）', 'startTime', 'YYYY-MM-DD HH:mm')}
        {text('结束时间（北京时间）', 'endTime')}
      </div>
      {text('排序（小的在前）', 'sort')}
      <CheckBox label="启用（会员可见）" checked={d.enabled} onChange={set('enabled')} />
      {d.kind === 'checkin' &&
        text(
          '连续签到奖励（元，按天用逗号分隔）',
          'rewards',
          '如 1,2,3,5,8：第1天1元……之后每天8元',
        )}
      {(d.kind === 'recharge_bonus' || d.kind === 'turnover_bonus') && (
        <Select
          label="领取周期"
          name="act-period"
          value={d.period}
          onChange={set('period')}
          options={PERIOD_OPTIONS}
        />
      )}
      {d.kind === 'recharge_bonus' && (
        <>
          <CheckBox
            label="仅限首充（活动开始前从未充值的会员）"
            checked={d.firstDeposit}
            onChange={set('firstDeposit')}
          />
          <div className="grid grid-cols-3 gap-2">
            {text('最低充值（元）', 'min')}
            {text('赠送比例（%）', 'percent')}
            {text('最高赠送（元）', 'cap')}
          </div>
        </>
      )}
      {d.kind === 'turnover_bonus' && (
        <TextArea
          label="奖励档位（每行：有效投注=奖励，元）"
          name="tiers"
          value={d.tiers}
          onChange={set('tiers')}
          maxLength={2000}
        />
      )}
      {d.kind !== 'info' && text('流水倍数（奖励需投注的倍数，0为无要求）', 'turnoverMultiple')}
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
