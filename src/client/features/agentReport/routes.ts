/** Routes of the agent's team reports and team records (agent only: the guard sends others to /). */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

const page = {
  report: lazy(() => import('./pages/AgentReportPage')),
  lower: lazy(() => import('./pages/LowerReportPage')),
  bets: lazy(() => import('./pages/AgentBetRecordPage')),
  chess: lazy(() => import('./pages/AgentChessRecordPage')),
  bills: lazy(() => import('./pages/AgentBillRecordPage')),
};

export const agentReportRoutes: RouteDef[] = [
  { path: '/agentReport', title: '代理报表', component: page.report, auth: true, agentOnly: true },
  { path: '/lowerReport', title: '下级报表', component: page.lower, auth: true, agentOnly: true },
  { path: '/agentBetRecord', title: '团队投注', component: page.bets, auth: true, agentOnly: true },
  {
    path: '/agentChessRecord',
    title: '团队棋牌记录',
    component: page.chess,
    auth: true,
    agentOnly: true,
  },
  {
    path: '/agentBillRecord',
    title: '团队账变',
    component: page.bills,
    auth: true,
    agentOnly: true,
  },
];
