/**
 * The ways into the agent screens: the user centre's 代理 menu (an agent's pages that this build's
 * route table has; for anyone else the page saying how to become one), the agent routes' guard, and
 * the register page filled from an agent's register link (?inviteCode=).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { agentMenu, AGENT_PAGES } from '../../src/client/features/agent/menu';
import { findRoute, routes } from '../../src/client/routes';
import { guard } from '../../src/client/guard';
import RegisterPage from '../../src/client/features/account/pages/RegisterPage';
import { ok, stubNetwork } from './records-net';
import { registerLink } from '../../src/client/features/agent/components/CodeCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('agent entries', () => {
  it('offers an agent every built agent page and a non-agent the intro only', () => {
    const rows = agentMenu(true);
    expect(rows[0]).toMatchObject({ href: '/agentIntro', label: '代理中心' });
    for (const r of rows) expect(findRoute(r.href.split('?')[0]!, routes), r.href).not.toBeNull();
    for (const href of ['/agentMember', '/manageIcode/agentCode', '/manageInvite'])
      expect(rows.map((r) => r.href)).toContain(href);
    // a report page enters the menu exactly when its route exists
    const built = AGENT_PAGES.filter((p) => findRoute(p.href, routes)).length;
    expect(rows).toHaveLength(built + 1);
    expect(agentMenu(false)).toEqual([
      expect.objectContaining({ href: '/agentIntro', label: '成为代理' }),
    ]);
  });

  it('lets only agents into the agent pages, and any logged-in user into the intro', () => {
    const player = { isLogin: true, agent: false, operator: false };
    const agent = { ...player, agent: true };
    for (const path of [
      '/manageIcode',
      '/manageIcode/agentCode',
      '/manageIcode/memberCode',
      '/manageInvite',
      '/agentMember',
    ]) {
      expect(guard(path, path, player, false, routes), path).toEqual({ kind: 'redirect', to: '/' });
      expect(guard(path, path, agent, false, routes).kind, path).toBe('allow');
    }
    expect(guard('/agentIntro', '/agentIntro', player, false, routes).kind).toBe('allow');
    expect(guard('/agentIntro', '/agentIntro', null, false, routes)).toMatchObject({
      kind: 'redirect',
      to: expect.stringContaining('/login?redirect='),
    });
  });

  it('fills the invite code from the register link', async () => {
    expect(registerLink('https://x.example', '12345678')).toBe(
      'https://x.example/register?inviteCode=12345678',
    );
    stubNetwork({
      '/v1/management/tenant/getNewRegisterVerifyFront': () =>
        ok({
          list: [
            { field: 'userName', label: '用户名', required: true, pattern: 'userName' },
            { field: 'inviteCode', label: '邀请码', required: false, pattern: null },
          ],
        }),
    });
    window.history.replaceState(null, '', '/register?inviteCode=12345678');
    render(<RegisterPage />);
    const input = (await screen.findByLabelText('邀请码（选填）', {
      selector: 'input',
    })) as HTMLInputElement;
    expect(input.value).toBe('12345678');
  });
});
