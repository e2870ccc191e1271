/**
 * Money arithmetic: integer fen (1 yuan = 100 fen), never floats.
 * Text in yuan with up to 2 decimals is parsed digit by digit, so 0.1 + 0.2 never happens.
 */
export const FEN_PER_YUAN = 100;
/** The largest amount any single call may move: 1,000,000,000 yuan, far inside 2^53 fen. */
export const MAX_AMOUNT_FEN = 100_000_000_000;

const YUAN = /^(-)?(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;

/** Parses '12.5' / '-3.07' into fen; null for anything else (3 decimals, '1e3', ' 1', '--1'). */
export function parseYuanToFen(
  text: string,
  opts: { allowNegative?: boolean } = {},
): number | null {
  const m = YUAN.exec(text);
  if (!m) return null;
  if (m[1] && !opts.allowNegative) return null;
  const fen = Number(m[2]) * FEN_PER_YUAN + Number((m[3] ?? '').padEnd(2, '0'));
  if (fen > MAX_AMOUNT_FEN) return null;
  return m[1] ? -fen : fen;
}

/** The Chinese messages of an amount field that breaks the money rule (both sides show them). */
export const AMOUNT_MSG = {
  empty: '请输入金额',
  format: '金额格式不正确，最多两位小数',
  zero: '金额必须大于0',
} as const;

/** 1234 → '12.34', -5 → '-0.05'. */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not an integer amount of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / FEN_PER_YUAN);
  const rest = String(abs % FEN_PER_YUAN).padStart(2, '0');
  return `${sign}${yuan}.${rest}`;
}

/** 1250 → '+12.50', -300 → '-3.00', 0 → '0.00': the one signed amount of a flow or bill row. */
export function formatSignedFen(fen: number): string {
  return fen > 0 ? `+${formatFen(fen)}` : formatFen(fen);
}

/**
 * A yuan amount as a JSON number, only for the fields spec 000 keeps numeric (a settled bet's
 * returnAmount); built from the same text as formatFen, so 1950 → 19.5 and never 19.499999….
 */
export function yuanNumber(fen: number): number {
  return Number(formatFen(fen));
}

/** A yuan amount as the wire carries it: yuan text ("12.50"), or a number where the spec says so. */
export type WireYuan = string | number | null | undefined;

/** Wire yuan → fen (negatives kept); null for nothing or anything that is not an amount. */
export function wireFen(v: WireYuan): number | null {
  if (typeof v === 'number') {
    const fen = Math.round(v * FEN_PER_YUAN);
    return Number.isSafeInteger(fen) && Math.abs(fen) <= MAX_AMOUNT_FEN ? fen : null;
  }
  return v ? parseYuanToFen(v, { allowNegative: true }) : null;
}

/** Wire yuan shown with 2 decimals, through fen: nothing → '0.00', unreadable text shown as it came. */
export function yuanText(v: WireYuan): string {
  if (v === null || v === undefined || v === '') return '0.00';
  const fen = wireFen(v);
  return fen === null ? String(v) : formatFen(fen);
}

/** Wire yuan shown signed ('+12.50' / '-3.00' / '0.00'); unreadable text shown as it came. */
export function signedYuanText(v: WireYuan): string {
  if (v === null || v === undefined || v === '') return '0.00';
  const fen = wireFen(v);
  return fen === null ? String(v) : formatSignedFen(fen);
}

/** Masked display of a name: the first two and the last characters (spec 000 section 3). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  if (chars.length <= 3) return chars[0] + '*'.repeat(Math.max(chars.length - 1, 1));
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}
