/** Lottery schedules (§2.6): the issue on sale, an issue's draw time, the issues after it. */
import { describe, expect, it } from 'vitest';
import {
  issueAt,
  issueInfo,
  issuesBetween,
  localDayStartMs,
  lunarYearAnimal,
  nextIssues,
  previousDrawMs,
  type LotterySchedule,
} from '../../src/domain/lottery/index.ts';

/** Epoch ms of a Beijing wall-clock time (hours may pass 24). */
const bj = (y: number, mo: number, d: number, h: number, mi: number, s = 0): number =>
  Date.UTC(y, mo - 1, d, h - 8, mi, s);
const at = (h: number, m: number): number => h * 3600 + m * 60;
const issues = (s: LotterySchedule, issue: string, n: number) =>
  nextIssues(s, issue, n).map((i) => i.issue);

describe('selfRun', () => {
  const oneMin: LotterySchedule = { kind: 'selfRun', intervalSec: 60 };
  const fiveMin: LotterySchedule = { kind: 'selfRun', intervalSec: 300 };

  it('sells the issue that draws next; a draw instant belongs to the next issue', () => {
    expect(issueAt(oneMin, bj(2026, 11, 22, 10, 0, 30))).toEqual({
      issue: '202611220601',
      seq: 601,
      drawAtMs: bj(2026, 11, 22, 10, 1),
    });
    expect(issueAt(oneMin, bj(2026, 11, 22, 10, 1)).issue).toBe('202611220602');
  });

  it('draws the last issue of the day at 24:00 under the earlier date, then rolls over', () => {
    const last = issueAt(oneMin, bj(2026, 11, 22, 23, 59, 59));
    expect(last).toEqual({ issue: '202611221440', seq: 1440, drawAtMs: bj(2026, 11, 23, 0, 0) });
    expect(issueAt(oneMin, bj(2026, 11, 23, 0, 0)).issue).toBe('202611230001');
    expect(issueInfo(fiveMin, '20261122288')!.drawAtMs).toBe(bj(2026, 11, 23, 0, 0));
    expect(issues(oneMin, '202611221439', 3)).toEqual([
      '202611221440',
      '202611230001',
      '202611230002',
    ]);
    expect(issues(oneMin, '202612311440', 1)).toEqual(['202701010001']);
    expect(previousDrawMs(oneMin, issueInfo(oneMin, '202611230001')!)).toBe(bj(2026, 11, 23, 0, 0));
  });

  it('refuses texts that are not issues of the schedule', () => {
    expect(issueInfo(oneMin, '202611221441')).toBeNull();
    expect(issueInfo(oneMin, '202602300001')).toBeNull();
    expect(issueInfo(fiveMin, '202611220001')).toBeNull();
    expect(nextIssues(oneMin, 'junk', 3)).toEqual([]);
  });

  it('lists a local day of issues', () => {
    const day = issuesBetween(
      fiveMin,
      localDayStartMs(fiveMin, bj(2026, 11, 22, 15, 0)),
      bj(2026, 11, 23, 0, 0),
    );
    expect(day).toHaveLength(288);
    expect(day[0]!.issue).toBe('20261122001');
    expect(day[287]!.issue).toBe('20261122288');
  });
});

describe('daily (yyyy + counter of the year)', () => {
  const fc3d: LotterySchedule = { kind: 'daily', drawSec: at(21, 15), issueFormat: 'yearCounter' };

  it('counts the draws of the year and switches after the draw', () => {
    expect(issueAt(fc3d, bj(2026, 1, 1, 10, 0))).toEqual({
      issue: '2026001',
      seq: 1,
      drawAtMs: bj(2026, 1, 1, 21, 15),
    });
    expect(issueAt(fc3d, bj(2026, 1, 1, 21, 15)).issue).toBe('2026002');
    expect(issueAt(fc3d, bj(2026, 3, 1, 9, 0)).issue).toBe('2026060');
  });

  it('rolls the counter over at the new year (leap years have 366)', () => {
    expect(issueAt(fc3d, bj(2026, 12, 31, 20, 0)).issue).toBe('2026365');
    expect(issueAt(fc3d, bj(2026, 12, 31, 22, 0)).issue).toBe('2027001');
    expect(issueAt(fc3d, bj(2028, 12, 31, 8, 0)).issue).toBe('2028366');
    expect(issues(fc3d, '2026365', 2)).toEqual(['2027001', '2027002']);
    expect(previousDrawMs(fc3d, issueInfo(fc3d, '2027001')!)).toBe(bj(2026, 12, 31, 21, 15));
    expect(issueInfo(fc3d, '2026366')).toBeNull();
    expect(issueInfo(fc3d, '2026000')).toBeNull();
  });
});

