import { describe, it, expect } from 'vitest';
import { lazy } from 'react';
import { guard, skipsLoading } from '../../src/client/guard';
import type { RouteDef } from '../../src/client/routeTable';

const C = lazy(async () => ({ default: () => null }));
const table: RouteDef[] = [
  { path: '/index', title: '首页', component: C },
  { path: '/login', title: '登录', component: C },
  { path: '/register', title: '注册', component: C },
  {
    path: '/personalInfo',
    title: '个人资料',
    component: C,
    auth: true,
    noLoadingGroup: 'personal',
  },
  {
    path: '/personalLevel',
    title: '个人等级',
    component: C,
    auth: true,
    noLoadingGroup: 'personal',
  },
  { path: '/agentReport', title: '代理报表', component: C, auth: true, agentOnly: true },
  { path: '/admin', title: '运营管理', component: C, auth: true, operatorOnly: true },
];
const player = { isLogin: true, agent: false, operator: false };

describe('route guard', () => {
  it('aliases and unknown paths go home; /lottery to the hall', () => {
    for (const p of ['/', '/home', '/404', '/nope'])
      expect(guard(p, p, null, false, table)).toEqual({ kind: 'redirect', to: '/index' });
    expect(guard('/lottery', '/lottery', null, false, table)).toEqual({
      kind: 'redirect',
      to: '/lotteryHall',
    });
  });
  it('auth route without a user goes to login with the full path', () => {
    expect(guard('/personalInfo', '/personalInfo?tab=2', null, false, table)).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/personalInfo?tab=2')}`,
    });
  });
  it('stored user with a falsy login flag is expired', () => {
    expect(
      guard('/personalInfo', '/personalInfo', { ...player, isLogin: false }, false, table),
    ).toEqual({ kind: 'expired', loginTo: '/login?redirect=%2FpersonalInfo' });
  });
  it('agent-only routes send non-agents to /', () => {
    expect(guard('/agentReport', '/agentReport', player, false, table)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      guard('/agentReport', '/agentReport', { ...player, agent: true }, false, table).kind,
    ).toBe('allow');
  });
  it('operator routes need an operator', () => {
    expect(guard('/admin', '/admin', player, false, table)).toEqual({
      kind: 'redirect',
      to: '/index',
    });
    expect(guard('/admin', '/admin', { ...player, operator: true }, false, table).kind).toBe(
      'allow',
    );
  });
  it('first load on login/register probes user info', () => {
    expect(guard('/login', '/login', null, true, table).kind).toBe('probeInfo');
    expect(guard('/register', '/register', null, true, table).kind).toBe('probeInfo');
    expect(guard('/login', '/login', null, false, table).kind).toBe('allow');
  });
  it('public pages are allowed without a user', () => {
    expect(guard('/index', '/index', null, false, table).kind).toBe('allow');
  });
  it('loading overlay skipped within a group only', () => {
    expect(skipsLoading(table[3], table[4])).toBe(true);
    expect(skipsLoading(table[0], table[3])).toBe(false);
    expect(skipsLoading(null, table[3])).toBe(false);
  });
});

describe('loading overlay between lottery pages', () => {
  const lotteryRoute = {
    path: '/lottery/:type/:code',
    title: '购彩',
    component: null as never,
    auth: true,
    noLoadingSameParam: 'type',
  };
  it('skips it between two lotteries of the same type, not across types', () => {
    expect(skipsLoading(lotteryRoute, lotteryRoute, '/lottery/SSC/1008', '/lottery/SSC/1009')).toBe(
      true,
    );
    expect(skipsLoading(lotteryRoute, lotteryRoute, '/lottery/SSC/1008', '/lottery/K3/1407')).toBe(
      false,
    );
  });
});
