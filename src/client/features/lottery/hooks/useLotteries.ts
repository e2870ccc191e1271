/** The enabled lotteries (lotteryConfig), fetched once per page load and shared by the lottery screens. */
import { useEffect, useState } from 'react';
import { getLotteryList, type LotteryItem } from '../api';

let cache: Promise<LotteryItem[]> | null = null;

export function lotteryList(): Promise<LotteryItem[]> {
  if (!cache) {
    cache = getLotteryList().then((l) => [...l].sort((a, b) => a.sort - b.sort || a.lotteryCode.localeCompare(b.lotteryCode)));
    cache.catch(() => { cache = null; });
  }
  return cache;
}

/** For tests. */
export function resetLotteryListCache(): void { cache = null; }

export function useLotteries(): { list: LotteryItem[] | undefined; error: Error | null; loading: boolean; reload(): void } {
  const [list, setList] = useState<LotteryItem[] | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    lotteryList().then((l) => { if (live) setList(l); }, (e: unknown) => { if (live) setError(e instanceof Error ? e : new Error(String(e))); });
    return () => { live = false; };
  }, [tick]);
  return { list, error, loading: !list && !error, reload: () => setTick((t) => t + 1) };
}
