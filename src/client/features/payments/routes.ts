/**
 * Routes of the payments feature (issue 4): one page per recharge channel, in catalogue order, all
 * login-only and in the 'channels' no-loading group (spec 000 §2: moving between bank and payment
 * channels, help and about shows no loading overlay). The bare /recharge is an alias of /index.
 */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';
import { CHANNEL_PAGES, channelUrl } from '../../../domain/rechargeChannels';

const RechargePage = lazy(() => import('./pages/RechargePage'));

export const paymentsRoutes: RouteDef[] = CHANNEL_PAGES.map((c) => ({
  path: channelUrl(c.code),
  title: `${c.name}充值`,
  component: RechargePage,
  auth: true,
  noLoadingGroup: 'channels',
}));
