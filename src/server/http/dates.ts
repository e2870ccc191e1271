/**
 * Date parameters at the edge: a request's 'YYYY-MM-DD' (a Beijing day, spec 000) read through the
 * domain's one Beijing-time API; a date that is no date (2026-02-30, 2026-1-5) is refused with the
 * one message, INVALID_DATE_MSG. Filters that may ignore a bad date call parseBeijingDay directly.
 */
import {
  beijingDate,
  INVALID_DATE_MSG,
  parseBeijingDay,
  type BeijingDay,
} from '../../domain/time.ts';
import { AppError, refuse } from './envelope.ts';

/** A date parameter as the Beijing day it names, or the request is refused. */
export function requireBeijingDay(text: string): BeijingDay {
  return parseBeijingDay(text) ?? refuse(INVALID_DATE_MSG);
}

/*
 * Beijing calendar dates of the record and report calls: 'YYYY-MM-DD' → the instants they span. Records reach
 * back HISTORY_DAYS days (today included); an end date may be at most one day ahead of the server's
 * Beijing today, so a phone whose clock runs a little fast around midnight is not refused.
 */
export const HISTORY_DAYS = 90;

export interface DayRange {
  startDate: string;
  endDate: string;
  /** first instant of startDate */
  from: Date;
  /** first instant after endDate */
  to: Date;
}

/** An inclusive range of Beijing dates (default: today), inside the history window. */
export function dayRange(
  startDate: string | undefined,
  endDate: string | undefined,
  nowMs = Date.now(),
): DayRange {
  const today = beijingDate(nowMs);
  const end = endDate ?? (startDate && startDate > today ? startDate : today);
  const start = startDate ?? end;
  const fromMs = requireBeijingDay(start).startMs;
  const toMs = requireBeijingDay(end).endMs;
  if (fromMs >= toMs) throw new AppError('开始日期不能晚于结束日期');
  if (end > beijingDate(nowMs, -1)) throw new AppError('结束日期不能晚于今天');
  if (start < beijingDate(nowMs, HISTORY_DAYS - 1))
    throw new AppError(`只能查询最近${HISTORY_DAYS}天的记录`);
  return { startDate: start, endDate: end, from: new Date(fromMs), to: new Date(toMs) };
}
