/** Routes of the activity feature: promotions (spec 000: /activity, /activity/{id}, /activityinfo) and the activity red envelopes (/redEnvelope). */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const activityRoutes: RouteDef[] = [
  {
    path: '/activity',
    title: '优惠活动',
    component: lazy(() => import('./ActivityListPage')),
    noLoadingGroup: 'channels',
  },
  {
    path: '/activity/:id',
    title: '活动详情',
    component: lazy(() => import('./ActivityDetailPage')),
  },
  { path: '/activityinfo', title: '活动记录', component: lazy(() => import('./ActivityInfoPage')) },
  {
    path: '/redEnvelope',
    title: '活动红包',
    component: lazy(() => import('./RedEnvelopePage')),
    auth: true,
  },
];
