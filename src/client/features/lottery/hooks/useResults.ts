/** The recent results of a lottery, for the issue bar and its history drawer. */
import { useEffect, useRef } from 'react';
import { keys, useQuery } from '../../../query';
import { getOpenData } from '../api';
import { EARLY_TTL_MS } from '../early';

const RESULTS_POLL_MS = 20_000;

/**
 * Recent results, polled (one cache entry per lottery and size). `refreshKey` (the last drawn issue)
 * asks again when it changes to a new value, not when it first arrives: the first load already has
 * that draw (asked once per page, or taken from the request started at app start).
 */
export function useResults(lotteryCode: string, size: number, refreshKey: unknown) {
  const q = useQuery({
    queryKey: keys.results(lotteryCode, size),
    queryFn: () => getOpenData(lotteryCode, size, { quiet: true }),
    staleTime: EARLY_TTL_MS,
  });
  const { reload } = q;
  useEffect(() => {
    const t = setInterval(reload, RESULTS_POLL_MS);
    return () => clearInterval(t);
  }, [reload]);
  const seenKey = useRef<unknown>(null);
  useEffect(() => {
    if (refreshKey === null || refreshKey === undefined) return;
    const prev = seenKey.current;
    seenKey.current = refreshKey;
    if (prev !== null && prev !== refreshKey) reload();
  }, [refreshKey, reload]);
  return { rows: q.data, error: q.error, reload };
}