describe('weekly (六合彩 Tue/Thu/Sat)', () => {
  const lhc: LotterySchedule = { kind: 'weekly', weekdays: [2, 4, 6], drawSec: at(21, 30) };

  it('counts only draw days (1 Jan 2026 is a Thursday)', () => {
    expect(issueAt(lhc, bj(2026, 1, 1, 9, 0))).toEqual({
      issue: '2026001',
      seq: 1,
      drawAtMs: bj(2026, 1, 1, 21, 30),
    });
    expect(issueAt(lhc, bj(2026, 1, 1, 22, 0))).toEqual({
      issue: '2026002',
      seq: 2,
      drawAtMs: bj(2026, 1, 3, 21, 30),
    });
    expect(issueAt(lhc, bj(2026, 1, 4, 12, 0)).drawAtMs).toBe(bj(2026, 1, 6, 21, 30)); // Sunday → Tuesday
  });

  it('rolls over at the new year', () => {
    // 2026: 52 weeks and one Thursday → 157 draws, the last on Thursday 31 Dec.
    expect(issueInfo(lhc, '2026157')!.drawAtMs).toBe(bj(2026, 12, 31, 21, 30));
    expect(issueInfo(lhc, '2026158')).toBeNull();
    expect(issues(lhc, '2026157', 2)).toEqual(['2027001', '2027002']);
    expect(issueInfo(lhc, '2027001')!.drawAtMs).toBe(bj(2027, 1, 2, 21, 30));
    expect(previousDrawMs(lhc, issueInfo(lhc, '2027001')!)).toBe(bj(2026, 12, 31, 21, 30));
  });
});

describe('window', () => {
  const pk10: LotterySchedule = {
    kind: 'window',
    firstDrawSec: at(9, 30),
    intervalSec: 1200,
    count: 44,
    seqDigits: 3,
  };
  const boat: LotterySchedule = {
    kind: 'window',
    firstDrawSec: at(13, 9),
    intervalSec: 300,
    count: 180,
    seqDigits: 3,
  };

  it('sells the next business day’s first issue after the last draw', () => {
    expect(issueAt(pk10, bj(2026, 11, 22, 23, 49)).issue).toBe('20261122044');
    expect(issueAt(pk10, bj(2026, 11, 22, 23, 55))).toEqual({
      issue: '20261123001',
      seq: 1,
      drawAtMs: bj(2026, 11, 23, 9, 30),
    });
    expect(issues(pk10, '20261122044', 1)).toEqual(['20261123001']);
    expect(issueInfo(pk10, '20261122045')).toBeNull();
  });

  it('keeps the business date for draws past midnight', () => {
    expect(issueAt(boat, bj(2026, 11, 23, 2, 0))).toEqual({
      issue: '20261122156',
      seq: 156,
      drawAtMs: bj(2026, 11, 23, 2, 4),
    });
    expect(issueInfo(boat, '20261122180')!.drawAtMs).toBe(bj(2026, 11, 23, 4, 4));
    expect(issueAt(boat, bj(2026, 11, 23, 4, 4)).issue).toBe('20261123001');
  });
});

describe('serial (legacy 北京28)', () => {
  const bj28: LotterySchedule = {
    kind: 'serial',
    firstDrawSec: at(9, 5),
    intervalSec: 300,
    count: 179,
    baseDate: '20200101',
    baseIssue: 989_000,
  };

  it('numbers draws globally: base + 179 per day + seq', () => {
    expect(issueAt(bj28, bj(2020, 1, 1, 9, 0))).toEqual({
      issue: '989001',
      seq: 1,
      drawAtMs: bj(2020, 1, 1, 9, 5),
    });
    expect(issueInfo(bj28, '989179')!.drawAtMs).toBe(bj(2020, 1, 1, 23, 55));
    expect(issueAt(bj28, bj(2020, 1, 1, 23, 55)).issue).toBe('989180');
    expect(issueAt(bj28, bj(2020, 1, 2, 9, 5)).issue).toBe('989181');
    expect(issues(bj28, '989179', 1)).toEqual(['989180']);
    expect(previousDrawMs(bj28, issueInfo(bj28, '989180')!)).toBe(bj(2020, 1, 1, 23, 55));
    expect(issueInfo(bj28, '989000')).toBeNull();
    // 2026-11-22 is day 2517 after the base date
    expect(issueAt(bj28, bj(2026, 11, 22, 9, 0)).issue).toBe(String(989_000 + 179 * 2517 + 1));
  });
});

describe('lunar year animal', () => {
  it('turns at Chinese New Year, not 1 January', () => {
    expect(lunarYearAnimal(bj(2020, 1, 24, 12, 0))).toBe(11); // 猪
    expect(lunarYearAnimal(bj(2020, 1, 25, 0, 0))).toBe(0); // 鼠
    expect(lunarYearAnimal(bj(2026, 2, 16, 23, 59))).toBe(5); // 蛇
    expect(lunarYearAnimal(bj(2026, 2, 17, 0, 0))).toBe(6); // 马
  });
});
