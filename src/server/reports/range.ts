/**
 * Date ranges of the reports: startTime and endTime are Beijing dates 'YYYY-MM-DD', inclusive,
 * default today, checked by the domain's rangeError (the rule the client checks before asking), with
 * one day of slack on "not after today" for a client whose clock runs ahead. The today / yesterday /
 * this month / last month presets are the client's; the server takes the two dates.
 */
import { beijingDate, DAY_MS } from '../../domain/time.ts';
import { rangeError } from '../../domain/agent/reportRange.ts';
import { requireBeijingDay } from '../http/dates.ts';
import { AppError } from '../http/envelope.ts';
import type { DayRange } from '../http/dates.ts';

export function reportRange(
  startTime: string | undefined,
  endTime: string | undefined,
  nowMs = Date.now(),
): DayRange {
  const today = beijingDate(nowMs);
  const end = endTime ?? (startTime && startTime > today ? startTime : today);
  const start = startTime ?? end;
  const fromMs = requireBeijingDay(start).startMs;
  const toMs = requireBeijingDay(end).endMs;
  const problem = rangeError({ startDate: start, endDate: end }, nowMs + DAY_MS);
  if (problem) throw new AppError(problem);
  return { startDate: start, endDate: end, from: new Date(fromMs), to: new Date(toMs) };
}

/** Every Beijing date of the range, in order. */
export function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let ms = r.from.getTime(); ms < r.to.getTime(); ms += DAY_MS) out.push(beijingDate(ms));
  return out;
}
