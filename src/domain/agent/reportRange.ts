/**
 * The date ranges of the agent and profit reports, in Beijing calendar dates 'YYYY-MM-DD'
 * (inclusive at both ends): the presets (today, yesterday, this week, this month, last month) and the
 * rule of a custom range (start not after end, end not after today, at most REPORT_MAX_DAYS days).
 * Dates are compared as day numbers from the epoch, so no device time zone plays a part.
 */
import { beijingDate, calendarDayUtcMs, DAY_MS } from '../time.ts';

/** The longest range a report takes, in days (both ends counted). */
export const REPORT_MAX_DAYS = 92;

export type ReportPreset = 'today' | 'yesterday' | 'thisWeek' | 'thisMonth' | 'lastMonth';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Days since 1970-01-01 of a real calendar date; null for text that is not one (2026-02-30). */
export function dayNumber(date: string): number | null {
  const ms = calendarDayUtcMs(date);
  return ms === null ? null : ms / DAY_MS;
}

/** 'YYYY-MM-DD' of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** How many days an inclusive range spans (1 for a single day). */
export function rangeDays(r: DateRange): number {
  const a = dayNumber(r.startDate);
  const b = dayNumber(r.endDate);
  return a === null || b === null ? 0 : b - a + 1;
}

/** The range of a preset at `nowMs`; the week starts on Monday, as Chinese calendars do. */
export function presetRange(preset: ReportPreset, nowMs: number): DateRange {
  const today = beijingDate(nowMs);
  const todayNum = dayNumber(today) as number;
  if (preset === 'yesterday') {
    const y = dateOfDay(todayNum - 1);
    return { startDate: y, endDate: y };
  }
  if (preset === 'thisWeek') {
    // day 0 (1970-01-01) was a Thursday: (n + 3) % 7 is 0 on Mondays
    return { startDate: dateOfDay(todayNum - ((todayNum + 3) % 7)), endDate: today };
  }
  if (preset === 'thisMonth') return { startDate: `${today.slice(0, 8)}01`, endDate: today };
  if (preset === 'lastMonth') {
    const firstOfThis = dayNumber(`${today.slice(0, 8)}01`) as number;
    const lastOfPrev = dateOfDay(firstOfThis - 1);
    return { startDate: `${lastOfPrev.slice(0, 8)}01`, endDate: lastOfPrev };
  }
  return { startDate: today, endDate: today };
}

/** Why a custom range cannot be asked for (a Chinese message), or null when it can. */
export function rangeError(r: DateRange, nowMs: number): string | null {
  const a = dayNumber(r.startDate);
  const b = dayNumber(r.endDate);
  if (a === null || b === null) return '请选择开始日期和结束日期';
  if (a > b) return '开始日期不能晚于结束日期';
  if (b > (dayNumber(beijingDate(nowMs)) as number)) return '结束日期不能晚于今天';
  if (b - a + 1 > REPORT_MAX_DAYS) return `查询范围不能超过${REPORT_MAX_DAYS}天`;
  return null;
}
