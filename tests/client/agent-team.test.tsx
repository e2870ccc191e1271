/**
 * /agentMember's drill-down: the level is in the address (?parentId=), the breadcrumb runs from me
 * down the server's path, tapping a member with a downline opens its level, a crumb goes back up;
 * a search covers the whole team; 调整返点 only for my direct members, bounded by minRebate and mine.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  canDrill,
  crumbsOf,
  editsPoints,
  parentIdOf,
  teamHref,
} from '../../src/client/features/agent/teamPath';
import { currentUser } from '../../src/client/state/session';
import AgentMemberPage from '../../src/client/features/agent/pages/AgentMemberPage';
import { callsTo, ok, refuse, stubNetwork, USER, type Call } from './records-net';

const ME = { userId: 7, userName: 'agent01' };

describe('team path (pure)', () => {
  it('reads the level from the address, only a positive whole id', () => {
    expect(parentIdOf('')).toBeNull();
    expect(parentIdOf('?parentId=12')).toBe(12);
    expect(parentIdOf('parentId=12')).toBe(12);
    for (const bad of [
      '?parentId=0',
      '?parentId=-3',
      '?parentId=1.5',
      '?parentId=abc',
      '?parentId=',
    ])
      expect(parentIdOf(bad)).toBeNull();
  });
  it('links my own level as the bare page', () => {
    expect(teamHref(null, 7)).toBe('/agentMember');
    expect(teamHref(7, 7)).toBe('/agentMember');
    expect(teamHref(12, 7)).toBe('/agentMember?parentId=12');
  });
  it('builds the breadcrumb from me down the server path, with or without me in it, never twice', () => {
    const a = { userId: 12, userName: 'lv1' };
    const b = { userId: 30, userName: 'lv2' };
    expect(crumbsOf(ME, undefined)).toEqual([ME]);
    expect(crumbsOf(ME, [])).toEqual([ME]);
    expect(crumbsOf(ME, [a, b])).toEqual([ME, a, b]);
    expect(crumbsOf(ME, [ME, a, b])).toEqual([ME, a, b]);
    expect(crumbsOf(ME, [a, a])).toEqual([ME, a]);
  });
  it('drills into agents and anyone with members; edits points only on my own unsearched level', () => {
    expect(canDrill({ isAgent: 1, childCount: 0 })).toBe(true);
    expect(canDrill({ isAgent: 0, childCount: 2 })).toBe(true);
    expect(canDrill({ isAgent: 0, childCount: 0 })).toBe(false);
    expect(editsPoints(null, 7, false)).toBe(true);
    expect(editsPoints(7, 7, false)).toBe(true);
    expect(editsPoints(12, 7, false)).toBe(false);
    expect(editsPoints(null, 7, true)).toBe(false);
  });
});

const P = (n: number) => ({
  K3: String(n),
  SSC: String(n),
  KL8: String(n),
  LHC: String(n),
  PK10: String(n),
  PL35: String(n),
  SYX5: String(n),
  FC3D: String(n),
  BJ28: String(n),
  GAME: '1',
});
const member = (userId: number, userName: string, over: Record<string, unknown> = {}) => ({
  userId,
  userName,
  isAgent: 0,
  online: false,
  balance: '10.00',
  lastLoginTime: null,
  rebate: P(7),
  grade: 1,
  registerTime: Date.UTC(2026, 10, 1, 16, 30),
  childCount: 0,
  ...over,
});

/** The team: me → lv1 (agent) → lv2 (agent) → leaf; plus a plain member of mine. */
function team(c: Call) {
  const parent = c.query.get('parentId');
  const name = c.query.get('userName');
  if (name)
    return ok({
      list: [member(40, 'leaf')].filter((m) => m.userName.startsWith(name)),
      total: 1,
      path: [],
    });
  if (!parent)
    return ok({
      list: [
        member(12, 'lv1', { isAgent: 1, childCount: 1, online: true }),
        member(13, 'plain', { grade: 0 }),
      ],
      total: 2,
      path: [],
    });
  if (parent === '12')
    return ok({
      list: [member(30, 'lv2', { isAgent: 1, childCount: 1 })],
      total: 1,
      path: [{ userId: 12, userName: 'lv1' }],
    });
  if (parent === '30')
    return ok({
      list: [member(40, 'leaf')],
      total: 1,
      path: [
        { userId: 12, userName: 'lv1' },
        { userId: 30, userName: 'lv2' },
      ],
    });
  return refuse('该用户不是您的下级');
}

