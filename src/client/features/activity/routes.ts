/** Routes of the activity red envelopes (spec 000: /redEnvelope, also the toolbar's red envelope target). */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const activityRoutes: RouteDef[] = [
  { path: '/redEnvelope', title: '活动红包', component: lazy(() => import('./RedEnvelopePage')), auth: true },
];
