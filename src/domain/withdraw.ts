/**
 * Withdrawal rules shared by the server (which enforces them) and the client (live preview):
 * the settings and their wire form, the amount rule, the fee and the arrival, open hours, statuses.
 *
 * Amount: the spec's wMoney pattern, a positive whole number of yuan (no fen on a withdrawal).
 * Fee: the first `freeCount` withdrawals of a (Beijing) day are free; later ones pay `feeBp`
 * basis points of the amount (rounded half up to the fen), at least `feeMinFen`, at most
 * `feeMaxFen` (0 = no cap). The fee is deducted from the amount: the whole amount is held, the
 * player receives `amount − fee`.
 */
import { FEN_PER_YUAN, formatFen, parseYuanToFen } from './money';
import { patterns } from './validation';

export interface WithdrawSettings {
  enabled: boolean;
  minFen: number;
  maxFen: number;
  /** withdrawals per Beijing day (pending and paid ones count; rejected ones do not) */
  dailyCount: number;
  /** of those, how many are free of fee */
  freeCount: number;
  /** fee in basis points of the amount (100 = 1 %) */
  feeBp: number;
  feeMinFen: number;
  /** 0 = no cap */
  feeMaxFen: number;
  /** the turnover a recharge requires, in percent of its amount (read by addTurnover) */
  turnoverPercent: number;
  /** Beijing time 'HH:MM'; start = end means all day; start > end spans midnight */
  openStart: string;
  openEnd: string;
}

export const DEFAULT_WITHDRAW_SETTINGS: WithdrawSettings = {
  enabled: true,
  minFen: 10_000,
  maxFen: 5_000_000,
  dailyCount: 5,
  freeCount: 1,
  feeBp: 100,
  feeMinFen: 100,
  feeMaxFen: 5_000,
  turnoverPercent: 100,
  openStart: '00:00',
  openEnd: '00:00',
};

/** Limits on what an operator may set. */
export const WITHDRAW_LIMITS = {
  maxCount: 1000,
  maxFeeBp: 10_000,
  maxTurnoverPercent: 10_000,
} as const;
export const OPEN_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The settings as they travel: amounts in yuan strings, the fee as a percent string. */
export interface WithdrawSettingsWire {
  enabled: boolean;
  minAmount: string;
  maxAmount: string;
  dailyCount: number;
  freeCount: number;
  feePercent: string;
  feeMin: string;
  feeMax: string;
  turnoverPercent: number;
  openStart: string;
  openEnd: string;
}

export function settingsToWire(s: WithdrawSettings): WithdrawSettingsWire {
  return {
    enabled: s.enabled,
    minAmount: formatFen(s.minFen),
    maxAmount: formatFen(s.maxFen),
    dailyCount: s.dailyCount,
    freeCount: s.freeCount,
    feePercent: formatFen(s.feeBp),
    feeMin: formatFen(s.feeMinFen),
    feeMax: formatFen(s.feeMaxFen),
    turnoverPercent: s.turnoverPercent,
    openStart: s.openStart,
    openEnd: s.openEnd,
  };
}

/** The wire form back to settings; null when a field does not parse (the client reads the server's own output). */
export function settingsFromWire(w: WithdrawSettingsWire): WithdrawSettings | null {
  const minFen = parseYuanToFen(w.minAmount);
  const maxFen = parseYuanToFen(w.maxAmount);
  const feeBp = parsePercentToBp(w.feePercent);
  const feeMinFen = parseYuanToFen(w.feeMin);
  const feeMaxFen = parseYuanToFen(w.feeMax);
  if (
    minFen === null ||
    maxFen === null ||
    feeBp === null ||
    feeMinFen === null ||
    feeMaxFen === null
  )
    return null;
  const { enabled, dailyCount, freeCount, turnoverPercent, openStart, openEnd } = w;
  return {
    enabled,
    minFen,
    maxFen,
    dailyCount,
    freeCount,
    feeBp,
    feeMinFen,
    feeMaxFen,
    turnoverPercent,
    openStart,
    openEnd,
  };
}

