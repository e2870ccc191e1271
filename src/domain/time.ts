/**
 * The one Beijing-time formatter. Every time a player or an operator reads (records, draw history,
 * recharge and withdraw orders, /admin) and the date inside order numbers goes through here, so the
 * site shows one time zone whatever the device's own zone is. China keeps UTC+8 all year (no summer
 * time), so fixed arithmetic is exact and needs no Intl time-zone data.
 */
import { BEIJING_OFFSET_MIN } from './lottery/issue.ts';

export const BEIJING_OFFSET_MS = BEIJING_OFFSET_MIN * 60_000;

/** The layouts the site shows; tokens YYYY MM DD HH mm ss, everything else is kept as written. */
export type BeijingPattern =
  | 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD' | 'MM-DD HH:mm:ss' | 'MM-DD HH:mm' | 'HH:mm:ss' | 'HH:mm'
  | 'YYYYMMDD' | 'YYYYMMDDHHmmss';

const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;
const two = (n: number) => String(n).padStart(2, '0');

/** An instant (epoch ms or Date) in Beijing time; '-' for a missing or unreadable instant. */
export function formatBeijing(at: number | Date | null | undefined, pattern: BeijingPattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = at instanceof Date ? at.getTime() : at;
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  // The shifted instant's UTC fields are the Beijing wall-clock fields.
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()).padStart(4, '0'), MM: two(d.getUTCMonth() + 1), DD: two(d.getUTCDate()),
    HH: two(d.getUTCHours()), mm: two(d.getUTCMinutes()), ss: two(d.getUTCSeconds()),
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
  return formatBeijing(ms - daysBack * 86_400_000, 'YYYY-MM-DD');
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
  return start.slice(0, 10) === end.slice(0, 10) ? `${from} 至 ${end.slice(11, 16)}` : `${from} 至 ${end.slice(5, 16)}`;
}
