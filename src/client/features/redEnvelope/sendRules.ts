/**
 * The send form's checks on the client: the domain's rules (src/domain/redEnvelope/rules.ts, the
 * same the server applies, with spec 001 §5's messages) against the limits the config call gave.
 */
import { parseYuanToFen, wireFen } from '../../../domain/money';
import {
  DEFAULT_MAX_PER_PERSON_FEN,
  MAX_ENVELOPE_NUM,
  MSG,
  REMARK_MAX_CHARS,
  validateSend,
} from '../../../domain/redEnvelope/rules';

export const MAX_NUM = MAX_ENVELOPE_NUM;
export const WISH_MAX = REMARK_MAX_CHARS;
/** the config is asked this long after the dialog opens (spec 001 §9) */
export const CONFIG_DELAY_MS = 300;

export const SEND_MSG = {
  numInteger: MSG.numInteger,
  numPositive: MSG.numPositive,
  numMax: MSG.numMax,
  perMin: MSG.perMin,
  perMax: MSG.perMax,
  quota: MSG.quota,
  dayCount: MSG.count,
} as const;

export interface SendLimits {
  maxFen: number;
  remainingFen: number | null;
  dayLimitCount: number | null;
  dayLimitSendCount: number;
}

/** Limits from the config answer; before it loads: the default per-person maximum, quota and count not checked (the server does). */
export function limitsOf(
  c:
    | { maxAmount: string; amount: string; dayLimitCount: number; dayLimitSendCount: number }
    | undefined,
): SendLimits {
  if (!c)
    return {
      maxFen: DEFAULT_MAX_PER_PERSON_FEN,
      remainingFen: null,
      dayLimitCount: null,
      dayLimitSendCount: 0,
    };
  return {
    maxFen: wireFen(c.maxAmount) ?? DEFAULT_MAX_PER_PERSON_FEN,
    remainingFen: wireFen(c.amount),
    dayLimitCount: c.dayLimitCount,
    dayLimitSendCount: c.dayLimitSendCount,
  };
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
export function validateEnvelopeSend(
  f: { type: 1 | 2; num: string; amount: string; wish: string },
  limits: SendLimits,
  direct = false,
): string {
  const r = validateSend(
    { num: f.num, type: f.type, amount: f.amount, wishingRemark: f.wish },
    {
      maxPerPersonFen: limits.maxFen,
      remainingFen: limits.remainingFen ?? Number.MAX_SAFE_INTEGER,
      dayLimitCount: limits.dayLimitCount ?? Number.MAX_SAFE_INTEGER,
      sentToday: limits.dayLimitSendCount,
      direct,
    },
  );
  return r.ok ? '' : r.msg;
}
