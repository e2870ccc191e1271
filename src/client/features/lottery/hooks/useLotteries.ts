/**
 * The enabled lotteries (lotteryConfig): one cached query for every screen (hall, betting, records),
 * in one order, the hall's: `sort`, then code. Asked once per page load (the config changes only
 * when an operator edits it); a failed answer is asked again by the next screen that needs it.
 */
import { useMemo } from 'react';
import { keys, queryClient, useQuery } from '../../../query';
import { getLotteryList, type LotteryItem } from '../api';

export function byHallOrder(a: LotteryItem, b: LotteryItem): number {
  return a.sort - b.sort || a.lotteryCode.localeCompare(b.lotteryCode);
}

export const lotteriesQuery = {
  queryKey: keys.lotteries(),
  queryFn: async (): Promise<LotteryItem[]> => [...(await getLotteryList())].sort(byHallOrder),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Starts the list early (app start), for the screen that asks later. */
export function prefetchLotteries(): void {
  void queryClient.prefetchQuery(lotteriesQuery);
}

export interface Lotteries {
  /** undefined until the first answer */
  list: LotteryItem[] | undefined;
  byCode: Map<string, LotteryItem>;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

export function useLotteries(): Lotteries {
  const q = useQuery(lotteriesQuery);
  const byCode = useMemo(() => new Map((q.data ?? []).map((l) => [l.lotteryCode, l])), [q.data]);
  return { list: q.data, byCode, error: q.error, loading: q.loading, reload: q.reload };
}
