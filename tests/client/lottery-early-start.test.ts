/**
 * App start on a betting route sends the page's requests before the stored user is read from
 * IndexedDB, by the user hint mirrored in localStorage; a stale hint is dropped for the stored user.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import { clearUser, currentUser, setUser, storedUserHint } from '../../src/client/state/session';
import { playsStore, sessionStore, put, wipe } from '../../src/client/storage/stores';
import { earlyKeys, resetEarly, takeEarly } from '../../src/client/features/lottery/early';
import { resetLotteryListCache } from '../../src/client/features/lottery/hooks/useLotteries';
import { startApp } from '../../src/client/bootstrap';
import { USER, lotteryHandlers, ok, refuse, type Handler } from './lottery-fixtures';

const ISSUE = '/v1/betting/nextIssueOpenData';
const BALANCE = '/v1/balance/queryBalanceFront';
const HINT_KEY = 'hy-user-hint';
let sent: string[] = [];

function stubNetwork() {
  const handlers: Record<string, Handler> = {
    ...lotteryHandlers(() => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 })),
    '/v1/users/info': () => ok(USER),
  };
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const decoded = decodeEnpathUrl(String(url));
    const path = decoded?.realPath ?? String(url);
    sent.push(path);
    const query = new URLSearchParams(decoded?.query ?? '');
    const h = handlers[path];
    const env = h ? h({ path, method: 'GET', query, body: new URLSearchParams() }) : refuse(`unexpected ${path}`);
    return new Response(JSON.stringify(env), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
}
const count = (path: string) => sent.filter((p) => p === path).length;

beforeEach(async () => {
  localStorage.clear();
  resetEarly();
  resetLotteryListCache();
  await wipe(playsStore);
  await put(sessionStore, 'user', USER);
  window.history.replaceState(null, '', '/lottery/SSC/1008');
  stubNetwork();
});
afterEach(() => { vi.unstubAllGlobals(); currentUser.value = null; });

describe('betting page requests at app start', () => {
  it('go out before IndexedDB is read when the user hint says logged in', async () => {
    localStorage.setItem(HINT_KEY, JSON.stringify({ userId: USER.userId, isLogin: true }));
    const started = startApp();
    // nothing awaited yet: the stored user cannot have been read
    expect(count(ISSUE)).toBe(1);
    expect(count(BALANCE)).toBe(1);
    await started;
    expect(count(ISSUE)).toBe(1); // not asked twice once the stored user agrees
  });

  it('are asked again for the stored user when the hint named another one', async () => {
    localStorage.setItem(HINT_KEY, JSON.stringify({ userId: USER.userId + 1, isLogin: true }));
    await startApp();
    expect(count(ISSUE)).toBe(2);
    // the page finds the stored user's early answers, not the stale ones
    const fallback = vi.fn(() => Promise.resolve(null));
    await takeEarly(earlyKeys.balance(USER.userId), fallback);
    expect(fallback).not.toHaveBeenCalled();
    expect(storedUserHint()).toEqual({ userId: USER.userId, isLogin: true });
  });

  it('is kept by setUser and cleared by clearUser', async () => {
    await setUser({ ...USER, isLogin: true });
    expect(storedUserHint()).toEqual({ userId: USER.userId, isLogin: true });
    await clearUser();
    expect(storedUserHint()).toBeNull();
  });
});
