/**
 * Red envelope rules shared by the client and the server (spec 001 sections 3, 5, 8, 9): the send
 * form's validation with the spec's exact messages, the states, the constants.
 */
import { hasControlChars } from '../controlChars.ts';
import { MUTED_SEND_MSG } from '../chat/access.ts';
import { FEN_PER_YUAN, formatFen } from '../money.ts';

/** An envelope lives 12 hours; what is left after that goes back to the sender. */
export const ENVELOPE_LIFE_MS = 12 * 3600_000;
/** My red-envelope records cover the last 7 days. */
export const RECORD_WINDOW_DAYS = 7;
export const MAX_ENVELOPE_NUM = 1000;
/** per person at least 1 yuan */
export const MIN_PER_PERSON_FEN = FEN_PER_YUAN;
/** the per-person maximum shown until the configuration loads (spec 001 section 9) */
export const DEFAULT_MAX_PER_PERSON_FEN = 10_000 * FEN_PER_YUAN;
export const REMARK_MAX_CHARS = 20;
export const DEFAULT_WISH = '恭喜发财，大发发发发';
/** the record id: HB + 18 digits */
export const RECORD_ID_PATTERN = /^HB\d{18}$/;

export const EnvelopeType = { ORDINARY: 1, RANDOM: 2 } as const;

/** The states of spec 001 section 3, as a viewer sees an envelope (0: still available to them). */
export const EnvelopeState = {
  AVAILABLE: 0,
  EXPIRED: 1,
  RECEIVED: 2,
  EXHAUSTED: 3,
  REFUNDED: 4,
  ALL_TAKEN: 5,
} as const;

/** Open / snatch answer states (spec 001 section 3 "Envelope open result"). */
export const OpenState = {
  GOT: 1,
  NONE_LEFT: 0,
  EXPIRED: -1,
  OTHER: 2,
  CAN_OPEN: 1,
  RECEIVED: 2,
  REFUNDED: 4,
} as const;

export const MSG = {
  numInteger: '红包个数必须为整数',
  numPositive: '红包个数必须为正整数',
  numMax: `红包个数不能超过${MAX_ENVELOPE_NUM}个`,
  perMin: '人均单个红包金额不能小于1元',
  perMax: (maxFen: number) => `人均单个红包金额不能大于${maxYuanText(maxFen)}元`,
  quota: '您的红包额度不足',
  count: (n: number) => `您每日可发红包次数为${n}次，已超限制`,
  amountFormat: '红包金额格式不正确，最多6位整数和2位小数',
  amountEmpty: '请输入红包金额',
  typeBad: '红包类型不正确',
  remarkLong: `祝福语不能超过${REMARK_MAX_CHARS}个字`,
  remarkBad: '祝福语包含不允许的字符',
  directOne: '私聊只能发1个红包',
  guest: '游客不能发红包，请先注册',
  muted: MUTED_SEND_MSG,
  expired: '该红包已超过12小时，如已领取，可在我的红包中查看',
  noneLeft: '红包已抢完',
  refunded: '红包已退回',
  received: '您已领取过该红包',
  notFound: '红包不存在',
  format: '红包消息格式不正确',
} as const;

/** '10000' for whole yuan, else '10000.50'. */
function maxYuanText(fen: number): string {
  return fen % FEN_PER_YUAN === 0 ? String(fen / FEN_PER_YUAN) : formatFen(fen);
}

/** The send form as typed: num as text or number, amount as yuan text. */
export interface SendForm {
  num: unknown;
  type: unknown;
  amount: unknown;
  wishingRemark?: unknown;
}

export interface SendLimits {
  /** per-person maximum, fen */
  maxPerPersonFen: number;
  /** remaining daily quota, fen */
  remainingFen: number;
  dayLimitCount: number;
  sentToday: number;
  /** a private chat: exactly one envelope */
  direct: boolean;
}

export interface EnvelopePlan {
  num: number;
  type: 1 | 2;
  /** ordinary: per person; random: the total */
  amountFen: number;
  totalFen: number;
  wishingRemark: string;
}

const AMOUNT = /^(0|[1-9]\d{0,5})(?:\.(\d{1,2}))?$/;

