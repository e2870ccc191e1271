/**
 * Issue numbering (§2.6) as pure functions of time. Times are epoch milliseconds; schedules are in the
 * lottery's local time given by `utcOffsetMin` (Beijing: +480).
 *
 * Self-run games: seq = floor(secondsSinceMidnight / interval) + 1, issue = yyyyMMdd + seq padded to 4
 * digits (1-minute games, 1440/day) or 3 digits. Issue seq draws at seq × interval after midnight; the
 * last issue draws at 24:00 and keeps the earlier date.
 *
 * Official-feed games use a windowed schedule: `count` draws per business day starting `firstDrawSec`
 * after the business day's local midnight, every `intervalSec` (first draws may lie past 24:00 for games
 * like 幸运飞艇 whose business day starts in the afternoon); the issue keeps the business date.
 */
export const BEIJING_OFFSET_MIN = 480;
const DAY_SEC = 86_400;

export interface SelfRunSchedule {
  readonly intervalSec: number;
  readonly utcOffsetMin?: number;
}

export interface WindowSchedule {
  /** Seconds after the business date's local midnight of issue 1's draw. */
  readonly firstDrawSec: number;
  readonly intervalSec: number;
  readonly count: number;
  readonly seqDigits: number;
  readonly utcOffsetMin?: number;
}

export interface IssueInfo {
  readonly issue: string;
  readonly seq: number;
  /** Draw time (epoch ms). */
  readonly drawAtMs: number;
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** yyyyMMdd of a local day number (days since 1970-01-01 local). */
function dateText(localDay: number): string {
  const d = new Date(localDay * DAY_SEC * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
}

function localDayOf(text: string): number {
  const ms = Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(4, 6)) - 1,
    Number(text.slice(6, 8)),
  );
  return ms / 1000 / DAY_SEC;
}

function checkInterval(intervalSec: number): void {
  if (!Number.isInteger(intervalSec) || intervalSec <= 0 || DAY_SEC % intervalSec !== 0) {
    throw new Error(`interval must divide a day: ${intervalSec}`);
  }
}

export function selfRunIssuesPerDay(s: SelfRunSchedule): number {
  checkInterval(s.intervalSec);
  return DAY_SEC / s.intervalSec;
}

function seqDigitsOf(perDay: number): number {
  return perDay > 999 ? 4 : 3;
}

/** The issue on sale at `nowMs` (the one that draws next; a draw instant belongs to the next issue). */
export function selfRunIssueAt(s: SelfRunSchedule, nowMs: number): IssueInfo {
  const perDay = selfRunIssuesPerDay(s);
  const localSec = Math.floor(nowMs / 1000) + (s.utcOffsetMin ?? BEIJING_OFFSET_MIN) * 60;
  const day = Math.floor(localSec / DAY_SEC);
  const seq = Math.floor((localSec - day * DAY_SEC) / s.intervalSec) + 1;
  return selfRunIssue(s, dateText(day), seq, perDay);
}

function selfRunIssue(s: SelfRunSchedule, date: string, seq: number, perDay: number): IssueInfo {
  const drawLocalSec = localDayOf(date) * DAY_SEC + seq * s.intervalSec;
  return {
    issue: `${date}${pad(seq, seqDigitsOf(perDay))}`,
    seq,
    drawAtMs: (drawLocalSec - (s.utcOffsetMin ?? BEIJING_OFFSET_MIN) * 60) * 1000,
  };
}

/** Parses a self-run issue string; null if malformed or out of range. */
export function parseSelfRunIssue(s: SelfRunSchedule, issue: string): IssueInfo | null {
  const perDay = selfRunIssuesPerDay(s);
  const digits = seqDigitsOf(perDay);
  if (!new RegExp(`^\\d{8}\\d{${digits}}$`).test(issue)) return null;
  const date = issue.slice(0, 8);
  const seq = Number(issue.slice(8));
  if (seq < 1 || seq > perDay || dateText(localDayOf(date)) !== date) return null;
  return selfRunIssue(s, date, seq, perDay);
}

/** The issue after `issue` (rolls over to the next day's 1st issue). */
export function nextSelfRunIssue(s: SelfRunSchedule, issue: string): IssueInfo | null {
  const cur = parseSelfRunIssue(s, issue);
  if (!cur) return null;
  const perDay = selfRunIssuesPerDay(s);
  if (cur.seq < perDay) return selfRunIssue(s, issue.slice(0, 8), cur.seq + 1, perDay);
  return selfRunIssue(s, dateText(localDayOf(issue.slice(0, 8)) + 1), 1, perDay);
}

/** Sale close (封盘) of an issue: `leadSec` before its draw. */
export function saleCloseMs(info: IssueInfo, leadSec: number): number {
  return info.drawAtMs - leadSec * 1000;
}

/** Windowed (official-feed) schedule: the issue on sale at `nowMs`, or null between business days' last and first. */
export function windowIssueAt(s: WindowSchedule, nowMs: number): IssueInfo | null {
  const offsetSec = (s.utcOffsetMin ?? BEIJING_OFFSET_MIN) * 60;
  const localSec = Math.floor(nowMs / 1000) + offsetSec;
  const today = Math.floor(localSec / DAY_SEC);
  // A business day's draws may spill past midnight, so look at yesterday's and today's business dates.
  for (const day of [today - 1, today]) {
    const sinceFirst = localSec - (day * DAY_SEC + s.firstDrawSec);
    const seq = sinceFirst < 0 ? 1 : Math.floor(sinceFirst / s.intervalSec) + 2;
    if (seq <= s.count) {
      const drawLocal = day * DAY_SEC + s.firstDrawSec + (seq - 1) * s.intervalSec;
      return {
        issue: `${dateText(day)}${pad(seq, s.seqDigits)}`,
        seq,
        drawAtMs: (drawLocal - offsetSec) * 1000,
      };
    }
  }
  return null;
}
