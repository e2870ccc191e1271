/**
 * One schedule type per lottery (stored as `lotteries.schedule` JSON) and the three questions the
 * server and client ask of it (§2.6): which issue is on sale at a time, when does a given issue draw,
 * and which issues follow it. Built on issue.ts; times are epoch ms, local time is `utcOffsetMin`
 * (Beijing +480 by default; Hong Kong is the same offset).
 *
 * Every kind answers "on sale" the same way: the first issue whose draw time is strictly after now
 * (a draw instant belongs to the next issue), so an official game between its draws sells the next one.
 *
 * - selfRun: yyyyMMdd + seq (4 digits for 1-minute games, else 3); the 24:00 draw keeps the earlier date.
 * - window: `count` draws a business day from `firstDrawSec`, every `intervalSec`; yyyyMMdd + seqDigits.
 * - daily: one draw a day at `drawSec`; yyyy + 3-digit counter of the year's draws (福彩3D, 排列3/5, 快乐8).
 * - weekly: draws on `weekdays` (0 = Sunday) at `drawSec`; yyyy + 3-digit counter (香港六合彩).
 * - serial: a window schedule numbered by a global serial (legacy 北京快乐8/北京28):
 *   issue = baseIssue + count × (days since baseDate) + seq.
 */
import {
  BEIJING_OFFSET_MIN,
  parseSelfRunIssue,
  selfRunIssueAt,
  windowIssueAt,
  type IssueInfo,
} from './issue.ts';

export type LotterySchedule =
  | { readonly kind: 'selfRun'; readonly intervalSec: number; readonly utcOffsetMin?: number }
  | {
      readonly kind: 'window';
      readonly firstDrawSec: number;
      readonly intervalSec: number;
      readonly count: number;
      readonly seqDigits: number;
      readonly utcOffsetMin?: number;
    }
  | {
      readonly kind: 'daily';
      readonly drawSec: number;
      readonly issueFormat: 'yearCounter';
      readonly utcOffsetMin?: number;
    }
  | {
      readonly kind: 'weekly';
      readonly weekdays: readonly number[];
      readonly drawSec: number;
      readonly utcOffsetMin?: number;
    }
  | {
      readonly kind: 'serial';
      readonly firstDrawSec: number;
      readonly intervalSec: number;
      readonly count: number;
      /** yyyyMMdd of the business day whose first draw is `baseIssue + 1` */
      readonly baseDate: string;
      readonly baseIssue: number;
      readonly utcOffsetMin?: number;
    };

export type { IssueInfo };

const DAY_SEC = 86_400;
const DAY_MS = DAY_SEC * 1000;

const offsetSecOf = (s: LotterySchedule): number => (s.utcOffsetMin ?? BEIJING_OFFSET_MIN) * 60;
const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** Local day number (days since 1970-01-01 local) of a yyyy, month, day. */
const dayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;

