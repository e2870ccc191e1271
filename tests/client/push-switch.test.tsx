/**
 * The 红包提醒 switch when the browser has permission but turning on fails: it says why in Chinese,
 * by the kind of failure (no push service in this browser, the server refused with its code, no
 * network), keeps saying it, and stays off (a browser subscription the server did not take is dropped).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/client/api/request';

const api = vi.hoisted(() => ({
  getVapidPublicKey: vi.fn(async () => ({ publicKey: SITE_KEY })),
  saveSubscription: vi.fn(async (): Promise<null> => null),
  removeSubscription: vi.fn(async () => null),
}));
vi.mock('../../src/client/features/push/api', () => api);

const SITE_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))).toString(
  'base64url',
);

import { PushSwitch } from '../../src/client/features/push/PushSwitch';
import { PUSH_FAILURE_MSG } from '../../src/client/features/push/subscription';

let existing: {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
} | null;
const pushManager = {
  getSubscription: vi.fn(async () => existing),
  subscribe: vi.fn(async (o: { applicationServerKey: Uint8Array }) => {
    existing = {
      endpoint: 'https://push.example.net/new',
      options: { applicationServerKey: o.applicationServerKey.slice().buffer },
      toJSON: () => ({
        endpoint: 'https://push.example.net/new',
        keys: { p256dh: 'P256', auth: 'AUTH' },
      }),
      unsubscribe: vi.fn(async () => {
        existing = null;
        return true;
      }),
    };
    return existing;
  }),
};

beforeEach(() => {
  vi.clearAllMocks();
  existing = null;
  const reg = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(reg), getRegistration: async () => reg },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: { permission: 'granted', requestPermission: vi.fn(async () => 'granted') },
  });
});
afterEach(() => {
  cleanup();
});

async function tapSwitch() {
  render(<PushSwitch />);
  const toggle = await screen.findByRole('switch', { name: '红包提醒' });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  fireEvent.click(toggle);
  return toggle;
}

describe('the push switch says why turning on failed', () => {
  it('no push service: the browser refuses to subscribe', async () => {
    pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    const toggle = await tapSwitch();
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_FAILURE_MSG.noService);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(api.saveSubscription).not.toHaveBeenCalled();
  });

  it('the server refuses: its message and code, and the browser subscription is dropped', async () => {
    api.saveSubscription.mockRejectedValueOnce(new ApiError(-1, '推送地址不正确', null, 'refused'));
    const toggle = await tapSwitch();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(PUSH_FAILURE_MSG.refused('推送地址不正确', -1));
    expect(alert.textContent).toContain('推送地址不正确');
    expect(alert.textContent).toContain('-1');
    await waitFor(() => expect(existing).toBeNull());
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.querySelector('[data-push-state]')?.getAttribute('data-push-state')).toBe(
      'off',
    );
  });

  it('no network: says so and stays off', async () => {
    api.getVapidPublicKey.mockRejectedValueOnce(
      new ApiError(-1, '网络连接失败，请检查网络后重试', null, 'offline'),
    );
    const toggle = await tapSwitch();
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_FAILURE_MSG.network);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
