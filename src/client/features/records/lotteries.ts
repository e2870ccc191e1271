/** The enabled lotteries (public config), fetched once per page load and shared by the records screens. */
import { useEffect, useState } from 'react';
import { getLotteryList, type LotteryItem } from '../lottery/api';

let cached: Promise<LotteryItem[]> | null = null;

export function loadLotteries(): Promise<LotteryItem[]> {
  if (!cached) {
    cached = getLotteryList().then((list) => [...list].sort((a, b) => a.sort - b.sort));
    cached.catch(() => { cached = null; });
  }
  return cached;
}

export interface Lotteries { list: LotteryItem[]; byCode: Map<string, LotteryItem>; error: Error | null; loading: boolean }

export function useLotteries(): Lotteries {
  const [state, setState] = useState<Lotteries>({ list: [], byCode: new Map(), error: null, loading: true });
  useEffect(() => {
    let live = true;
    loadLotteries().then(
      (list) => { if (live) setState({ list, byCode: new Map(list.map((l) => [l.lotteryCode, l])), error: null, loading: false }); },
      (e: unknown) => { if (live) setState((s) => ({ ...s, error: e instanceof Error ? e : new Error(String(e)), loading: false })); },
    );
    return () => { live = false; };
  }, []);
  return state;
}

/** Forget the cached list (tests start from a clean slate). */
export function resetLotteries(): void { cached = null; }
