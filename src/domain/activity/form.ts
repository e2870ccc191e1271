/**
 * The operator's envelope form: text fields in, a checked definition or the first Chinese message
 * out. The admin page runs it before sending; the server runs it again on what arrives.
 */
import { hasControlChars } from '../controlChars';
import { parseYuanToFen } from '../money';
import { formatBeijing, parseBeijingDateTime, parseBeijingDay } from '../time';
import { GRADES } from '../grades';
import type { ActivityEnvelopeKind, Eligibility, RequirementKind } from './rules';

/** Limits of one envelope. */
export const MAX_BUDGET_FEN = 1_000_000_000; // 10,000,000 yuan
export const MAX_RAIN_SHARES = 10_000;
export const MAX_PERIOD_DAYS = 365;
export const TITLE_MAX_CHARS = 40;

export interface ActivityEnvelopeFields {
  kind?: string;
  title?: string;
  /** Beijing 'YYYY-MM-DD HH:mm' (seconds optional) */
  startTime?: string;
  endTime?: string;
  /** yuan */
  budget?: string;
  shares?: string;
  /** yuan, giveaway */
  amount?: string;
  minGrade?: string;
  maxGrade?: string;
  requirement?: string;
  /** yuan */
  requiredAmount?: string;
  periodDays?: string;
  periodStart?: string;
  periodEnd?: string;
}

export interface ActivityEnvelopeDraft {
  kind: ActivityEnvelopeKind;
  title: string;
  startsAtMs: number;
  endsAtMs: number;
  budgetFen: number;
  shares: number | null;
  amountFen: number | null;
  eligibility: Eligibility;
}

export type DraftResult = { ok: true; draft: ActivityEnvelopeDraft } | { ok: false; msg: string };

const INTEGER = /^(0|[1-9]\d{0,8})$/;

function intField(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  return INTEGER.test(t) ? Number(t) : null;
}

class FormError extends Error {}
const fail = (msg: string): never => {
  throw new FormError(msg);
};

function amount(text: string | undefined, label: string, maxFen: number): number {
  const t = (text ?? '').trim();
  if (t === '') fail(`请输入${label}`);
  const fen = parseYuanToFen(t);
  if (fen === null) fail(`${label}格式不正确，最多两位小数`);
  if (fen! <= 0) fail(`${label}必须大于0`);
  if (fen! > maxFen) fail(`${label}不能超过${maxFen / 100}元`);
  return fen!;
}

function grades(f: ActivityEnvelopeFields): { minGrade: number; maxGrade: number } {
  const top = GRADES[GRADES.length - 1]!.grade;
  const minGrade = f.minGrade?.trim() ? intField(f.minGrade) : 0;
  const maxGrade = f.maxGrade?.trim() ? intField(f.maxGrade) : top;
  if (minGrade === null || maxGrade === null || minGrade > top || maxGrade > top)
    fail(`等级须为0至${top}的整数`);
  if (minGrade! > maxGrade!) fail('最低等级不能高于最高等级');
  return { minGrade: minGrade!, maxGrade: maxGrade! };
}

function eligibility(f: ActivityEnvelopeFields): Eligibility {
  const requirement = (f.requirement?.trim() || 'none') as RequirementKind;
  if (!['none', 'recharge', 'turnover'].includes(requirement)) fail('领取条件类型不正确');
  const base = {
    ...grades(f),
    requirement,
    requiredFen: 0,
    periodDays: null,
    periodStart: null,
    periodEnd: null,
  };
  if (requirement === 'none') return base;
  const requiredFen = amount(
    f.requiredAmount,
    requirement === 'recharge' ? '充值要求金额' : '有效投注要求金额',
    MAX_BUDGET_FEN * 10,
  );
  if (f.periodDays?.trim()) {
    const days = intField(f.periodDays);
    if (days === null || days < 1 || days > MAX_PERIOD_DAYS)
      fail(`统计天数须为1至${MAX_PERIOD_DAYS}的整数`);
    return { ...base, requiredFen, periodDays: days };
  }
  const [start, end] = [(f.periodStart ?? '').trim(), (f.periodEnd ?? '').trim()];
  if (!start || !end) fail('请填写统计天数或统计日期范围');
  if (!parseBeijingDay(start) || !parseBeijingDay(end)) fail('统计日期格式不正确');
  if (start > end) fail('统计开始日期不能晚于结束日期');
  return { ...base, requiredFen, periodStart: start, periodEnd: end };
}

function schedule(f: ActivityEnvelopeFields): { startsAtMs: number; endsAtMs: number } {
  if (!f.startTime?.trim() || !f.endTime?.trim()) fail('请填写开始时间和结束时间');
  const startsAtMs = parseBeijingDateTime(f.startTime!);
  const endsAtMs = parseBeijingDateTime(f.endTime!);
  if (startsAtMs === null || endsAtMs === null) fail('时间格式不正确（北京时间 YYYY-MM-DD HH:mm）');
  if (endsAtMs! <= startsAtMs!) fail('结束时间必须晚于开始时间');
  return { startsAtMs: startsAtMs!, endsAtMs: endsAtMs! };
}

/** Checks the operator's form; messages in Chinese, the first problem only. */
export function parseEnvelopeForm(f: ActivityEnvelopeFields): DraftResult {
  try {
    const kind = (f.kind ?? '').trim() as ActivityEnvelopeKind;
    if (kind !== 'rain' && kind !== 'giveaway') fail('请选择红包类型');
    const title = (f.title ?? '').trim();
    if (!title) fail('请输入活动标题');
    if ([...title].length > TITLE_MAX_CHARS) fail(`活动标题最多${TITLE_MAX_CHARS}个字`);
    if (hasControlChars(title)) fail('活动标题不能包含控制字符');
    const when = schedule(f);
    const budgetFen = amount(f.budget, '红包总额', MAX_BUDGET_FEN);
    let shares: number | null = null;
    let amountFen: number | null = null;
    if (kind === 'rain') {
      shares = intField(f.shares);
      if (shares === null || shares < 1 || shares > MAX_RAIN_SHARES)
        fail(`红包份数须为1至${MAX_RAIN_SHARES}的整数`);
      if (budgetFen < shares!) fail('红包总额不足，每份至少0.01元');
    } else {
      amountFen = amount(f.amount, '每人金额', MAX_BUDGET_FEN);
      if (amountFen > budgetFen) fail('每人金额不能超过红包总额');
    }
    return {
      ok: true,
      draft: { kind, title, ...when, budgetFen, shares, amountFen, eligibility: eligibility(f) },
    };
  } catch (e) {
    if (e instanceof FormError) return { ok: false, msg: e.message };
    throw e;
  }
}

/** A UTC instant as the form's Beijing text 'YYYY-MM-DD HH:mm'. */
export function beijingFormTime(ms: number): string {
  return formatBeijing(ms, 'YYYY-MM-DD HH:mm');
}
