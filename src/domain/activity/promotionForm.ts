/**
 * The operator's activity form: text fields in (the rule as JSON with yuan amounts), a checked
 * activity or the first problem in Chinese out. The admin page runs it before sending; the server runs
 * it again on what arrives and stores the content only as sanitised HTML.
 */
import { hasControlChars } from '../controlChars';
import { formatFen, parseYuanToFen } from '../money';
import { isSafeImageUrl, richTextPlain } from '../richText';
import { parseBeijingDateTime } from '../time';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_KINDS,
  PERIOD_UNITS,
  type ActivityKind,
  type ActivityRule,
  type PeriodUnit,
} from './promotions';

export const PROMO_LIMITS = {
  titleChars: 60,
  summaryChars: 200,
  contentChars: 50_000,
  checkinDays: 31,
  tiers: 20,
  maxRewardFen: 1_000_000_00,
  maxMultiple: 100,
  maxPercent: 1000,
} as const;

/** The rule as the form carries it: amounts in yuan text. */
export interface RuleFields {
  rewards?: string[];
  period?: string;
  firstDeposit?: boolean;
  min?: string;
  percent?: string;
  cap?: string;
  tiers?: { bet: string; reward: string }[];
  turnoverMultiple?: string;
}

export interface ActivityFields {
  category?: string;
  kind?: string;
  title?: string;
  summary?: string;
  coverImage?: string;
  content?: string;
  startTime?: string;
  endTime?: string;
  sort?: string;
  enabled?: string;
  /** JSON of RuleFields */
  rule?: string;
}

export interface ActivityDraft {
  category: number;
  kind: ActivityKind;
  title: string;
  summary: string;
  coverImage: string;
  content: string;
  startsAtMs: number;
  endsAtMs: number;
  sort: number;
  enabled: boolean;
  rule: ActivityRule;
}

class FormError extends Error {}
const fail = (msg: string): never => {
  throw new FormError(msg);
};

function yuan(v: unknown, label: string): number {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (t === '') fail(`请输入${label}`);
  const fen = parseYuanToFen(t);
  if (fen === null) fail(`${label}格式不正确，最多两位小数`);
  if (fen! <= 0) fail(`${label}必须大于0`);
  if (fen! > PROMO_LIMITS.maxRewardFen)
    fail(`${label}不能超过${formatFen(PROMO_LIMITS.maxRewardFen)}元`);
  return fen!;
}

function multiple(v: unknown): number {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (t === '') return 0;
  if (!/^\d{1,3}$/.test(t) || Number(t) > PROMO_LIMITS.maxMultiple)
    fail(`流水倍数须为0至${PROMO_LIMITS.maxMultiple}的整数`);
  return Number(t);
}

function period(v: unknown): PeriodUnit {
  if (!PERIOD_UNITS.includes(v as PeriodUnit)) fail('请选择领取周期');
  return v as PeriodUnit;
}

/** A kind's rule from its form JSON; Chinese message on the first problem. */
export function parseRule(kind: ActivityKind, json: string | undefined): ActivityRule {
  if (kind === 'info') return { kind };
  let f: RuleFields;
  try {
    f = JSON.parse(json ?? '') as RuleFields;
  } catch {
    return fail('活动规则格式不正确');
  }
  if (!f || typeof f !== 'object' || Array.isArray(f)) fail('活动规则格式不正确');
  const turnoverMultiple = multiple(f.turnoverMultiple);
  if (kind === 'checkin') {
    if (!Array.isArray(f.rewards) || f.rewards.length === 0) fail('请设置签到奖励');
    if (f.rewards!.length > PROMO_LIMITS.checkinDays)
      fail(`签到奖励最多设置${PROMO_LIMITS.checkinDays}天`);
    return {
      kind,
      rewardsFen: f.rewards!.map((r, i) => yuan(r, `第${i + 1}天签到奖励`)),
      turnoverMultiple,
    };
  }
  if (kind === 'recharge_bonus') {
    const pct =
      typeof f.percent === 'string' || typeof f.percent === 'number'
        ? String(f.percent).trim()
        : '';
    if (
      !/^\d{1,4}(\.\d{1,2})?$/.test(pct) ||
      Number(pct) <= 0 ||
      Number(pct) > PROMO_LIMITS.maxPercent
    ) {
      fail(`赠送比例须为0.01至${PROMO_LIMITS.maxPercent}之间的百分数，最多两位小数`);
    }
    const minFen = yuan(f.min, '最低充值金额');
    const capFen = yuan(f.cap, '最高赠送金额');
    return {
      kind,
      period: period(f.period),
      firstDeposit: f.firstDeposit === true,
      minFen,
      percentBp: Math.round(Number(pct) * 100),
      capFen,
      turnoverMultiple,
    };
  }
  if (!Array.isArray(f.tiers) || f.tiers.length === 0) fail('请至少设置一个奖励档位');
  if (f.tiers!.length > PROMO_LIMITS.tiers) fail(`奖励档位最多${PROMO_LIMITS.tiers}个`);
  const tiers = f.tiers!.map((t, i) => {
    if (!t || typeof t !== 'object') fail('奖励档位格式不正确');
    return {
      betFen: yuan(t.bet, `第${i + 1}档有效投注`),
      rewardFen: yuan(t.reward, `第${i + 1}档奖励金额`),
    };
  });
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.betFen <= tiers[i - 1]!.betFen) fail('奖励档位的有效投注须从低到高递增');
    if (tiers[i]!.rewardFen < tiers[i - 1]!.rewardFen) fail('高档位的奖励不能低于低档位');
  }
  return { kind, period: period(f.period), tiers, turnoverMultiple };
}

