/** Page side of the background worker. */
import { wrap, proxy, type Remote } from 'comlink';
import { effect } from '@preact/signals-react';
import { navigate } from '../router';
import type { WorkerApi } from './worker';
import { TIME_SYNC_FAILED_MSG } from './timeSync';
import { currentUser } from '../state/session';
import { clockStore, put } from '../storage/stores';
import { dispatchCode } from '../api/dispatch';
import { showAlert } from '../ui';

let remote: Remote<WorkerApi> | null = null;
export function worker(): Remote<WorkerApi> | null { return remote; }

export function startWorker(): void {
  if (typeof Worker === 'undefined') return;
  remote = wrap<WorkerApi>(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }));
  const w = remote;
  void w.setEvents(proxy({ onCode: (code: number, msg: string) => { void dispatchCode(code, msg); } }));
  void w.syncTime().then(async ({ offset }) => {
    if (offset !== null) { await put(clockStore, 'offset', { offset, at: Date.now() }).catch(() => {}); return; }
    const onBettingPage = /^\/(lottery|live)\//.test(location.pathname);
    if (onBettingPage) navigate('/lotteryHall');
    await showAlert(TIME_SYNC_FAILED_MSG);
  });
  effect(() => {
    const u = currentUser.value;
    if (u?.isLogin) void w.startHeartbeat(); else void w.stopHeartbeat();
    if (u && u.userName && u.grade !== -1) void w.startTrace(); else void w.stopTrace();
  });
  const syncPath = () => { void w.setPath(location.pathname); };
  window.addEventListener('popstate', syncPath);
  for (const ev of ['pushState', 'replaceState']) window.addEventListener(ev, syncPath);
  syncPath();
}
