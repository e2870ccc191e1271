/**
 * Routes of the agent screens (spec 000 "Agent only"): /agentIntro needs only a login; the others are
 * agent-only, so the guard sends a non-agent to /. The invite-code page's tabs are its two children.
 * Invite codes and opening accounts are in the no-loading group of the personal pages (spec 000 §2).
 */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

const page = {
  intro: lazy(() => import('./pages/AgentIntroPage')),
  codes: lazy(() => import('./pages/ManageIcodePage')),
  invite: lazy(() => import('./pages/ManageInvitePage')),
  members: lazy(() => import('./pages/AgentMemberPage')),
};

export const agentRoutes: RouteDef[] = [
  { path: '/agentIntro', title: '代理中心', component: page.intro, auth: true },
  {
    path: '/manageIcode',
    title: '邀请码管理',
    component: page.codes,
    agentOnly: true,
    noLoadingGroup: 'personal',
  },
  {
    path: '/manageIcode/agentCode',
    title: '代理邀请码',
    component: page.codes,
    agentOnly: true,
    noLoadingGroup: 'personal',
  },
  {
    path: '/manageIcode/memberCode',
    title: '会员邀请码',
    component: page.codes,
    agentOnly: true,
    noLoadingGroup: 'personal',
  },
  {
    path: '/manageInvite',
    title: '开户中心',
    component: page.invite,
    agentOnly: true,
    noLoadingGroup: 'personal',
  },
  { path: '/agentMember', title: '团队成员', component: page.members, agentOnly: true },
];