/** '1.5' (percent, up to 2 decimals, 0-100) → 150 basis points; null otherwise. */
export function parsePercentToBp(text: string): number | null {
  const bp = parseYuanToFen(text);
  return bp === null || bp > WITHDRAW_LIMITS.maxFeeBp ? null : bp;
}

/** A consistency check of whole settings (the operator's form); the Chinese refusal or null. */
export function checkSettings(s: WithdrawSettings): string | null {
  if (s.minFen < 100 || s.minFen % 100 !== 0) return '最低提现金额须为不少于1元的整数元';
  if (s.maxFen < s.minFen) return '最高提现金额不能低于最低提现金额';
  if (s.freeCount > s.dailyCount) return '免费次数不能多于每日次数';
  if (s.feeMaxFen > 0 && s.feeMaxFen < s.feeMinFen) return '手续费上限不能低于下限';
  if (!OPEN_TIME.test(s.openStart) || !OPEN_TIME.test(s.openEnd)) return '开放时间格式为HH:MM';
  return null;
}

/** The longest amount text accepted (a 10-digit yuan amount is far above any maximum). */
export const WITHDRAW_AMOUNT_MAX_CHARS = 10;

/** '500' → 50000 fen; null unless a positive whole number of yuan (wMoney). */
export function parseWithdrawAmount(text: string): number | null {
  if (text.length > WITHDRAW_AMOUNT_MAX_CHARS || !patterns.wMoney.test(text)) return null;
  return Number(text) * FEN_PER_YUAN;
}

/** The refusal for an amount under the settings, or null when it may be withdrawn. */
export function checkWithdrawAmount(amountFen: number | null, s: WithdrawSettings): string | null {
  if (amountFen === null) return '提现金额须为正整数（元）';
  if (amountFen < s.minFen) return `单笔最低提现${formatFen(s.minFen)}元`;
  if (amountFen > s.maxFen) return `单笔最高提现${formatFen(s.maxFen)}元`;
  return null;
}

/** The fee of a withdrawal when `usedToday` withdrawals of the day already count. */
export function withdrawFee(amountFen: number, s: WithdrawSettings, usedToday: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0)
    throw new Error(`bad amount ${amountFen}`);
  if (usedToday < s.freeCount || s.feeBp === 0) return 0;
  let fee = Math.floor((amountFen * s.feeBp + 5_000) / 10_000);
  fee = Math.max(fee, s.feeMinFen);
  if (s.feeMaxFen > 0) fee = Math.min(fee, s.feeMaxFen);
  return fee;
}

/** Minutes since Beijing midnight (UTC+8, no daylight saving). */
export function beijingMinutes(nowMs: number): number {
  return Math.floor(nowMs / 60_000 + 8 * 60) % (24 * 60);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isOpenAt(
  s: Pick<WithdrawSettings, 'openStart' | 'openEnd'>,
  nowMs: number,
): boolean {
  const start = toMinutes(s.openStart);
  const end = toMinutes(s.openEnd);
  if (start === end) return true;
  const now = beijingMinutes(nowMs);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export type WithdrawStatus = 'pending' | 'paid' | 'rejected';
export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatus, string> = {
  pending: '审核中',
  paid: '已出款',
  rejected: '已驳回',
};

/** Where the money goes: a bound card (bank, Alipay, WeChat) or a digital-currency address. */
export type WithdrawTargetKind = 'bank' | 'alipay' | 'weixin' | 'digital';

/** An account number shown to its owner: the last four characters only. */
export function maskAccountNo(no: string): string {
  return no.length <= 4 ? no : `**** ${no.slice(-4)}`;
}

/** The turnover sources, named for the player. */
export const TURNOVER_SOURCE_NAMES: Record<string, string> = {
  recharge: '充值',
  adjust: '人工存入',
  activity: '活动',
};