/** The amount field: at most 6 integer digits and 2 decimals, in fen; null when malformed. */
export function parseEnvelopeAmount(v: unknown): number | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string') return null;
  const m = AMOUNT.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * FEN_PER_YUAN + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The shape checks (no limits): what the form must hold before anything is asked of the server. */
export function parseSendForm(
  f: SendForm,
  direct: boolean,
): { ok: true; plan: EnvelopePlan } | { ok: false; msg: string } {
  const numText =
    typeof f.num === 'number' ? String(f.num) : typeof f.num === 'string' ? f.num.trim() : '';
  if (!/^-?\d+$/.test(numText)) return { ok: false, msg: MSG.numInteger };
  const num = Number(numText);
  if (num <= 0) return { ok: false, msg: MSG.numPositive };
  if (num > MAX_ENVELOPE_NUM) return { ok: false, msg: MSG.numMax };
  if (direct && num !== 1) return { ok: false, msg: MSG.directOne };
  const type = Number(f.type);
  if (type !== 1 && type !== 2) return { ok: false, msg: MSG.typeBad };
  if (f.amount === undefined || f.amount === null || f.amount === '')
    return { ok: false, msg: MSG.amountEmpty };
  const amountFen = parseEnvelopeAmount(f.amount);
  if (amountFen === null) return { ok: false, msg: MSG.amountFormat };
  const rawWish = f.wishingRemark === undefined || f.wishingRemark === null ? '' : f.wishingRemark;
  if (typeof rawWish !== 'string') return { ok: false, msg: MSG.remarkBad };
  const wish = rawWish.trim() === '' ? DEFAULT_WISH : rawWish.trim();
  if ([...wish].length > REMARK_MAX_CHARS) return { ok: false, msg: MSG.remarkLong };
  // only printable text (no control characters); HTML is stored as text, escaped on show
  if (hasControlChars(wish, false)) return { ok: false, msg: MSG.remarkBad };
  const totalFen = type === EnvelopeType.ORDINARY ? amountFen * num : amountFen;
  return { ok: true, plan: { num, type, amountFen, totalFen, wishingRemark: wish } };
}

/** The limit checks, in the spec's order: per-person minimum and maximum, the quota, the daily count. */
export function checkLimits(plan: EnvelopePlan, limits: SendLimits): string | null {
  if (limits.direct && plan.num !== 1) return MSG.directOne;
  // per person: ordinary is the amount; random is the average, which must allow 1 yuan each
  if (plan.totalFen < plan.num * MIN_PER_PERSON_FEN) return MSG.perMin;
  if (plan.totalFen > plan.num * limits.maxPerPersonFen) return MSG.perMax(limits.maxPerPersonFen);
  if (plan.totalFen > limits.remainingFen) return MSG.quota;
  if (limits.sentToday >= limits.dayLimitCount) return MSG.count(limits.dayLimitCount);
  return null;
}

/** The whole send check: shape then limits. */
export function validateSend(
  f: SendForm,
  limits: SendLimits,
): { ok: true; plan: EnvelopePlan } | { ok: false; msg: string } {
  const parsed = parseSendForm(f, limits.direct);
  if (!parsed.ok) return parsed;
  const refusal = checkLimits(parsed.plan, limits);
  return refusal ? { ok: false, msg: refusal } : parsed;
}

/** The stored facts of an envelope a viewer's state is derived from. */
export interface EnvelopeFacts {
  expired: boolean;
  refunded: boolean;
  allTaken: boolean;
  /** the viewer's share, when they opened it */
  receivedFen: number | null;
  viewerIsSender: boolean;
}

/**
 * The state a viewer sees: received (2) wins; then refunded (4); all taken (5 for the sender,
 * 3 exhausted for everyone else); expired (1); else available (0).
 */
export function viewerState(f: EnvelopeFacts): number {
  if (f.receivedFen !== null) return EnvelopeState.RECEIVED;
  if (f.refunded) return EnvelopeState.REFUNDED;
  if (f.allTaken) return f.viewerIsSender ? EnvelopeState.ALL_TAKEN : EnvelopeState.EXHAUSTED;
  if (f.expired) return EnvelopeState.EXPIRED;
  return EnvelopeState.AVAILABLE;
}
