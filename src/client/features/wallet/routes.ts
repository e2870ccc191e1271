/** Routes of the wallet feature (issue 4): the virtual wallet (yuebao) and pledge products. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

const page = {
  introduce: lazy(() => import('./pages/IntroducePage')),
  total: lazy(() => import('./pages/AccountTotalPage')),
  balanceIn: lazy(() => import('./pages/BalanceInPage')),
  balanceOut: lazy(() => import('./pages/BalanceOutPage')),
  pledge: lazy(() => import('./pages/PledgePage')),
  shop: lazy(() => import('./pages/PledgeShopPage')),
  detail: lazy(() => import('./pages/PledgeDetailPage')),
  position: lazy(() => import('./pages/PledgePositionPage')),
  water: lazy(() => import('./pages/WaterDetailPage')),
};

export const walletRoutes: RouteDef[] = [
  { path: '/introduce', title: '虚拟钱包介绍', component: page.introduce },
  { path: '/accountTotal', title: '虚拟钱包', component: page.total, auth: true },
  { path: '/balanceIn', title: '转入虚拟钱包', component: page.balanceIn, auth: true },
  { path: '/balanceOut', title: '转出虚拟钱包', component: page.balanceOut, auth: true },
  { path: '/pledge', title: '质押', component: page.pledge, auth: true },
  { path: '/pledgeShop', title: '质押产品', component: page.shop, auth: true },
  { path: '/pledgeDetail', title: '质押详情', component: page.detail, auth: true },
  { path: '/pledgePosition', title: '我的质押', component: page.position, auth: true },
  { path: '/waterDetail', title: '资金明细', component: page.water, auth: true },
];
