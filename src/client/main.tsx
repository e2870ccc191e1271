import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { parseRoute } from './routeTable';
import './index.css';
import { Shell } from './features/shell/Shell';
import { Banners } from './features/shell/Banners';
import { OverlayHost } from './ui';
import { startApp } from './bootstrap';
import { registerServiceWorker } from './sw-register';
import { watchNetwork } from './state/network';
import { serverAnswers } from './api/request';

/**
 * After the load event, how long the page's own first requests get the connections to themselves
 * before the background work starts (measured on the phone profile, tests/bench/gamePage.ts: the
 * betting page's data arrives within about a second of the load event).
 */
const SETTLE_DELAY_MS = 1000;
/** Longest wait for an idle moment after that delay before the background work starts anyway. */
const SETTLE_TIMEOUT_MS = 3000;

/**
 * Runs `work` once the page has loaded, its first data requests had their time, and the main
 * thread is idle. The service worker's install (a precache of 120-odd files) and the background
 * worker (its chunk, its script, a time sync) would otherwise take the six connections a phone has
 * to this origin from the page's own data requests (HTTP/1.1).
 */
function whenPageSettled(work: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => work(), { timeout: SETTLE_TIMEOUT_MS }) : work());
  const later = () => setTimeout(idle, SETTLE_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

watchNetwork(serverAnswers);
void startApp().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Router parser={parseRoute}>
        <Banners />
        <Shell />
        <OverlayHost />
      </Router>
    </StrictMode>,
  );
  whenPageSettled(() => {
    registerServiceWorker();
    // its own chunk (comlink and the worker's page side): nothing of the first render needs it
    void import('./worker/client').then((m) => m.startWorker());
  });
});
