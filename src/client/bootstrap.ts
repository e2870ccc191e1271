/** App start (spec 000 section 4): wiring of the dispatcher, stored user, rebate cache, embedded-chat events. */
import { effect } from '@preact/signals-react';
import { navigate } from 'wouter/use-browser-location';
import { findRoute } from './routeTable';
import { routes } from './routes';
import { setDispatchDeps } from './api/dispatch';
import {
  currentUser,
  clearUser,
  clearRebateCache,
  getLastLoginAt,
  loadStoredUser,
  refreshUser,
  setUser,
  storeLoginMessage,
  type UserInfo,
} from './state/session';
import { loadTenantConfig } from './state/tenant';
import { setQuotaListener } from './storage/stores';
import {
  preloadBettingCode,
  prefetchBettingPlayer,
  prefetchBettingPublic,
} from './features/lottery/early';
import { forgetLastAnswers, pruneLastAnswers, queryClient } from './query';
import { confirmDialog, showAlert, showToast } from './ui';

export function wireDispatcher(): void {
  setDispatchDeps({
    navigate: (p) => navigate(p, { replace: false }),
    currentPath: () => location.pathname + location.search,
    clearUser,
    markExpired: async () => {
      const u = currentUser.value;
      const route = findRoute(location.pathname, routes);
      if (!u?.isLogin || !route || !(route.auth || route.agentOnly || route.operatorOnly))
        return false;
      await setUser({ ...u, isLogin: false });
      return true;
    },
    storeLoginMessage: (m) => {
      void storeLoginMessage(m);
    },
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
  return Boolean(
    v &&
      typeof v === 'object' &&
      typeof (v as UserInfo).userId === 'number' &&
      typeof (v as UserInfo).userName === 'string',
  );
}

/** Embedded chat posts login/bind events; only same-origin messages are trusted. */
export function listenEmbeddedChat(): void {
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== window.location.origin) return;
    const data = e.data as { type?: string; user?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if ((data.type === 'login' || data.type === 'bind') && isUserPayload(data.user))
      void setUser({ ...data.user, isLogin: true });
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

/**
 * One user's server data must never show to the next: the query cache, the answers kept for offline
 * and the rebates are emptied when the user logged in changes or logs out (not at the first login of
 * the page: nothing of anyone's is held in memory, and what is kept on the device is keyed by user).
 */
export function scopeQueriesToUser(): () => void {
  let lastUserId = currentUser.value?.userId ?? 0;
  return effect(() => {
    const userId = currentUser.value?.userId ?? 0;
    if (userId === lastUserId) return;
    if (lastUserId) {
      // emptied, not removed: a screen still open asks again for the new user (resetQueries)
      void queryClient.resetQueries();
      void forgetLastAnswers().catch(() => {});
      void clearRebateCache().catch(() => {});
    }
    lastUserId = userId;
  });
}

export async function startApp(): Promise<void> {
  preloadHomeBanner(location.pathname);
  preloadBettingCode(location.pathname);
  wireDispatcher();
  listenEmbeddedChat();
  scopeQueriesToUser();
  // What the betting page shows everyone goes out before IndexedDB has opened (90-140 ms of a phone's start).
  prefetchBettingPublic(location.pathname);
  const stored = await loadStoredUser();
  void loadTenantConfig();
  void pruneLastAnswers().catch(() => {});
  if (stored) {
    // The player's own data for the betting page goes out now, beside users/info and the page's code.
    if (stored.isLogin) prefetchBettingPlayer(location.pathname, stored.userId);
    // Refresh in the background; a dead session is handled by the dispatcher.
    void refreshUser().then((u) => {
      if (!u && currentUser.value && !navigator.onLine) return;
    });
  }
}
