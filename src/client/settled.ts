/**
 * Work that waits until the page has settled: loaded, its own first data requests given the
 * connections for a while, and the main thread idle. Over HTTP/1.1 a phone has six connections to
 * this origin; the service worker's install (a precache of 120-odd files), the background worker,
 * the page-view count and the 充值 link's channel list would otherwise queue the page's own data
 * behind them (measured on the phone profile, tests/bench/gamePage.ts: the betting page's data
 * arrives within about a second of the load event).
 */

/** After the load event, how long the page's own first requests get the connections to themselves. */
const SETTLE_DELAY_MS = 1000;
/** Longest wait for an idle moment after that delay before the work runs anyway. */
const SETTLE_TIMEOUT_MS = 3000;

let settled = false;
let waiting: (() => void)[] | null = null;

function settle(): void {
  settled = true;
  const work = waiting ?? [];
  waiting = null;
  for (const w of work) w();
}

/** Runs `work` once the page has settled (at once when it already has). */
export function whenPageSettled(work: () => void): void {
  if (settled) {
    work();
    return;
  }
  if (waiting) {
    waiting.push(work);
    return;
  }
  waiting = [work];
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(settle, { timeout: SETTLE_TIMEOUT_MS })
      : settle();
  const later = () => setTimeout(idle, SETTLE_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
