/** The one Beijing-time formatter: fixed UTC+8 whatever the process's own time zone is. */
import { describe, expect, it } from 'vitest';
import {
  beijingDate,
  beijingDateKey,
  beijingDayStartOf,
  calendarDayUtcMs,
  DAY_MS,
  formatBeijing,
  parseBeijingDateTime,
  parseBeijingDay,
} from '../../src/domain/time.ts';

// 2026-03-08 15:59:59.999 UTC = 2026-03-08 23:59:59 Beijing; one millisecond later it is the 9th there.
// The same night US clocks jump forward (02:00 EST → 03:00 EDT at 07:00 UTC): a device-zone formatter moves.
const BEFORE_MIDNIGHT = Date.UTC(2026, 2, 8, 15, 59, 59, 999);
const MIDNIGHT = BEFORE_MIDNIGHT + 1;

describe('formatBeijing', () => {
  it('shows the Beijing wall clock on either side of midnight UTC+8', () => {
    expect(formatBeijing(BEFORE_MIDNIGHT)).toBe('2026-03-08 23:59:59');
    expect(formatBeijing(MIDNIGHT)).toBe('2026-03-09 00:00:00');
    expect(formatBeijing(new Date(MIDNIGHT), 'MM-DD HH:mm')).toBe('03-09 00:00');
    expect(formatBeijing(BEFORE_MIDNIGHT, 'MM-DD HH:mm:ss')).toBe('03-08 23:59:59');
    expect(formatBeijing(BEFORE_MIDNIGHT, 'YYYY-MM-DD HH:mm')).toBe('2026-03-08 23:59');
    expect(formatBeijing(MIDNIGHT, 'HH:mm:ss')).toBe('00:00:00');
    expect(formatBeijing(MIDNIGHT, 'YYYYMMDDHHmmss')).toBe('20260309000000');
  });

  it('keeps a fixed +8 h across the dates other zones change their clocks (China has no summer time)', () => {
    for (const utc of [
      Date.UTC(2026, 2, 8, 7, 0, 0),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 10, 1, 6, 0, 0),
      Date.UTC(2026, 6, 1, 12, 0, 0),
    ]) {
      const d = new Date(utc);
      expect(formatBeijing(utc, 'HH:mm')).toBe(
        `${String((d.getUTCHours() + 8) % 24).padStart(2, '0')}:00`,
      );
    }
  });

  it('crosses the year at Beijing midnight, not UTC midnight', () => {
    expect(formatBeijing(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01 00:00:00');
    expect(formatBeijing(Date.UTC(2026, 11, 31, 15, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('answers "-" for a missing or unreadable instant', () => {
    expect([
      formatBeijing(null),
      formatBeijing(undefined),
      formatBeijing(NaN),
      formatBeijing(new Date('x')),
    ]).toEqual(['-', '-', '-', '-']);
  });

  it('does not read the process time zone', () => {
    const old = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(formatBeijing(BEFORE_MIDNIGHT)).toBe('2026-03-08 23:59:59');
      }
    } finally {
      if (old === undefined) delete process.env.TZ;
      else process.env.TZ = old;
    }
  });
});

describe('Beijing dates', () => {
  it('beijingDateKey is the Beijing calendar date of order numbers', () => {
    expect(beijingDateKey(BEFORE_MIDNIGHT)).toBe('20260308');
    expect(beijingDateKey(MIDNIGHT)).toBe('20260309');
  });

  it('beijingDate counts whole days back from the Beijing date', () => {
    expect(beijingDate(MIDNIGHT)).toBe('2026-03-09');
    expect(beijingDate(MIDNIGHT, 1)).toBe('2026-03-08');
    expect(beijingDate(BEFORE_MIDNIGHT, 7)).toBe('2026-03-01');
  });
});

// Not real dates, or not written exactly 'YYYY-MM-DD': every parser answers null for these.
const NOT_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-01-00',
  '2026-1-5',
  '26-01-05',
  '2026/01/05',
  ' 2026-01-05',
  '2026-01-05 ',
  '2026-01-05T00:00',
  '20260105',
  '',
  'today',
  '９９９９-01-01',
  '2026-01-05\n',
];

describe('parseBeijingDay', () => {
  it('spans a Beijing day from its midnight (16:00 UTC the day before) to the next', () => {
    expect(parseBeijingDay('2026-03-09')).toEqual({ startMs: MIDNIGHT, endMs: MIDNIGHT + DAY_MS });
    expect(parseBeijingDay('2026-03-08')!.endMs).toBe(MIDNIGHT);
    expect(formatBeijing(parseBeijingDay('2026-03-09')!.startMs)).toBe('2026-03-09 00:00:00');
    // the last millisecond of the day is still inside it; the next is outside
    expect(beijingDate(parseBeijingDay('2026-03-08')!.endMs - 1)).toBe('2026-03-08');
    expect(beijingDate(parseBeijingDay('2026-03-08')!.endMs)).toBe('2026-03-09');
  });

  it('takes leap days only in leap years and crosses the year at Beijing midnight', () => {
    expect(parseBeijingDay('2028-02-29')!.startMs).toBe(Date.UTC(2028, 1, 28, 16));
    expect(parseBeijingDay('2027-01-01')!.startMs).toBe(Date.UTC(2026, 11, 31, 16));
  });

  it('answers null, never NaN and never a throw, for a date that is no date', () => {
    for (const text of NOT_DATES) {
      expect(parseBeijingDay(text), text).toBeNull();
      expect(calendarDayUtcMs(text), text).toBeNull();
    }
  });

  it('calendarDayUtcMs is the UTC midnight of the calendar date', () => {
    expect(calendarDayUtcMs('2026-03-09')).toBe(Date.UTC(2026, 2, 9));
  });
});

describe('parseBeijingDateTime', () => {
  it('reads Beijing wall-clock text on either side of midnight', () => {
    expect(parseBeijingDateTime('2026-03-08 23:59:59')).toBe(BEFORE_MIDNIGHT - 999);
    expect(parseBeijingDateTime('2026-03-09 00:00')).toBe(MIDNIGHT);
    expect(parseBeijingDateTime('2026-03-09T00:00:00')).toBe(MIDNIGHT);
  });

  it('answers null for impossible times and dates', () => {
    for (const text of [
      '2026-03-09 24:00',
      '2026-03-09 23:60',
      '2026-03-09 23:59:60',
      '2026-02-30 10:00',
      '2026-03-09',
      'tomorrow',
      '',
    ]) {
      expect(parseBeijingDateTime(text), text).toBeNull();
    }
  });
});

describe('beijingDayStartOf', () => {
  it('is the Beijing midnight of the day holding the instant', () => {
    expect(beijingDayStartOf(MIDNIGHT)).toBe(MIDNIGHT);
    expect(beijingDayStartOf(BEFORE_MIDNIGHT)).toBe(MIDNIGHT - DAY_MS);
    expect(beijingDayStartOf(MIDNIGHT + DAY_MS - 1)).toBe(MIDNIGHT);
    // 00:30 UTC is 08:30 Beijing: the day began at 16:00 UTC the day before
    expect(beijingDayStartOf(Date.UTC(2026, 2, 9, 0, 30))).toBe(MIDNIGHT);
  });
});
