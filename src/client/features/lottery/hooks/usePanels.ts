/**
 * The betting page's sheets (components/BetPanels.tsx, which needs the dialog library) are loaded on
 * the first tap that opens one, or ahead once the page has settled. Once loaded they render at once:
 * no Suspense boundary hides one sheet while the next one loads (the slip hands over to the chase panel).
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../ui';

type PanelsModule = typeof import('../components/BetPanels');

let loaded: PanelsModule | null = null;
let loading: Promise<PanelsModule> | null = null;

/** Loads the sheets once; a failed load (offline, a new deploy) is forgotten so the next call tries again. */
export function loadPanels(): Promise<PanelsModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('../components/BetPanels').then(
    (m) => { loaded = m; return m; },
    (e: unknown) => { loading = null; throw e; },
  );
  return loading;
}

/** The sheets module when `wanted` (a sheet is open) and loaded; `onFail` closes the sheet if it cannot load. */
export function usePanels(wanted: boolean, onFail: () => void): PanelsModule | null {
  const [mod, setMod] = useState<PanelsModule | null>(loaded);
  const fail = useRef(onFail);
  fail.current = onFail;
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    loadPanels().then((m) => { if (live) setMod(m); }, () => {
      if (!live) return;
      showToast('页面加载失败，请检查网络后重试');
      fail.current();
    });
    return () => { live = false; };
  }, [wanted, mod]);
  return mod ?? loaded;
}
