/** The one route table of the client. Every page is a lazy chunk. */
import { lazy } from 'react';
import type { RouteDef } from './routeTable';
import { lotteryRoutes } from './features/lottery/routes';
import { recordRoutes } from './features/records/routes';
import { paymentsRoutes } from './features/payments/routes';
import { cardsRoutes } from './features/cards/routes';
import { withdrawRoutes } from './features/withdraw/routes';
import { walletRoutes } from './features/wallet/routes';
import { agentReportRoutes } from './features/agentReport/routes';
import { chatRoutes } from './features/chat/routes';
import { activityRoutes } from './features/activity/routes';
import { letterRoutes } from './features/letters/routes';
import { agentRoutes } from './features/agent/routes';
import { mobileRoutes } from './features/mobile/routes';

export type { RouteDef } from './routeTable';
export { ALIASES, findRoute } from './routeTable';

const acc = {
  login: lazy(() => import('./features/account/pages/LoginPage')),
  register: lazy(() => import('./features/account/pages/RegisterPage')),
  forgot: lazy(() => import('./features/account/pages/ForgotPasswordPage')),
  retrieve: lazy(() => import('./features/account/pages/RetrievePasswordPage')),
  resetLogin: lazy(() => import('./features/account/pages/ResetLoginPasswordPage')),
  setLogin: lazy(() => import('./features/account/pages/SetLoginPasswordPage')),
  verifyQuestion: lazy(() => import('./features/account/pages/VerifyQuestionPage')),
  findSecurity: lazy(() => import('./features/account/pages/FindSecurityPasswordPage')),
  verifyPassword: lazy(() => import('./features/account/pages/VerifyPasswordPage')),
  setQuestion: lazy(() => import('./features/account/pages/SetSafetyQuestionPage')),
  manual: lazy(() => import('./features/account/pages/ManualVerificationPage')),
  personalInfo: lazy(() => import('./features/account/pages/PersonalInfoPage')),
  personalLevel: lazy(() => import('./features/account/pages/PersonalLevelPage')),
  security: lazy(() => import('./features/account/pages/SecurityCenterPage')),
};

/** The operator console's pages: one group (switching panels shows no loading overlay), full width, no player chrome. */
const ADMIN = {
  auth: true,
  operatorOnly: true,
  noTabBar: true,
  console: true,
  noLoadingGroup: 'admin',
} as const;

export const routes: RouteDef[] = [
  { path: '/index', title: '首页', component: lazy(() => import('./features/home/HomePage')) },
  {
    path: '/help',
    title: '帮助中心',
    component: lazy(() => import('./features/content/HelpPage')),
    noLoadingGroup: 'channels',
  },
  {
    path: '/about',
    title: '关于我们',
    component: lazy(() => import('./features/content/AboutPage')),
    noLoadingGroup: 'channels',
  },
  {
    path: '/maintain',
    title: '系统维护',
    component: lazy(() => import('./features/status/MaintainPage')),
  },
  {
    path: '/websiteClosed',
    title: '网站已关闭',
    component: lazy(() => import('./features/status/ClosedPage')),
  },
  {
    path: '/noservice',
    title: '服务受限',
    component: lazy(() => import('./features/status/NoServicePage')),
  },
  { path: '/login', title: '登录', component: acc.login },
  { path: '/register', title: '注册', component: acc.register },
  { path: '/forgotPassword', title: '忘记密码', component: acc.forgot },
  { path: '/retrievePassword', title: '找回密码', component: acc.retrieve },
  { path: '/resetLoginPassword', title: '重置登录密码', component: acc.resetLogin },
  { path: '/setLoginPassword', title: '设置登录密码', component: acc.setLogin },
  { path: '/verifyQuestion', title: '验证密保问题', component: acc.verifyQuestion },
  { path: '/findSecurityPassword', title: '找回安全密码', component: acc.findSecurity },
  { path: '/verifyPassword', title: '验证登录密码', component: acc.verifyPassword },
  { path: '/setSafetyQuestion', title: '设置密保问题', component: acc.setQuestion, auth: true },
  { path: '/manualVerification', title: '人工验证', component: acc.manual, auth: true },
  {
    path: '/personalInfo',
    title: '个人资料',
    component: acc.personalInfo,
    auth: true,
    noLoadingGroup: 'personal',
  },
  {
    path: '/personalLevel',
    title: '个人等级',
    component: acc.personalLevel,
    auth: true,
    noLoadingGroup: 'personal',
  },
  { path: '/securityCenter', title: '安全中心', component: acc.security, auth: true },
  ...lotteryRoutes,
  ...recordRoutes,
  ...paymentsRoutes,
  ...cardsRoutes,
  ...withdrawRoutes,
  ...walletRoutes,
  ...agentReportRoutes,
  ...chatRoutes,
  {
    path: '/embedChat',
    title: '嵌入聊天',
    component: lazy(() => import('./features/toolbar/EmbedChatPage')),
    auth: true,
    noTabBar: true,
  },
  ...activityRoutes,
  ...letterRoutes,
  ...agentRoutes,
  ...mobileRoutes,
  {
    path: '/admin',
    title: '运营管理',
    component: lazy(() => import('./features/admin/AdminPage')),
    ...ADMIN,
  },
  {
    path: '/admin/user/:id',
    title: '用户详情',
    component: lazy(() => import('./features/admin/user/AdminUserPage')),
    ...ADMIN,
  },
];
