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
import { watchNetwork } from './api/network';
import { serverAnswers } from './api/request';
import { whenPageSettled } from './settled';

/**
 * The web manifest is linked once the page has settled, not from index.html: only installing needs
 * it, and Chrome fetches it and its icon as soon as the link appears, taking two of the six
 * connections a phone's first screen has (HTTP/1.1) while the page's own data is on its way.
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
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
    linkManifest();
    registerServiceWorker();
    // its own chunk (comlink and the worker's page side): nothing of the first render needs it
    void import('./worker/client').then((m) => m.startWorker());
  });
});
