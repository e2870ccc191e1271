/** Routes of the lottery feature (hall, betting page, rules), spread into the one route table. Each page is a lazy chunk. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const lotteryRoutes: RouteDef[] = [
  { path: '/lotteryHall', title: '购彩大厅', component: lazy(() => import('./pages/HallPage')) },
  {
    path: '/lottery/:type/:code',
    title: '购彩',
    component: lazy(() => import('./pages/BettingPage')),
    auth: true,
    noLoadingSameParam: 'type',
    noTabBar: true,
  },
  {
    path: '/howtoplay/:id',
    title: '玩法说明',
    component: lazy(() => import('./pages/HowToPlayPage')),
  },
];
