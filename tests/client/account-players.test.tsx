/**
 * What players met in the account pages (issue 9): a guest on /resetLoginPassword is sent to the
 * forgot-password flow instead of a form asking for an old password, and setting the safety password
 * the first time asks for the login password once (no verify page before the set-up page).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import ResetLoginPasswordPage from '../../src/client/features/account/pages/ResetLoginPasswordPage';
import SecurityCenterPage from '../../src/client/features/account/pages/SecurityCenterPage';
import FindSecurityPasswordPage from '../../src/client/features/account/pages/FindSecurityPasswordPage';
import { ok, stubNetwork, USER } from './records-net';

function at(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  currentUser.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/resetLoginPassword', () => {
  it('sends a guest to the forgot-password flow, never showing the old-password form', async () => {
    at('/resetLoginPassword');
    render(<ResetLoginPasswordPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/forgotPassword'));
    expect(screen.queryByLabelText('原密码')).toBeNull();
  });

  it('treats a stored user whose login has lapsed as a guest', async () => {
    currentUser.value = { ...USER, isLogin: false };
    at('/resetLoginPassword');
    render(<ResetLoginPasswordPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/forgotPassword'));
  });

  it('shows a logged-in player the change form', async () => {
    currentUser.value = USER;
    at('/resetLoginPassword');
    render(<ResetLoginPasswordPage />);
    expect(await screen.findByLabelText('原密码')).toBeTruthy();
    expect(window.location.pathname).toBe('/resetLoginPassword');
  });
});

describe('setting the safety password the first time', () => {
  it('goes from the security centre straight to the page that asks the login password once', async () => {
    currentUser.value = USER;
    stubNetwork({
      '/v1/users/securityList': () =>
        ok({ list: [{ type: 'safetyPassword', name: '资金密码', set: false, value: '' }] }),
      '/v1/users/isChangeSafetyPassword': () => ok({ hasSafetyPassword: false }),
    });
    at('/securityCenter');
    render(<SecurityCenterPage />);
    const link = await screen.findByRole('link', { name: /资金密码/ });
    expect(link.getAttribute('href')).toBe('/findSecurityPassword');
    cleanup();

    at('/findSecurityPassword');
    render(<FindSecurityPasswordPage />);
    const form = (await screen.findByRole('button', { name: '确认设置' })).closest('form')!;
    expect(within(form).getAllByLabelText('登录密码')).toHaveLength(1);
  });
});
