/**
 * The betting page's play catalogue: the copy held in IndexedDB shows at once, and the server is asked
 * (with that copy's version) whether it is current; a changed catalogue replaces it. Only when there is
 * no held copy does the page wait for the network, and only then does a failure show as an error.
 */
import { useEffect, useState } from 'react';
import type { PlayCatalogue } from '../api';
import { fetchEarly } from '../early';
import { keys, queryClient } from '../../../query';
import { readCachedPlays, revalidatePlays } from '../storage';
import { noteCachedContent } from '../../../api/network';

export interface PlaysState {
  data: PlayCatalogue | undefined;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

export function usePlays(userId: number, lotteryCode: string): PlaysState {
  const [data, setData] = useState<PlayCatalogue | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!lotteryCode) return;
    let live = true;
    let shown = false;
    let failed = false;
    const show = (c: PlayCatalogue) => {
      if (live) {
        shown = true;
        setData(c);
        setError(null);
      }
    };
    setError(null);
    setData(undefined);
    const ask = () => revalidatePlays(userId, lotteryCode);
    const check =
      tick === 0
        ? fetchEarly(keys.plays(userId, lotteryCode), ask)
        : queryClient.fetchQuery({ queryKey: keys.plays(userId, lotteryCode), queryFn: ask });
    void readCachedPlays(userId, lotteryCode).then((held) => {
      if (!held || shown) return;
      show(held.catalogue);
      if (failed) noteCachedContent();
    });
    check.then(
      ({ cached, fresh }) => {
        const best = fresh ?? cached;
        if (best) show(best.catalogue);
      },
      (e: unknown) => {
        if (!live) return;
        failed = true;
        if (!shown) setError(e instanceof Error ? e : new Error(String(e)));
        else noteCachedContent(); // the held copy could not be checked: it may be out of date
      },
    );
    return () => {
      live = false;
    };
  }, [userId, lotteryCode, tick]);
  return { data, error, loading: !data && !error, reload: () => setTick((t) => t + 1) };
}
