/** Routes of the withdraw feature (issue 4). No login flag, as the spec defines /withdraw: the page prompts guests itself. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const withdrawRoutes: RouteDef[] = [
  { path: '/withdraw', title: '提现', component: lazy(() => import('./pages/WithdrawPage')) },
];
