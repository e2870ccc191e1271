/**
 * Whether the app can reach its server, for the one offline banner, the error states and the money
 * actions. Two sources: the browser's own flag (navigator.onLine and its online/offline events) and a
 * probe: a request that got no answer at all while the browser claims to be online asks the probe at
 * once, and only when the probe gets no answer either is the server marked unreachable (one dropped
 * answer on a working connection is not "offline"); until a request gets through again, the probe
 * asks every PROBE_MS.
 *
 * Also remembers whether the page on screen shows content answered from a cache while offline (the
 * service worker marks such answers; answers kept in IndexedDB are marked by the code that shows
 * them), so the page can say it may be out of date.
 */
import { computed, signal } from '@preact/signals-react';

export { CACHED_ANSWER_HEADER } from '../../domain/constants';

export const PROBE_MS = 10_000;
import { isOnline } from './envelope';

export { isOnline, NEEDS_NETWORK_MSG, OFFLINE_MSG } from './envelope';
export const CACHED_CONTENT_MSG = '离线内容，可能不是最新';

const browserOnline = signal(typeof navigator === 'undefined' ? true : navigator.onLine);
const unreachable = signal(false);
/** True while the server can be reached as far as the app knows. */
export const online = computed(() => browserOnline.value && !unreachable.value);
/** The path whose content came (partly) from a cache while offline; null when none. */
export const cachedContentPath = signal<string | null>(null);

let probe: (() => Promise<boolean>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
/** a first probe after a dropped answer is on its way (its own failure must not start another) */
let confirming = false;

function scheduleProbe(): void {
  if (probeTimer || !probe) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    if (!unreachable.value || !browserOnline.value) return;
    void probe?.().then((ok) => {
      if (ok) unreachable.value = false;
      else scheduleProbe();
    });
  }, PROBE_MS);
}

/** Listens to the browser's online/offline events; `check` asks the server whether it answers. */
export function watchNetwork(check?: () => Promise<boolean>): void {
  probe = check ?? null;
  browserOnline.value = navigator.onLine;
  window.addEventListener('online', () => {
    browserOnline.value = true;
    unreachable.value = false;
  });
  window.addEventListener('offline', () => {
    browserOnline.value = false;
  });
}

/** A request got no answer at all: offline when the browser says so, or when the probe gets no answer either. */
export function noteNoAnswer(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    browserOnline.value = false;
    return;
  }
  if (unreachable.value || confirming || !probe) return;
  confirming = true;
  void probe()
    .catch(() => false)
    .then((ok) => {
      confirming = false;
      if (ok || !browserOnline.value) return;
      unreachable.value = true;
      scheduleProbe();
    });
}

/** A request got an answer from the server (not from a cache). */
export function noteAnswer(): void {
  if (unreachable.value) unreachable.value = false;
}

/** An answer came from a cache while offline: the page on screen is marked as showing cached content. */
export function noteCachedContent(): void {
  if ((!online.value || !isOnline()) && typeof location !== 'undefined')
    cachedContentPath.value = location.pathname;
}

/**
 * The page on screen shows answers kept on this device because the server could not be asked
 * (query/lastAnswers.ts, the rebates, the chat's last messages): marked whatever the network flags
 * say yet (the probe may still be on its way); the note itself shows only while offline.
 */
export function noteHeldContent(): void {
  if (typeof location !== 'undefined') cachedContentPath.value = location.pathname;
}

/** Resolves when the network is back (at once when it is there). */
export function whenOnline(): Promise<void> {
  if (online.value && isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = online.subscribe((v) => {
      if (v && isOnline()) {
        queueMicrotask(() => stop());
        resolve();
      }
    });
  });
}

/** For tests. */
export function resetNetwork(isUp = true): void {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  confirming = false;
  browserOnline.value = isUp;
  unreachable.value = false;
  cachedContentPath.value = null;
}
