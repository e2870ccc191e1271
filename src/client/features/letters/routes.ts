/** Routes of letters and notices (spec 000: /letter, /letterDetail, /notice, /noticeDetail). Notices are public: the home marquee shows them to guests too. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const letterRoutes: RouteDef[] = [
  { path: '/letter', title: '站内信', component: lazy(() => import('./LetterPage')), auth: true },
  {
    path: '/letterDetail',
    title: '站内信详情',
    component: lazy(() => import('./LetterDetailPage')),
    auth: true,
  },
  { path: '/notice', title: '网站公告', component: lazy(() => import('./NoticePage')) },
  { path: '/noticeDetail', title: '公告详情', component: lazy(() => import('./NoticeDetailPage')) },
];
