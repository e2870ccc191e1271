/// <reference lib="webworker" />
/**
 * Service worker: precaches the app shell, falls back to index.html for
 * navigations, and serves a few public config GETs stale-while-revalidate.
 * Money, user and betting calls and every POST always go to the network.
 */
import { precacheAndRoute, createHandlerBoundToURL, cleanupOutdatedCaches } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { decodeEnpathUrl } from '../src/domain/enpath';
import { CACHED_ANSWER_HEADER } from '../src/domain/constants';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), {
  denylist: [/^\/v1\//, /^\/uploads\//],
}));

const NEVER = [/^\/v1\/betting\//, /^\/v1\/balance\//, /^\/v1\/transaction\//, /^\/v1\/users\//];
const CACHEABLE = [/^\/v1\/management\/tenant\/getTenantConfig$/, /^\/v1\/management\/content\/[^/]+$/, /^\/v1\/lottery\/howToPlay$/];
/** Public draw results: network first (no stale draw while online), the cached copy offline. */
const RESULTS = [/^\/v1\/betting\/lotteryOpenData$/, /^\/v1\/lottery\/openResult$/];

/** The real path of an enpath URL, or null. */
export function realPathOf(url: URL): string | null {
  const d = decodeEnpathUrl(url.pathname + url.search);
  return d ? d.realPath : null;
}

export function isCacheableApi(url: URL, method: string): boolean {
  if (method !== 'GET' || url.origin !== self.location.origin) return false;
  const real = realPathOf(url);
  if (!real || NEVER.some((r) => r.test(real))) return false;
  return CACHEABLE.some((r) => r.test(real));
}

export function isResultsApi(url: URL, method: string): boolean {
  if (method !== 'GET' || url.origin !== self.location.origin) return false;
  const real = realPathOf(url);
  return real !== null && RESULTS.some((r) => r.test(real));
}

/**
 * Marks an answer served from this worker's cache (header read by the page's request function, which
 * labels the page 离线内容 when it is offline). The page cannot tell otherwise: the body is the same.
 */
const markCachedAnswer: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(CACHED_ANSWER_HEADER, headers.get('date') ?? '1');
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request }) => isResultsApi(url, request.method),
  new NetworkFirst({
    cacheName: 'lottery-results',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 }), markCachedAnswer],
  }),
  'GET',
);

registerRoute(
  ({ url, request }) => isCacheableApi(url, request.method),
  new StaleWhileRevalidate({
    cacheName: 'public-config',
    plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 24 * 60 * 60 }), markCachedAnswer],
  }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let payload: { title?: string; body?: string; url?: string } = {};
  try { payload = event.data ? (event.data.json() as typeof payload) : {}; } catch { payload = { body: event.data?.text() }; }
  event.waitUntil(self.registration.showNotification(payload.title || '鸿运彩票', {
    body: payload.body || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: payload.url || '/index' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url || '/index', self.location.origin);
  // Only same-origin targets: a push payload must not open arbitrary sites.
  const url = target.origin === self.location.origin ? target.href : new URL('/index', self.location.origin).href;
  event.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const w of wins) {
      if (w.url === url && 'focus' in w) return void (await w.focus());
    }
    const first = wins[0];
    if (first) { await first.focus(); await first.navigate(url); return; }
    await self.clients.openWindow(url);
  })());
});
