/**
 * The send form's checks and their messages (spec 001 §5). Kept behind validateEnvelopeSend so the
 * domain module of the server side (src/domain/redEnvelope) can replace the body once merged.
 */
import { AMOUNT_MSG, formatFen, parseYuanToFen, wireFen } from '../../../domain/money';

export const MAX_NUM = 1000;
export const MIN_PER_PERSON_FEN = 100;
/** the per-person maximum until the config has loaded (spec 001 §9) */
export const DEFAULT_MAX_FEN = 1_000_000;
export const WISH_MAX = 20;
export const CONFIG_DELAY_MS = 300;

export const SEND_MSG = {
  numInteger: '红包个数必须为整数',
  numPositive: '红包个数必须为正整数',
  numMax: `红包个数不能超过${MAX_NUM}个`,
  perMin: '人均单个红包金额不能小于1元',
  perMax: (max: string) => `人均单个红包金额不能大于${max}元`,
  quota: '您的红包额度不足',
  dayCount: (n: number) => `您每日可发红包次数为${n}次，已超限制`,
  wish: `祝福语最多${WISH_MAX}个字`,
} as const;

export interface SendLimits { maxFen: number; remainingFen: number | null; dayLimitCount: number | null; dayLimitSendCount: number }

/** Limits from the config answer (null fields: not known yet, not checked). */
export function limitsOf(c: { maxAmount: string; amount: string; dayLimitCount: number; dayLimitSendCount: number } | undefined): SendLimits {
  if (!c) return { maxFen: DEFAULT_MAX_FEN, remainingFen: null, dayLimitCount: null, dayLimitSendCount: 0 };
  return { maxFen: wireFen(c.maxAmount) ?? DEFAULT_MAX_FEN, remainingFen: wireFen(c.amount), dayLimitCount: c.dayLimitCount, dayLimitSendCount: c.dayLimitSendCount };
}

/** Amount typing: digits with at most 6 integer digits and 2 decimals. */
export const AMOUNT_INPUT = /^\d{0,6}(\.\d{0,2})?$/;
/** Count typing: up to 4 digits. */
export const NUM_INPUT = /^\d{0,4}$/;

/** The total the form sends, in fen (ordinary: amount per person times count; random: the amount). null when unknown. */
export function totalFen(type: 1 | 2, numText: string, amountText: string): number | null {
  const fen = parseYuanToFen(amountText);
  if (fen === null) return null;
  if (type === 2) return fen;
  const n = Number(numText);
  return Number.isInteger(n) && n > 0 ? fen * n : null;
}

/** The first broken rule's message, or '' when the form may go. */
export function validateEnvelopeSend(f: { type: 1 | 2; num: string; amount: string; wish: string }, limits: SendLimits): string {
  const n = Number(f.num);
  if (f.num.trim() === '' || !Number.isInteger(n)) return SEND_MSG.numInteger;
  if (n <= 0) return SEND_MSG.numPositive;
  if (n > MAX_NUM) return SEND_MSG.numMax;
  if (f.amount.trim() === '') return AMOUNT_MSG.empty;
  const fen = parseYuanToFen(f.amount);
  if (fen === null) return AMOUNT_MSG.format;
  if (fen === 0) return AMOUNT_MSG.zero;
  const total = f.type === 1 ? fen * n : fen;
  // random: the smallest share is what counts against the minimum, the average against the maximum
  const perMin = f.type === 1 ? fen : Math.floor(fen / n);
  const perMax = f.type === 1 ? fen : Math.ceil(fen / n);
  if (perMin < MIN_PER_PERSON_FEN) return SEND_MSG.perMin;
  if (perMax > limits.maxFen) return SEND_MSG.perMax(formatFen(limits.maxFen).replace(/\.00$/, ''));
  if (limits.remainingFen !== null && total > limits.remainingFen) return SEND_MSG.quota;
  if (limits.dayLimitCount !== null && limits.dayLimitSendCount >= limits.dayLimitCount) return SEND_MSG.dayCount(limits.dayLimitCount);
  if ([...f.wish].length > WISH_MAX) return SEND_MSG.wish;
  return '';
}