function plain(v: string | undefined, label: string, max: number, required: boolean): string {
  const t = (v ?? '').trim();
  if (required && !t) fail(`请输入${label}`);
  if ([...t].length > max) fail(`${label}最多${max}个字`);
  if (hasControlChars(t) || /[<>]/.test(t)) fail(`${label}不能包含尖括号或控制字符`);
  return t;
}

/**
 * Checks the operator's form; the content comes back through `sanitizeRichText`: on the server
 * sanitize-html to the allow-list of domain/richText.ts, so content empty once sanitised is refused
 * there; the browser's form checks it as written (the server's check is the one that counts).
 */
export function parseActivityForm(
  f: ActivityFields,
  sanitizeRichText: (html: string) => string,
): { ok: true; draft: ActivityDraft } | { ok: false; msg: string } {
  try {
    const category = Number(f.category);
    if (!ACTIVITY_CATEGORIES.some((c) => c.type === category)) fail('请选择活动分类');
    const kind = (f.kind ?? '').trim() as ActivityKind;
    if (!ACTIVITY_KINDS.includes(kind)) fail('请选择活动类型');
    const title = plain(f.title, '活动标题', PROMO_LIMITS.titleChars, true);
    const summary = plain(f.summary, '活动简介', PROMO_LIMITS.summaryChars, false);
    const coverImage = (f.coverImage ?? '').trim();
    if (coverImage && !isSafeImageUrl(coverImage)) fail('封面图片地址不正确，请上传图片');
    const raw = f.content ?? '';
    if (raw.length > PROMO_LIMITS.contentChars)
      fail(`活动内容最多${PROMO_LIMITS.contentChars}个字符`);
    const content = sanitizeRichText(raw);
    if (!richTextPlain(content) && !content.includes('<img')) fail('请输入活动内容');
    if (!f.startTime?.trim() || !f.endTime?.trim()) fail('请填写开始时间和结束时间');
    const startsAtMs = parseBeijingDateTime(f.startTime!);
    const endsAtMs = parseBeijingDateTime(f.endTime!);
    if (startsAtMs === null || endsAtMs === null)
      fail('时间格式不正确（北京时间 YYYY-MM-DD HH:mm）');
    if (endsAtMs! <= startsAtMs!) fail('结束时间必须晚于开始时间');
    const sortText = (f.sort ?? '').trim() || '0';
    if (!/^-?\d{1,5}$/.test(sortText)) fail('排序须为-99999至99999的整数');
    const rule = parseRule(kind, f.rule);
    return {
      ok: true,
      draft: {
        category,
        kind,
        title,
        summary,
        coverImage,
        content,
        startsAtMs: startsAtMs!,
        endsAtMs: endsAtMs!,
        sort: Number(sortText),
        enabled: f.enabled !== '0',
        rule,
      },
    };
  } catch (e) {
    if (e instanceof FormError) return { ok: false, msg: e.message };
    throw e;
  }
}

/** A stored rule as the form's fields (yuan text), for editing. */
export function ruleFields(rule: ActivityRule): RuleFields {
  const y = (fen: number) => formatFen(fen);
  const m = 'turnoverMultiple' in rule ? String(rule.turnoverMultiple) : '0';
  if (rule.kind === 'checkin') return { rewards: rule.rewardsFen.map(y), turnoverMultiple: m };
  if (rule.kind === 'recharge_bonus') {
    return {
      period: rule.period,
      firstDeposit: rule.firstDeposit,
      min: y(rule.minFen),
      percent: String(rule.percentBp / 100),
      cap: y(rule.capFen),
      turnoverMultiple: m,
    };
  }
  if (rule.kind === 'turnover_bonus')
    return {
      period: rule.period,
      tiers: rule.tiers.map((t) => ({ bet: y(t.betFen), reward: y(t.rewardFen) })),
      turnoverMultiple: m,
    };
  return {};
}
