/**
 * Which draw a results strip shows: the newest issue with a result, from the issue answer
 * (nextIssueOpenData's last issue) or the results list (lotteryOpenData, drawn issues only), and the
 * issue past its draw time still waiting for its result (an official game between the draw and the
 * operator's entry), so the page shows the last result beside it instead of only 等待开奖.
 */
import type { NextIssueData, OpenRow } from './api';

export interface LastResult {
  /** The newest drawn issue; openTime is known when it came from the results list. */
  drawn: { issue: string; openNumber: string; openTime?: number } | null;
  /** The issue past its draw time without a result yet, newer than `drawn`; null when none. */
  awaiting: string | null;
  /**
   * The issue on sale a moment ago, closed now and not drawn yet (开奖中): between the close and
   * the next issue answer the page would otherwise show only the draw before it.
   */
  drawing: string | null;
}

/** Issue numbers of one lottery are digit strings that grow: longer, or equal length and greater. */
function newer(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** `closed`: the issue of `d` has reached its close time on this page's clock. */
export function lastResultOf(
  d: NextIssueData | null | undefined,
  latest: OpenRow | null | undefined,
  closed = false,
): LastResult {
  const lastIssue = d?.lastIssue ?? null;
  const fromIssue =
    lastIssue && d?.lastOpenNumber ? { issue: lastIssue, openNumber: d.lastOpenNumber } : null;
  // each is asked at its own pace (the issue at rollover, the list every few seconds): the newer wins
  const fromList = latest
    ? { issue: latest.issue, openNumber: latest.openNumber, openTime: latest.openTime }
    : null;
  const drawn =
    fromIssue && (!fromList || newer(fromIssue.issue, fromList.issue)) ? fromIssue : fromList;
  const awaiting =
    lastIssue && !d?.lastOpenNumber && (!drawn || newer(lastIssue, drawn.issue)) ? lastIssue : null;
  const onSale = d?.issue ?? null;
  const drawing = closed && onSale && (!drawn || newer(onSale, drawn.issue)) ? onSale : null;
  return { drawn, awaiting, drawing };
}
