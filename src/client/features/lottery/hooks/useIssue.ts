/**
 * The issue on sale of one lottery, kept current: when the synced clock passes its close time the next
 * issue is fetched (retrying until the server has rolled over) and `onRollover` tells the page.
 * Each answer is kept in IndexedDB; when the first ask fails (offline) the kept one is shown, marked
 * `stale`, with no countdown (its times may have passed), until an ask gets through.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getNextIssueTimed, type NextIssueData } from '../api';
import { fetchEarly } from '../early';
import { keys, queryClient } from '../../../query';
import { noteServerTime, serverNow, loadClockOffset } from '../clock';
import { issueStore, put, read } from '../../../storage/stores';

/** Shown with an issue kept on this device while the server cannot be asked (`stale`). */
export const STALE_ISSUE_MSG = '离线，显示上次获取的期号';
/** Between draws of an official game (no issue on sale), ask again this often. */
export const IDLE_POLL_MS = 10_000;
/** After the close time, ask again this often until the next issue is on sale. */
export const ROLLOVER_RETRY_MS = 2_000;

export interface IssueState {
  data: NextIssueData | null;
  error: Error | null;
  loading: boolean;
  /** `data` is the last answer kept on this device, shown because the server could not be asked. */
  stale: boolean;
  /** ms until the issue on sale closes (null when none is on sale) */
  remainingMs: number | null;
  reload(): void;
}

export function useIssue(
  lotteryCode: string,
  onRollover?: (from: string, to: string | null) => void,
): IssueState {
  const [data, setData] = useState<NextIssueData | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const [stale, setStale] = useState(false);
  const [now, setNow] = useState(serverNow);
  const inFlight = useRef(false);
  const current = useRef<NextIssueData | null>(null);
  const rollRef = useRef(onRollover);
  rollRef.current = onRollover;

  const fetchIssue = useCallback(
    async (first = false) => {
      if (inFlight.current || !lotteryCode) return;
      inFlight.current = true;
      try {
        const ask = () => getNextIssueTimed(lotteryCode);
        const { next, midAtMs } = await (first
          ? fetchEarly(keys.issue(lotteryCode), ask)
          : queryClient.fetchQuery({ queryKey: keys.issue(lotteryCode), queryFn: ask }));
        noteServerTime(next.serverTime, midAtMs);
        const prev = current.current;
        current.current = next;
        setData(next);
        setStale(false);
        setError(null);
        put(issueStore, lotteryCode, next).catch(() => {});
        if (prev?.issue && prev.issue !== next.issue) rollRef.current?.(prev.issue, next.issue);
      } catch (e) {
        setError(e instanceof Error ? e : new Error(String(e)));
        if (!current.current) {
          const kept = await read<NextIssueData>(issueStore, lotteryCode).catch(() => undefined);
          if (kept && !current.current) {
            setData(kept);
            setStale(true);
          }
        }
      } finally {
        inFlight.current = false;
        setLoading(false);
      }
    },
    [lotteryCode],
  );

  useEffect(() => {
    current.current = null;
    setLoading(true);
    setData(null);
    setStale(false);
    // Both at once: a measured offset read later still wins over the answer's serverTime (clock.ts).
    void loadClockOffset();
    void fetchIssue(true);
    const tick = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(tick);
  }, [fetchIssue]);

  // Rollover: past the close time (or nothing on sale) → ask again, throttled.
  const lastAsk = useRef(0);
  useEffect(() => {
    const d = current.current;
    if (inFlight.current || (!d && !stale)) return;
    // showing a kept answer (offline): ask again now and then until the server answers
    const due =
      !d || d.issue === null
        ? IDLE_POLL_MS
        : d.closeTime !== null && now >= d.closeTime
          ? ROLLOVER_RETRY_MS
          : null;
    if (due === null || Date.now() - lastAsk.current < due) return;
    lastAsk.current = Date.now();
    void fetchIssue();
  }, [now, stale, fetchIssue]);

  // Read the clock at render time: `now` only drives the re-render, and may be up to a tick old.
  const remainingMs =
    !stale && data?.issue && data.closeTime !== null
      ? Math.max(0, data.closeTime - Math.max(now, serverNow()))
      : null;
  return {
    data,
    error,
    loading,
    stale,
    remainingMs,
    reload: () => {
      void fetchIssue();
    },
  };
}