beforeEach(() => {
  currentUser.value = { ...USER, ...ME, agent: true };
  window.history.replaceState(null, '', '/agentMember');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const crumbs = () =>
  within(screen.getByRole('navigation', { name: '层级' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('›', '').trim());

describe('AgentMemberPage', () => {
  it('drills down two levels and back up by the breadcrumb and by the browser', async () => {
    stubNetwork({ '/v1/users/userManage': team });
    render(<AgentMemberPage />);
    const lv1 = await screen.findByRole('listitem', { name: '成员 lv1' });
    expect(lv1.textContent).toContain('在线');
    expect(lv1.textContent).toContain('从未登录');
    expect(lv1.textContent).toContain('2026-11-02 00:30'); // register time in Beijing
    expect(
      within(screen.getByRole('listitem', { name: '成员 plain' })).queryByRole('button', {
        name: /下级/,
      }),
    ).toBeNull();
    // a grade reads as on the member's own 我的 page (domain gradeShow): VIP1, and 未定级 for 0, never VIP0
    expect(lv1.textContent).toContain('VIP1');
    expect(screen.getByRole('listitem', { name: '成员 plain' }).textContent).toContain('未定级');
    expect(screen.getByRole('listitem', { name: '成员 plain' }).textContent).not.toContain('VIP0');
    expect(crumbs()).toEqual(['我的下级']);

    fireEvent.click(within(lv1).getByRole('button', { name: '查看 lv1 的下级' }));
    await screen.findByRole('listitem', { name: '成员 lv2' });
    expect(window.location.search).toBe('?parentId=12');
    expect(callsTo('/v1/users/userManage').at(-1)!.query.get('parentId')).toBe('12');
    // no point editor below my own level
    expect(screen.queryByRole('button', { name: '调整返点' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看 lv2 的下级' }));
    await screen.findByRole('listitem', { name: '成员 leaf' });
    await waitFor(() => expect(crumbs()).toEqual(['我的下级', 'lv1', 'lv2']));
    expect(screen.getByText('lv2', { selector: '[aria-current="page"]' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'lv1' }));
    await screen.findByRole('listitem', { name: '成员 lv2' });
    expect(window.location.search).toBe('?parentId=12');
    await waitFor(() => expect(crumbs()).toEqual(['我的下级', 'lv1']));

    window.history.back(); // the browser's back returns to the level below
    await screen.findByRole('listitem', { name: '成员 leaf' });
    expect(window.location.search).toBe('?parentId=30');

    fireEvent.click(screen.getByRole('link', { name: '我的下级' }));
    await screen.findByRole('listitem', { name: '成员 plain' });
    expect(window.location.pathname + window.location.search).toBe('/agentMember');
  });

  it('searches the whole team by name and shows a refusal with a retry', async () => {
    stubNetwork({ '/v1/users/userManage': team });
    render(<AgentMemberPage />);
    await screen.findByRole('listitem', { name: '成员 lv1' });
    fireEvent.change(screen.getByLabelText('用户名', { selector: 'input' }), {
      target: { value: 'le' },
    });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByRole('listitem', { name: '成员 leaf' });
    expect(callsTo('/v1/users/userManage').at(-1)!.query.get('userName')).toBe('le');
    expect(screen.queryByRole('navigation', { name: '层级' })).toBeNull();

    cleanup();
    window.history.replaceState(null, '', '/agentMember?parentId=999');
    render(<AgentMemberPage />);
    expect(await screen.findByText('该用户不是您的下级')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('edits a direct member between its downline minimum and my points', async () => {
    stubNetwork({
      '/v1/users/userManage': team,
      '/v1/users/userManageList': () =>
        ok({
          userId: 12,
          userName: 'lv1',
          isAgent: 1,
          rebate: P(7),
          minRebate: { K3: '6' },
          maxRebate: P(8),
        }),
      '/v1/users/updateLowerRebate': () => ok(null),
    });
    render(<AgentMemberPage />);
    const lv1 = await screen.findByRole('listitem', { name: '成员 lv1' });
    fireEvent.click(within(lv1).getByRole('button', { name: '调整返点' }));
    const dialog = await screen.findByRole('dialog');
    const k3 = await within(dialog).findByLabelText('快三返点', { selector: 'input' });
    // the range, and what my rebate keeps at the member's current point (its K3 is 7: 8 − 7)
    expect(within(dialog).getByText('可设 6 - 8 · 返点差 1')).toBeTruthy();
    fireEvent.change(k3, { target: { value: '5.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('快三 返点不能低于其下级已使用的 6')).toBeTruthy();
    fireEvent.change(k3, { target: { value: '8.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('快三 返点不能高于上级的 8')).toBeTruthy();
    expect(callsTo('/v1/users/updateLowerRebate')).toHaveLength(0);
    fireEvent.change(k3, { target: { value: '6.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo('/v1/users/updateLowerRebate')).toHaveLength(1));
    const body = callsTo('/v1/users/updateLowerRebate')[0]!.body;
    expect(body.get('userId')).toBe('12');
    expect(JSON.parse(body.get('rebate')!).K3).toBe('6.5');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
