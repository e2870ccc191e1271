import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from './router';
import './index.css';
import { Shell } from './features/shell/Shell';
import { Banners } from './features/shell/Banners';
import { OverlayHost } from './ui';
import { startApp } from './bootstrap';
import { registerServiceWorker } from './sw-register';
import { watchNetwork } from './state/network';
import { serverAnswers } from './api/request';

watchNetwork(serverAnswers);
void startApp().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Router>
        <Banners />
        <Shell />
        <OverlayHost />
      </Router>
    </StrictMode>,
  );
  registerServiceWorker();
  // its own chunk (comlink and the worker's page side): nothing of the first render needs it
  void import('./worker/client').then((m) => m.startWorker());
});
