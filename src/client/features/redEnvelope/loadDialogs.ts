/**
 * The envelope dialogs (open, detail, my records, send) are a late chunk: loaded on the first tap
 * that needs one, so the chat room's first load does not carry them (as the betting page's sheets).
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../ui';

type DialogsModule = typeof import('./dialogs/EnvelopeDialogs');

let loaded: DialogsModule | null = null;
let loading: Promise<DialogsModule> | null = null;

/** Loads the dialogs once; a failed load is forgotten so the next tap tries again. */
export function loadEnvelopeDialogs(): Promise<DialogsModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./dialogs/EnvelopeDialogs').then(
    (m) => { loaded = m; return m; },
    (e: unknown) => { loading = null; throw e; },
  );
  return loading;
}

/** The dialogs module when `wanted` and loaded; `onFail` closes the view if it cannot load. */
export function useEnvelopeDialogs(wanted: boolean, onFail: () => void): DialogsModule | null {
  const [mod, setMod] = useState<DialogsModule | null>(loaded);
  const fail = useRef(onFail);
  fail.current = onFail;
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    loadEnvelopeDialogs().then((m) => { if (live) setMod(m); }, () => {
      if (!live) return;
      showToast('页面加载失败，请检查网络后重试');
      fail.current();
    });
    return () => { live = false; };
  }, [wanted, mod]);
  return mod ?? loaded;
}
