/**
 * The one Beijing-time API, for both sides. Every time a player or an operator reads (records, draw
 * history, recharge and withdraw orders, /admin), the date inside order numbers, and every
 * 'YYYY-MM-DD' a request or a form names goes through here, so the site has one time zone whatever
 * the device's own zone is. China keeps UTC+8 all year (no summer time), so fixed arithmetic is exact
 * and needs no Intl time-zone data.
 *
 * Error contract of the parsers: text that is not exactly a real date (or date-time) gives null,
 * never NaN and never a throw. The caller decides what null means: a request answers with
 * INVALID_DATE_MSG (or its own spec message), a filter may treat it as absent.
 */
import { BEIJING_OFFSET_MIN } from './lottery/issue.ts';

export const BEIJING_OFFSET_MS = BEIJING_OFFSET_MIN * 60_000;
export const DAY_MS = 86_400_000;

/** The answer to a date parameter that is not a real 'YYYY-MM-DD' date. */
export const INVALID_DATE_MSG = '日期格式不正确';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a real calendar date 'YYYY-MM-DD'; null for anything else (2026-02-30, 2026-1-5, ' 2026-01-05'). */
export function calendarDayUtcMs(text: string): number | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls 02-30 over into March: a real date reads back as itself
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

/** The instants a Beijing calendar day spans: [startMs, endMs), endMs the next day's first instant. */
export interface BeijingDay {
  startMs: number;
  endMs: number;
}

/** A Beijing calendar day 'YYYY-MM-DD' → the instants it spans; null for a date that is no date. */
export function parseBeijingDay(text: string): BeijingDay | null {
  const utcMs = calendarDayUtcMs(text);
  if (utcMs === null) return null;
  const startMs = utcMs - BEIJING_OFFSET_MS;
  return { startMs, endMs: startMs + DAY_MS };
}

/** Beijing 'YYYY-MM-DD HH:mm[:ss]' (or with a 'T') → UTC ms; null for anything else (24:00, 'tomorrow'). */
export function parseBeijingDateTime(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const day = m ? parseBeijingDay(m[1]!) : null;
  if (!m || !day) return null;
  const [h, min, sec] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return null;
  return day.startMs + ((h * 60 + min) * 60 + sec) * 1000;
}

/** The first instant of the Beijing day that holds `ms` (its 00:00 UTC+8). */
export function beijingDayStartOf(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/** The layouts the site shows; tokens YYYY MM DD HH mm ss, everything else is kept as written. */
export type BeijingPattern =
  | 'YYYY-MM-DD HH:mm:ss'
  | 'YYYY-MM-DD HH:mm'
  | 'YYYY-MM-DD'
  | 'MM-DD HH:mm:ss'
  | 'MM-DD HH:mm'
  | 'HH:mm:ss'
  | 'HH:mm'
  | 'YYYYMMDD'
  | 'YYYYMMDDHHmmss';

const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;
const two = (n: number) => String(n).padStart(2, '0');

/** An instant (epoch ms or Date) in Beijing time; '-' for a missing or unreadable instant. */
export function formatBeijing(
  at: number | Date | null | undefined,
  pattern: BeijingPattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  const ms = at instanceof Date ? at.getTime() : at;
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  // The shifted instant's UTC fields are the Beijing wall-clock fields.
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()).padStart(4, '0'),
    MM: two(d.getUTCMonth() + 1),
    DD: two(d.getUTCDate()),
    HH: two(d.getUTCHours()),
    mm: two(d.getUTCMinutes()),
    ss: two(d.getUTCSeconds()),
  };
  return pattern.replace(TOKENS, (t) => parts[t]!);
}

/** The Beijing calendar date of an instant as 'YYYYMMDD': the date part of order numbers. */
export function beijingDateKey(at: number | Date): string {
  return formatBeijing(at, 'YYYYMMDD');
}

/** The Beijing calendar date 'YYYY-MM-DD' of an instant, `daysBack` whole days earlier. */
export function beijingDate(at: number | Date, daysBack = 0): string {
  const ms = at instanceof Date ? at.getTime() : at;
  return formatBeijing(ms - daysBack * DAY_MS, 'YYYY-MM-DD');
}

/** ISO 8601 in Beijing time (`…+08:00`), for machine-read answers such as the health endpoint; null stays null. */
export function beijingIso(ms: number | null): string | null {
  if (ms === null) return null;
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().replace('Z', '+08:00');
}

/**
 * A period from the server's Beijing texts ('YYYY-MM-DD HH:mm:ss'), as short as stays unambiguous:
 * '11-24 20:00 至 21:30' within a day, '11-24 20:00 至 11-26 20:00' within a year, and both years
 * when the years differ ('2026-11-28 14:07 至 2027-11-28 14:08': without them a year-long event
 * read as one minute).
 */
export function beijingRangeText(start: string, end: string): string {
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${start.slice(0, 16)} 至 ${end.slice(0, 16)}`;
  const from = start.slice(5, 16);
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${from} 至 ${end.slice(11, 16)}`
    : `${from} 至 ${end.slice(5, 16)}`;
}
