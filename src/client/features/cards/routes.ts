/** Routes of the cards feature (issue 4): bank and payment channels, one no-loading group, login required. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

const group = { auth: true, noLoadingGroup: 'channels' } as const;
const setCard = lazy(() => import('./pages/SetBankCardPage'));
const setDigital = lazy(() => import('./pages/SetDigitalCurrencyPage'));

export const cardsRoutes: RouteDef[] = [
  {
    path: '/bankCard',
    title: '银行卡管理',
    component: lazy(() => import('./pages/BankCardPage')),
    ...group,
  },
  { path: '/setBankcard', title: '添加银行卡', component: setCard, ...group },
  { path: '/setBankcard/:cardId', title: '修改银行卡', component: setCard, ...group },
  {
    path: '/verifyBankCard',
    title: '验证资金密码',
    component: lazy(() => import('./pages/VerifyBankCardPage')),
    ...group,
  },
  {
    path: '/virtualCoin',
    title: '数字货币地址',
    component: lazy(() => import('./pages/VirtualCoinPage')),
    ...group,
  },
  { path: '/setdigitalcurrency', title: '添加数字货币地址', component: setDigital, ...group },
  { path: '/setdigitalcurrency/:id', title: '修改数字货币地址', component: setDigital, ...group },
  {
    path: '/zfbAccount',
    title: '支付宝账号',
    component: lazy(() => import('./pages/ZfbAccountPage')),
    ...group,
  },
  {
    path: '/wxAccount',
    title: '微信账号',
    component: lazy(() => import('./pages/WxAccountPage')),
    ...group,
  },
];
