/**
 * Shared bets (chat type 7) and shared day records (type 9), spec 001 section 3 and
 * docs/sharing.md. The client sends only references — `{"orderIds":[...]}` (its own bet ids) or
 * `{"date":"YYYY-MM-DD"}` (a Beijing day) — and the server builds the stored payload
 * (`{"data":[...]}`) from its own records (src/server/share/build.ts). These parses check the
 * references' shape only; what they point at is checked by the server step.
 */
import { MUTED_SEND_MSG } from '../chat/access.ts';
import { formatFen, wireFen } from '../money.ts';
import { parseBeijingDay } from '../time.ts';
export const SHARE_MSG = {
  format: '分享内容格式不正确',
  noOrders: '请选择要分享的注单',
  tooManyOrders: '一次最多分享20个注单',
  badOrder: '注单不存在或不属于您',
  badDate: '日期格式不正确',
  guest: '游客不能分享，请先注册',
  muted: MUTED_SEND_MSG,
  tooManyTargets: '分享限制为30个聊天室',
  noTargets: '请选择要分享的聊天室',
  success: '分享成功',
} as const;

export const MAX_SHARED_ORDERS = 20;
/** private chats one share may go to (spec 001 section 5) */
export const MAX_SHARE_DIRECT = 30;

/** What one shared bet carries (docs/sharing.md; the contract of issue 14). */
export interface SharedBet {
  orderId: string;
  lotteryName: string;
  lotteryCode: string;
  lotteryType: string;
  country: string;
  bettingIssue: string;
  /** yuan string: the entry's stake as addBetting took it (bettingAmount) */
  bettingAmount: string;
  bettingCount: number;
  bettingUnit: number;
  graduationCount: number;
  bettingNumber: string;
  playDetailCode: string;
  betDetail: string;
  betDetailTitle: string;
  betDetailContent: string;
  /** yuan string: the entry's total */
  money: string;
}

export interface SharedRecord {
  betAmount: string;
  returnAmount: string;
  profit: string;
  dateName: string;
}

/**
 * What the day's 盈亏 holds beside its 中奖 − 投注: rebates, activity rewards, red envelopes, wallet
 * income (domain/figures.ts), so the card's columns add up to its 盈亏. Yuan text; null when the
 * record's figures are not amounts.
 */
export function sharedRecordOther(rec: SharedRecord): string | null {
  const [bet, back, profit] = [
    wireFen(rec.betAmount),
    wireFen(rec.returnAmount),
    wireFen(rec.profit),
  ];
  if (bet === null || back === null || profit === null) return null;
  return formatFen(profit - (back - bet));
}

export type ShareParsed = { ok: true; body: string } | { ok: false; msg: string };

function objectOf(message: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(message);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const ID_TEXT = /^[1-9][0-9]{0,14}$/;

/** `{"orderIds":[id, ...]}`: 1..20 distinct positive integer ids (numbers or digit strings). */
export function parseShareBets(message: string): ShareParsed {
  const v = objectOf(message);
  if (!v || !Array.isArray(v.orderIds)) return { ok: false, msg: SHARE_MSG.format };
  if (v.orderIds.length === 0) return { ok: false, msg: SHARE_MSG.noOrders };
  const ids: number[] = [];
  for (const raw of v.orderIds) {
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
    if (!ID_TEXT.test(text) || !Number.isSafeInteger(Number(text)))
      return { ok: false, msg: SHARE_MSG.badOrder };
    if (!ids.includes(Number(text))) ids.push(Number(text));
  }
  if (ids.length > MAX_SHARED_ORDERS) return { ok: false, msg: SHARE_MSG.tooManyOrders };
  return { ok: true, body: JSON.stringify({ orderIds: ids }) };
}

/** `{"date":"YYYY-MM-DD"}`: a real calendar date (the report's range is the server's check). */
export function parseShareRecord(message: string): ShareParsed {
  const v = objectOf(message);
  if (!v || typeof v.date !== 'string') return { ok: false, msg: SHARE_MSG.format };
  if (!parseBeijingDay(v.date)) return { ok: false, msg: SHARE_MSG.badDate };
  return { ok: true, body: JSON.stringify({ date: v.date }) };
}

/** The stored body's entries, or [] when it is not one (an old or broken row never breaks a list). */
export function sharedData<T>(body: string): T[] {
  const v = objectOf(body);
  return v && Array.isArray(v.data) ? (v.data as T[]) : [];
}

export function sharedBetPreview(body: string): string {
  const first = sharedData<SharedBet>(body)[0];
  return first ? `[分享注单]${first.lotteryName}` : '[分享注单]';
}

export function sharedRecordPreview(body: string): string {
  const first = sharedData<SharedRecord>(body)[0];
  return first ? `[分享战绩]${first.dateName}` : '[分享战绩]';
}