function ymdOf(day: number): { y: number; m: number; d: number } {
  const t = new Date(day * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function dateText(day: number): string {
  const { y, m, d } = ymdOf(day);
  return `${y}${pad(m, 2)}${pad(d, 2)}`;
}

function dayOfText(text: string): number | null {
  if (!/^\d{8}$/.test(text)) return null;
  const day = dayOf(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)));
  return dateText(day) === text ? day : null;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

const drawMsOf = (s: LotterySchedule, day: number, secInDay: number): number =>
  (day * DAY_SEC + secInDay - offsetSecOf(s)) * 1000;

/** Local day and seconds into it of an instant. */
function localOf(s: LotterySchedule, nowMs: number): { day: number; sec: number } {
  const localSec = Math.floor(nowMs / 1000) + offsetSecOf(s);
  const day = Math.floor(localSec / DAY_SEC);
  return { day, sec: localSec - day * DAY_SEC };
}

function checkSchedule(s: LotterySchedule): void {
  if (
    s.kind === 'weekly' &&
    (s.weekdays.length === 0 || !s.weekdays.every((w) => Number.isInteger(w) && w >= 0 && w <= 6))
  ) {
    throw new Error('weekly schedule needs weekdays 0–6');
  }
}

// ---- daily / weekly: yyyy + counter of the year's draw days --------------------------------------

function drawsOn(s: LotterySchedule & { kind: 'daily' | 'weekly' }, day: number): boolean {
  return s.kind === 'daily' || s.weekdays.includes(weekdayOf(day));
}

function counterIssue(s: LotterySchedule & { kind: 'daily' | 'weekly' }, day: number): IssueInfo {
  const { y } = ymdOf(day);
  let seq = 0;
  for (let d = dayOf(y, 1, 1); d <= day; d++) if (drawsOn(s, d)) seq++;
  return { issue: `${y}${pad(seq, 3)}`, seq, drawAtMs: drawMsOf(s, day, s.drawSec) };
}

function counterIssueAt(
  s: LotterySchedule & { kind: 'daily' | 'weekly' },
  nowMs: number,
): IssueInfo {
  const { day, sec } = localOf(s, nowMs);
  let d = sec < s.drawSec ? day : day + 1;
  while (!drawsOn(s, d)) d++;
  return counterIssue(s, d);
}

function parseCounterIssue(
  s: LotterySchedule & { kind: 'daily' | 'weekly' },
  issue: string,
): IssueInfo | null {
  if (!/^\d{7}$/.test(issue)) return null;
  const y = Number(issue.slice(0, 4));
  const seq = Number(issue.slice(4));
  if (seq < 1 || y < 1970) return null;
  let n = 0;
  for (let d = dayOf(y, 1, 1); d < dayOf(y + 1, 1, 1); d++) {
    if (drawsOn(s, d) && ++n === seq) return counterIssue(s, d);
  }
  return null;
}

// ---- serial: a window schedule numbered globally -------------------------------------------------

function serialOf(s: LotterySchedule & { kind: 'serial' }, day: number, seq: number): IssueInfo {
  const base = dayOfText(s.baseDate);
  if (base === null) throw new Error(`bad serial base date: ${s.baseDate}`);
  return {
    issue: String(s.baseIssue + s.count * (day - base) + seq),
    seq,
    drawAtMs: drawMsOf(s, day, s.firstDrawSec + (seq - 1) * s.intervalSec),
  };
}

function parseSerialIssue(
  s: LotterySchedule & { kind: 'serial' },
  issue: string,
): IssueInfo | null {
  const base = dayOfText(s.baseDate);
  if (base === null || !/^\d{1,12}$/.test(issue)) return null;
  const n = Number(issue) - s.baseIssue;
  if (n < 1) return null;
  const days = Math.floor((n - 1) / s.count);
  return serialOf(s, base + days, n - days * s.count);
}

// ---- window: business-day windows (issue.ts) -----------------------------------------------------

function windowAt(
  s: LotterySchedule & { kind: 'window' | 'serial' },
  nowMs: number,
): { day: number; info: IssueInfo } {
  const w = { ...s, seqDigits: s.kind === 'window' ? s.seqDigits : 3 };
  const info = windowIssueAt(w, nowMs);
  if (info) return { day: dayOfText(info.issue.slice(0, 8))!, info };
  // past today's last draw: tomorrow's first
  const day = localOf(s, nowMs).day + 1;
  return {
    day,
    info: {
      issue: `${dateText(day)}${pad(1, w.seqDigits)}`,
      seq: 1,
      drawAtMs: drawMsOf(s, day, s.firstDrawSec),
    },
  };
}

function parseWindowIssue(
  s: LotterySchedule & { kind: 'window' },
  issue: string,
): IssueInfo | null {
  if (!new RegExp(`^\\d{8}\\d{${s.seqDigits}}$`).test(issue)) return null;
  const day = dayOfText(issue.slice(0, 8));
  const seq = Number(issue.slice(8));
  if (day === null || seq < 1 || seq > s.count) return null;
  return { issue, seq, drawAtMs: drawMsOf(s, day, s.firstDrawSec + (seq - 1) * s.intervalSec) };
}

// ---- the public questions ------------------------------------------------------------------------

/** The issue on sale at `nowMs`: the first whose draw time is after now. */
export function issueAt(s: LotterySchedule, nowMs: number): IssueInfo {
  checkSchedule(s);
  switch (s.kind) {
    case 'selfRun':
      return selfRunIssueAt(s, nowMs);
    case 'window':
      return windowAt(s, nowMs).info;
    case 'serial': {
      const { day, info } = windowAt(s, nowMs);
      return serialOf(s, day, info.seq);
    }
    case 'daily':
    case 'weekly':
      return counterIssueAt(s, nowMs);
  }
}

/** The draw time and sequence of an issue; null when the text is not an issue of this schedule. */
export function issueInfo(s: LotterySchedule, issue: string): IssueInfo | null {
  checkSchedule(s);
  switch (s.kind) {
    case 'selfRun':
      return parseSelfRunIssue(s, issue);
    case 'window':
      return parseWindowIssue(s, issue);
    case 'serial':
      return parseSerialIssue(s, issue);
    case 'daily':
    case 'weekly':
      return parseCounterIssue(s, issue);
  }
}

/** The `n` issues after `issue` (empty when `issue` is not one of this schedule). */
export function nextIssues(s: LotterySchedule, issue: string, n: number): IssueInfo[] {
  const out: IssueInfo[] = [];
  let cur = issueInfo(s, issue);
  for (let i = 0; cur && i < n; i++) {
    cur = issueAt(s, cur.drawAtMs);
    out.push(cur);
  }
  return out;
}

/** The longest time between two consecutive draws of a schedule. */
function maxGapMs(s: LotterySchedule): number {
  return s.kind === 'selfRun' ? s.intervalSec * 1000 : s.kind === 'weekly' ? 7 * DAY_MS : DAY_MS;
}

/** Draw time of the issue before `info` (its sale opens then). */
export function previousDrawMs(s: LotterySchedule, info: IssueInfo): number {
  if (s.kind === 'selfRun') return info.drawAtMs - s.intervalSec * 1000;
  let cur = issueAt(s, info.drawAtMs - maxGapMs(s) - 1);
  for (;;) {
    const next = issueAt(s, cur.drawAtMs);
    if (next.drawAtMs >= info.drawAtMs) return cur.drawAtMs;
    cur = next;
  }
}

/** The issues drawing after `fromMs` up to and including `toMs` (one local day: its 24:00 draw is its last), at most `limit`. */
export function issuesBetween(
  s: LotterySchedule,
  fromMs: number,
  toMs: number,
  limit = 2000,
): IssueInfo[] {
  const out: IssueInfo[] = [];
  let cur = issueAt(s, fromMs);
  while (cur.drawAtMs <= toMs && out.length < limit) {
    out.push(cur);
    cur = issueAt(s, cur.drawAtMs);
  }
  return out;
}

/** Start (ms) of the local day containing `nowMs`. */
export function localDayStartMs(s: LotterySchedule, nowMs: number): number {
  return drawMsOf(s, localOf(s, nowMs).day, 0);
}

/** Chinese New Year (Beijing date, month and day) of 2020–2040; the lunar year animal turns on it. */
const NEW_YEAR: Readonly<Record<number, readonly [number, number]>> = {
  2020: [1, 25],
  2021: [2, 12],
  2022: [2, 1],
  2023: [1, 22],
  2024: [2, 10],
  2025: [1, 29],
  2026: [2, 17],
  2027: [2, 6],
  2028: [1, 26],
  2029: [2, 13],
  2030: [2, 3],
  2031: [1, 23],
  2032: [2, 11],
  2033: [1, 31],
  2034: [2, 19],
  2035: [2, 8],
  2036: [1, 28],
  2037: [2, 15],
  2038: [2, 4],
  2039: [1, 24],
  2040: [2, 12],
};

/** Index (鼠 0 … 猪 11) of the lunar year's animal at `atMs` (Beijing date; 2020 was a 鼠 year). */
export function lunarYearAnimal(atMs: number): number {
  const localDay = Math.floor((atMs / 1000 + BEIJING_OFFSET_MIN * 60) / DAY_SEC);
  const { y } = ymdOf(localDay);
  // outside the table, the average date (Feb 4) is within two weeks either side
  const [m, d] = NEW_YEAR[y] ?? [2, 4];
  const lunarYear = localDay >= dayOf(y, m, d) ? y : y - 1;
  return (((lunarYear - 2020) % 12) + 12) % 12;
}
