/**
 * A late chunk (sheets, dialogs) loaded on the first tap that needs it, or ahead once a page has
 * settled. Once loaded it renders at once: no Suspense boundary hides one sheet while the next one
 * loads. A failed load (offline, a new deploy) is forgotten so the next call tries again.
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from './overlay';

export interface LateModule<M> {
  /** Loads the module once. */
  load(): Promise<M>;
  /** The module if it has loaded. */
  current(): M | null;
}

export function lateModule<M>(importer: () => Promise<M>): LateModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    load() {
      if (loaded) return Promise.resolve(loaded);
      loading ??= importer().then(
        (m) => {
          loaded = m;
          return m;
        },
        (e: unknown) => {
          loading = null;
          throw e;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/** The module when `wanted` and loaded; `onFail` closes what wanted it if it cannot load. */
export function useLateModule<M>(
  late: LateModule<M>,
  wanted: boolean,
  onFail: () => void,
): M | null {
  const [mod, setMod] = useState<M | null>(late.current);
  const fail = useRef(onFail);
  fail.current = onFail;
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    late.load().then(
      (m) => {
        if (live) setMod(m);
      },
      () => {
        if (!live) return;
        showToast('页面加载失败，请检查网络后重试');
        fail.current();
      },
    );
    return () => {
      live = false;
    };
  }, [late, wanted, mod]);
  return mod ?? late.current();
}
