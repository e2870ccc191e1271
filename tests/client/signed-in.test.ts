/**
 * App start sends the betting page's requests before IndexedDB has answered who is signed in, from
 * a synchronous copy in localStorage (src/client/signedIn.ts); the stored user stays the truth and
 * the copy follows it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import { clearUser, currentUser } from '../../src/client/state/session';
import { playsStore, put, remove, sessionStore, wipe } from '../../src/client/storage/stores';
import { resetLotteryListCache } from '../../src/client/features/lottery/hooks/useLotteries';
import { resetEarly } from '../../src/client/features/lottery/early';
import { startApp } from '../../src/client/bootstrap';
import { readSignedIn } from '../../src/client/signedIn';
import { USER, lotteryHandlers, ok, refuse, type Handler } from './lottery-fixtures';

const SIGNED_IN_KEY = 'hy-signed-in';
let sent: string[] = [];

function stubNetwork(handlers: Record<string, Handler>) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const decoded = decodeEnpathUrl(String(url));
    const path = decoded?.realPath ?? String(url);
    sent.push(path);
    const h = handlers[path];
    const env = h ? h({ path, method: 'GET', query: new URLSearchParams(decoded?.query ?? ''), body: new URLSearchParams() }) : refuse(`unexpected ${path}`);
    return new Response(JSON.stringify(env), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
}

beforeEach(async () => {
  resetEarly();
  resetLotteryListCache();
  localStorage.clear();
  await wipe(playsStore);
  await remove(sessionStore, 'user');
  stubNetwork({ ...lotteryHandlers(() => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 })), '/v1/users/info': () => ok(USER) });
  window.history.replaceState(null, '', '/lottery/SSC/1008');
});
afterEach(() => { vi.unstubAllGlobals(); currentUser.value = null; localStorage.clear(); });

describe('signed-in copy', () => {
  it('sends the betting page requests from the copy before the stored user is read, then follows the stored user', async () => {
    localStorage.setItem(SIGNED_IN_KEY, JSON.stringify({ userId: USER.userId }));
    const starting = startApp();
    // synchronously, before IndexedDB could have answered
    expect(sent).toContain('/v1/betting/nextIssueOpenData');
    expect(sent).toContain('/v1/balance/queryBalanceFront');
    await starting;
    // IndexedDB holds no signed-in user here: the copy goes
    expect(readSignedIn()).toBeNull();
  });

  it('waits for the stored user without a copy, then writes the copy, and drops it on logout', async () => {
    await put(sessionStore, 'user', USER);
    const starting = startApp();
    expect(sent).not.toContain('/v1/betting/nextIssueOpenData');
    await starting;
    await vi.waitFor(() => expect(sent).toContain('/v1/betting/nextIssueOpenData'));
    expect(readSignedIn()).toEqual({ userId: USER.userId });
    // let the background users/info refresh land first: it would sign the user in again
    await vi.waitFor(() => expect(sent).toContain('/v1/users/info'));
    await new Promise((r) => setTimeout(r, 50));
    await clearUser();
    expect(readSignedIn()).toBeNull();
  });
});
