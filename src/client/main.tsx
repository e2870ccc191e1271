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
import { startWorker } from './worker/client';
import { watchNetwork } from './state/network';
import { serverAnswers } from './api/request';

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
  registerServiceWorker();
  startWorker();
});
