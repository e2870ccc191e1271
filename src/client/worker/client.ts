/** Page side of the background worker. */
import { wrap, proxy, type Remote } from 'comlink';
import { effect } from '@preact/signals-react';
import { navigate } from 'wouter/use-browser-location';
import type { WorkerApi } from './worker';
import { afterSync, TIME_SYNC_FAILED_MSG } from './timeSync';
import { isOnline, whenOnline } from '../api/network';
import { currentUser } from '../state/session';
import { clockStore, put } from '../storage/stores';
import { dispatchCode } from '../api/dispatch';
import { showAlert } from '../ui';

let remote: Remote<WorkerApi> | null = null;
export function worker(): Remote<WorkerApi> | null {
  return remote;
}

/** The worker, started now if the page has not settled yet (a picture sent right after opening a chat). */
export function ensureWorker(): Remote<WorkerApi> | null {
  startWorker();
  return remote;
}

/** Set in this tab once the time-sync warning was shown: it is not shown again on the next page or reload. */
const TIME_SYNC_WARNED_KEY = 'hy-time-sync-warned';

function warnedBefore(): boolean {
  try {
    return sessionStorage.getItem(TIME_SYNC_WARNED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Syncs the clock once the network is there; warns (once per session) only when the server was reachable. */
async function syncClock(w: Remote<WorkerApi>): Promise<void> {
  for (;;) {
    await whenOnline();
    const { offset } = await w.syncTime();
    const outcome = afterSync(offset, isOnline(), warnedBefore());
    if (outcome === 'synced') {
      await put(clockStore, 'offset', { offset, at: Date.now() }).catch(() => {});
      return;
    }
    if (outcome === 'retryWhenOnline') continue;
    if (outcome === 'quiet') return;
    try {
      sessionStorage.setItem(TIME_SYNC_WARNED_KEY, '1');
    } catch {
      /* storage refused: the warning may show again */
    }
    if (/^\/(lottery|live)\//.test(location.pathname)) navigate('/lotteryHall');
    await showAlert(TIME_SYNC_FAILED_MSG);
    return;
  }
}

/** Starts the worker once (main.tsx, when the page has settled; earlier if a page needs it first). */
export function startWorker(): void {
  if (remote || typeof Worker === 'undefined') return;
  remote = wrap<WorkerApi>(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }));
  const w = remote;
  void w.setEvents(
    proxy({
      onCode: (code: number, msg: string) => {
        void dispatchCode(code, msg);
      },
    }),
  );
  void syncClock(w);
  effect(() => {
    const u = currentUser.value;
    if (u?.isLogin) void w.startHeartbeat();
    else void w.stopHeartbeat();
    if (u?.userName && u.grade !== -1) void w.startTrace();
    else void w.stopTrace();
  });
  followPath((p) => {
    void w.setPath(p);
  });
}

/**
 * Tells `setPath` the current path now and after every navigation, so the usage trace reports the
 * page the user is on. wouter's browser-location module (imported above) patches
 * history.pushState/replaceState to dispatch events of those names; popstate covers back/forward.
 */
export function followPath(setPath: (path: string) => void): () => void {
  const events = ['popstate', 'pushState', 'replaceState'];
  const sync = () => {
    setPath(location.pathname);
  };
  for (const ev of events) window.addEventListener(ev, sync);
  sync();
  return () => {
    for (const ev of events) window.removeEventListener(ev, sync);
  };
}
