/** Routes of bet, chase and bill records, reports, trend chart, rebate table, draw check and the dragon helper. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

const page = {
  betRecord: lazy(() => import('./pages/BetRecordPage')),
  betDetail: lazy(() => import('./pages/BetDetailPage')),
  seekOrder: lazy(() => import('./pages/SeekOrderPage')),
  seekDetail: lazy(() => import('./pages/SeekDetailPage')),
  statement: lazy(() => import('./pages/PLStatementPage')),
  bills: lazy(() => import('./pages/BillRecordPage')),
  trend: lazy(() => import('./pages/TrendChartPage')),
  rebate: lazy(() => import('./pages/RebateDesPage')),
  verify: lazy(() => import('./pages/VerifyDrawPage')),
  dragon: lazy(() => import('./pages/LongDragonPage')),
  dragonInfo: lazy(() => import('./pages/LongDragonInfoPage')),
};

export const recordRoutes: RouteDef[] = [
  { path: '/betRecord', title: '投注记录', component: page.betRecord, auth: true },
  { path: '/betDetail', title: '注单详情', component: page.betDetail, auth: true },
  { path: '/seekOrder', title: '追号记录', component: page.seekOrder, auth: true },
  { path: '/seekDetail', title: '追号详情', component: page.seekDetail, auth: true },
  { path: '/billRecord', title: '账变记录', component: page.bills, auth: true },
  { path: '/PLstatement', title: '今日盈亏', component: page.statement, auth: true },
  // The guard's list of pages open without login includes the trend chart and rebate description (spec 000 §2).
  { path: '/trendChart/:id', title: '走势图', component: page.trend },
  { path: '/rebateDes', title: '返点说明', component: page.rebate },
  { path: '/verifyDraw', title: '开奖验证', component: page.verify },
  { path: '/longDragon', title: '长龙助手', component: page.dragon, auth: true },
  { path: '/longDragonInfo', title: '长龙说明', component: page.dragonInfo },
];
