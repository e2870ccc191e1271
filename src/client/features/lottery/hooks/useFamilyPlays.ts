/**
 * Loads a family's plays (one code file per family, domain/lottery/lazyCatalogue) for a screen that
 * reads them synchronously (getPlay, playsOf). The betting page's own family was usually asked for
 * at app start (early.ts), so it is often loaded before the page renders.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LotteryFamily } from '../../../../domain/lottery';
import { familyLoaded, loadFamily } from '../../../../domain/lottery/lazyCatalogue';

export interface FamilyPlays {
  ready: boolean;
  error: boolean;
  retry(): void;
}

/** Whether every family of `families` can be read now; loads the missing ones. */
export function useFamilyPlays(...families: (LotteryFamily | null | undefined)[]): FamilyPlays {
  const wanted = [...new Set(families.filter((f): f is LotteryFamily => Boolean(f)))].sort();
  const key = wanted.join(',');
  const allLoaded = wanted.every(familyLoaded);
  const [, setLoadedKey] = useState('');
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `wanted`; `attempt` asks again after a failure
  useEffect(() => {
    if (!key || allLoaded) return;
    let live = true;
    setError(false);
    Promise.all(key.split(',').map((f) => loadFamily(f as LotteryFamily))).then(
      () => {
        if (live) setLoadedKey(key);
      },
      () => {
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [key, allLoaded, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ready: allLoaded, error: error && !allLoaded, retry };
}
