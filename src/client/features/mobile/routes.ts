/** The app page (spec 000: /mobile, public). Loading this table also starts keeping the install prompt. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';
import './installPrompt';

export const mobileRoutes: RouteDef[] = [
  { path: '/mobile', title: 'APP下载', component: lazy(() => import('./MobilePage')) },
];
