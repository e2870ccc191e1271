/**
 * Beijing calendar dates of the record calls: 'YYYY-MM-DD' → the instants they span. Records reach
 * back HISTORY_DAYS days (today included); an end date may be at most one day ahead of the server's
 * Beijing today, so a phone whose clock runs a little fast around midnight is not refused.
 */
import { BEIJING_OFFSET_MIN } from '../../domain/lottery/index.ts';
import { beijingDate } from '../../domain/time.ts';
import { AppError } from '../http/envelope.ts';

export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

/** The Beijing date of an instant, `daysBack` days earlier. */
export function beijingToday(nowMs: number, daysBack = 0): string {
  return beijingDate(nowMs, daysBack);
}

/** 'YYYY-MM-DD' → UTC ms of the Beijing midnight starting it; refuses impossible dates (2026-02-30). */
export function dayStartMs(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) throw new AppError('日期格式不正确');
  return ms - BEIJING_OFFSET_MIN * 60_000;
}

export interface DayRange {
  startDate: string;
  endDate: string;
  /** first instant of startDate */
  from: Date;
  /** first instant after endDate */
  to: Date;
}

/** An inclusive range of Beijing dates (default: today), inside the history window. */
export function dayRange(startDate: string | undefined, endDate: string | undefined, nowMs = Date.now()): DayRange {
  const today = beijingToday(nowMs);
  const end = endDate ?? (startDate && startDate > today ? startDate : today);
  const start = startDate ?? end;
  const fromMs = dayStartMs(start);
  const toMs = dayStartMs(end) + DAY_MS;
  if (fromMs >= toMs) throw new AppError('开始日期不能晚于结束日期');
  if (end > beijingToday(nowMs, -1)) throw new AppError('结束日期不能晚于今天');
  if (start < beijingToday(nowMs, HISTORY_DAYS - 1)) throw new AppError(`只能查询最近${HISTORY_DAYS}天的记录`);
  return { startDate: start, endDate: end, from: new Date(fromMs), to: new Date(toMs) };
}
