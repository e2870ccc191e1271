/**
 * The device's push subscription (src/client/features/push/subscription.ts): permission is asked
 * first and only by turnOn, a refusal is the blocked state, the subscription is made with the
 * site's key (one made with another key is dropped first) and sent to the server as the browser
 * gives it, and logout drops it on both sides.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  getVapidPublicKey: vi.fn(async () => ({ publicKey: SITE_KEY })),
  saveSubscription: vi.fn(async () => null),
  removeSubscription: vi.fn(async () => null),
}));
vi.mock('../../src/client/features/push/api', () => api);

const SITE_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const SITE_KEY = Buffer.from(SITE_KEY_BYTES).toString('base64url');

import {
  dropOnLogout,
  readPushState,
  turnOff,
  turnOn,
} from '../../src/client/features/push/subscription';

interface FakeSub {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeSub(key: Uint8Array, endpoint = 'https://push.example.net/abc'): FakeSub {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'P256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

let permission: NotificationPermission;
let existing: FakeSub | null;
const calls: string[] = [];
const pushManager = {
  getSubscription: vi.fn(async () => existing),
  subscribe: vi.fn(async (o: { applicationServerKey: Uint8Array }) => {
    calls.push('subscribe');
    existing = fakeSub(o.applicationServerKey, 'https://push.example.net/new');
    return existing;
  }),
};

beforeEach(() => {
  vi.clearAllMocks();
  calls.length = 0;
  permission = 'default';
  existing = null;
  const reg = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(reg), getRegistration: async () => reg },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission;
      },
      requestPermission: vi.fn(async () => {
        calls.push('ask');
        return permission;
      }),
    },
  });
});

describe('push subscription', () => {
  it('reads the state without asking', async () => {
    expect(await readPushState()).toBe('off');
    permission = 'denied';
    expect(await readPushState()).toBe('blocked');
    permission = 'granted';
    existing = fakeSub(SITE_KEY_BYTES);
    expect(await readPushState()).toBe('on');
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('is unsupported without the Push API', async () => {
    Reflect.deleteProperty(window, 'PushManager');
    expect(await readPushState()).toBe('unsupported');
    expect(await turnOn()).toBe('unsupported');
  });

  it('a refused permission is blocked and subscribes nothing', async () => {
    permission = 'denied';
    expect(await turnOn()).toBe('blocked');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.saveSubscription).not.toHaveBeenCalled();
  });

  it('asks first, subscribes with the site key and tells the server', async () => {
    permission = 'granted';
    expect(await turnOn()).toBe('on');
    expect(calls).toEqual(['ask', 'subscribe']);
    const opts = pushManager.subscribe.mock.calls[0][0] as {
      applicationServerKey: Uint8Array;
      userVisibleOnly: boolean;
    };
    expect(opts.userVisibleOnly).toBe(true);
    expect([...opts.applicationServerKey]).toEqual([...SITE_KEY_BYTES]);
    expect(api.saveSubscription).toHaveBeenCalledWith({
      endpoint: 'https://push.example.net/new',
      p256dh: 'P256',
      auth: 'AUTH',
    });
  });

  it('drops a subscription made with another key before subscribing', async () => {
    permission = 'granted';
    const old = fakeSub(Uint8Array.from({ length: 65 }, () => 4));
    existing = old;
    expect(await turnOn()).toBe('on');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('turns off and drops on logout on both sides', async () => {
    permission = 'granted';
    const sub = fakeSub(SITE_KEY_BYTES);
    existing = sub;
    await turnOff();
    expect(api.removeSubscription).toHaveBeenCalledWith(sub.endpoint);
    expect(sub.unsubscribe).toHaveBeenCalled();
    const again = fakeSub(SITE_KEY_BYTES, 'https://push.example.net/again');
    existing = again;
    await dropOnLogout();
    expect(api.removeSubscription).toHaveBeenLastCalledWith('https://push.example.net/again');
    expect(again.unsubscribe).toHaveBeenCalled();
  });
});
