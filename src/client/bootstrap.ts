/** App start (spec 000 section 4): wiring of the dispatcher, stored user, rebate cache, embedded-chat events. */
import { navigate } from './router';
import { findRoute } from './routeTable';
import { routes } from './routes';
import { setDispatchDeps } from './api/dispatch';
import { currentUser, clearUser, clearRebateCache, getLastLoginAt, loadStoredUser, refreshUser, setUser, storeLoginMessage, type UserInfo } from './state/session';
import { loadTenantConfig } from './state/tenant';
import { setQuotaListener } from './storage/stores';
import { preloadBettingCode, prefetchBettingPage } from './features/lottery/early';
import { confirmDialog, showAlert, showToast } from './ui';
import { followSignedIn, readSignedIn } from './signedIn';

/** Settles once app start has read the stored user (startApp). */
let storedUserRead: Promise<unknown> = Promise.resolve();

export function wireDispatcher(): void {
  setDispatchDeps({
    navigate: (p) => navigate(p, { replace: false }),
    currentPath: () => location.pathname + location.search,
    clearUser,
    markExpired: async () => {
      await storedUserRead; // an early request can be answered before app start has read who is signed in
      const u = currentUser.value;
      const route = findRoute(location.pathname, routes);
      if (!u || !u.isLogin || !route || !(route.auth || route.agentOnly || route.operatorOnly)) return false;
      await setUser({ ...u, isLogin: false });
      return true;
    },
    storeLoginMessage: (m) => { void storeLoginMessage(m); },
    alert: showAlert,
    confirm: (t) => confirmDialog(t),
    toast: showToast,
    lastLoginAt: getLastLoginAt,
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  setQuotaListener((m) => showToast(m));
}

function isUserPayload(v: unknown): v is UserInfo {
  return Boolean(v && typeof v === 'object' && typeof (v as UserInfo).userId === 'number' && typeof (v as UserInfo).userName === 'string');
}

/** Embedded chat posts login/bind events; only same-origin messages are trusted. */
export function listenEmbeddedChat(): void {
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== window.location.origin) return;
    const data = e.data as { type?: string; user?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if ((data.type === 'login' || data.type === 'bind') && isUserPayload(data.user)) void setUser({ ...data.user, isLogin: true });
  });
}

/** Paths that show the home page and its banner (the home page and its aliases, routeTable.ts). */
const HOME_PATHS = new Set(['/', '/index', '/home']);
export const HOME_BANNER_URL = '/banners/1.svg';

/**
 * The first home banner is the home page's largest paint: fetch it early, but only where it is shown
 * (as a tag in index.html it was fetched on every route, one more request ahead of each page's data).
 */
export function preloadHomeBanner(pathname: string): void {
  if (!HOME_PATHS.has(pathname)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = HOME_BANNER_URL;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** What app start does for a signed-in player, before the page renders. */
function startSignedIn(userId: number): void {
  // fresh rebates each start, but offline the held ones are all the betting page can show
  if (navigator.onLine) void clearRebateCache().catch(() => {});
  prefetchBettingPage(location.pathname, userId);
}

export async function startApp(): Promise<void> {
  preloadHomeBanner(location.pathname);
  preloadBettingCode(location.pathname);
  wireDispatcher();
  listenEmbeddedChat();
  // The betting page's data goes out now, beside the page's code, not after IndexedDB has opened.
  const signedIn = readSignedIn();
  if (signedIn) startSignedIn(signedIn.userId);
  const reading = loadStoredUser();
  storedUserRead = reading.catch(() => {});
  const stored = await reading;
  followSignedIn();
  void loadTenantConfig();
  if (stored) {
    if (stored.isLogin && stored.userId !== signedIn?.userId) startSignedIn(stored.userId);
    // Refresh in the background; a dead session is handled by the dispatcher.
    void refreshUser().then((u) => { if (!u && currentUser.value && !navigator.onLine) return; });
  }
}
