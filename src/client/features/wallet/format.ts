/** Display and form helpers of the virtual wallet: amounts, rates, Beijing times, the amount check. */
import {
  AMOUNT_MSG,
  formatFen,
  parseYuanToFen,
  wireFen,
  type WireYuan,
} from '../../../domain/money';
import { patterns } from '../../../domain/validation';
import { beijingDate, formatBeijing } from '../../../domain/time';

/** Wire yuan → fen; 0 for anything unreadable (display only). */
export function fenOf(v: WireYuan): number {
  return wireFen(v) ?? 0;
}

/** The sum of wire yuan amounts, in yuan (integer fen arithmetic). */
export function sumYuan(...values: (string | null | undefined)[]): string {
  return formatFen(values.reduce((s, v) => s + fenOf(v), 0));
}

/** 'YYYY-MM-DD HH:mm' in Beijing time (the site's business time zone). */
export function formatDateTime(ms: number | null | undefined): string {
  return ms ? formatBeijing(ms, 'YYYY-MM-DD HH:mm') : '-';
}

export function formatDay(ms: number): string {
  return beijingDate(ms);
}

/** '0.00' on the wire means "no limit" for a product's maximum and per-player limit. */
export function limitText(v: string): string {
  return fenOf(v) === 0 ? '不限' : `${v} 元`;
}

export { AMOUNT_MSG };

/**
 * The money rule of a wallet form: a yuan amount (patterns.money, at most 2 decimals) above zero
 * and within `availableFen`; returns the fen amount or the Chinese message of the broken rule.
 */
export function checkAmount(
  text: string,
  availableFen: number,
  shortMsg: string,
): { fen: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: AMOUNT_MSG.empty };
  const fen = patterns.money.test(t) ? parseYuanToFen(t) : null;
  if (fen === null) return { error: AMOUNT_MSG.format };
  if (fen === 0) return { error: AMOUNT_MSG.zero };
  if (fen > availableFen) return { error: shortMsg };
  return { fen };
}
