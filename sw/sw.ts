/// <reference lib="webworker" />
/**
 * Service worker: precaches the app shell, falls back to index.html for
 * navigations, and serves a few public config GETs stale-while-revalidate.
 * Money, user and betting calls and every POST always go to the network.
 */
import {
  precacheAndRoute,
  createHandlerBoundToURL,
  cleanupOutdatedCaches,
} from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { decodeEnpathUrl } from '../src/domain/enpath';
import { CACHED_ANSWER_HEADER } from '../src/domain/constants';
import type { PushPayload } from '../src/domain/push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/v1\//, /^\/uploads\//],
  }),
);

const NEVER = [/^\/v1\/betting\//, /^\/v1\/balance\//, /^\/v1\/transaction\//, /^\/v1\/users\//];
const CACHEABLE = [
  /^\/v1\/management\/tenant\/getTenantConfig$/,
  /^\/v1\/management\/content\/[^/]+$/,
  /^\/v1\/lottery\/howToPlay$/,
];
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
 * Only a success envelope is kept or served: a refusal (maintenance -7, site closed, IP rule) stored
 * while the site was shut would, served later stale-while-revalidate, send the player back to the
 * status page after the site is open again. A copy stored by an older worker is dropped the same way.
 */
async function isSuccessEnvelope(res: Response): Promise<boolean> {
  if (!res.ok) return false;
  try {
    return ((await res.clone().json()) as { code?: unknown } | null)?.code === 1;
  } catch {
    return false;
  }
}
const keepSuccessOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((await isSuccessEnvelope(response)) ? response : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse && (await isSuccessEnvelope(cachedResponse)) ? cachedResponse : null,
};

/**
 * Marks an answer served from this worker's cache (header read by the page's request function, which
 * labels the page 离线内容 when it is offline). The page cannot tell otherwise: the body is the same.
 */
const markCachedAnswer: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(CACHED_ANSWER_HEADER, headers.get('date') ?? '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

registerRoute(
  ({ url, request }) => isResultsApi(url, request.method),
  new NetworkFirst({
    cacheName: 'lottery-results',
    networkTimeoutSeconds: 4,
    plugins: [
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 }),
      keepSuccessOnly,
      markCachedAnswer,
    ],
  }),
  'GET',
);

registerRoute(
  ({ url, request }) => isCacheableApi(url, request.method),
  new StaleWhileRevalidate({
    cacheName: 'public-config',
    plugins: [
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 24 * 60 * 60 }),
      keepSuccessOnly,
      markCachedAnswer,
    ],
  }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** What a push carries (src/domain/push.ts); anything missing gets a default so a notification always shows. */
function pushPayload(event: PushEvent): PushPayload {
  let raw: Partial<PushPayload> = {};
  try {
    raw = event.data ? (event.data.json() as Partial<PushPayload>) : {};
  } catch {
    raw = { body: event.data?.text() };
  }
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
  return {
    title: str(raw.title, '鸿运彩票'),
    body: str(raw.body, '您有一条新消息'),
    url: str(raw.url, '/chatRoom'),
    tag: str(raw.tag, ''),
  };
}

/** Only same-origin targets: a push payload must not open another site. */
function sameOriginUrl(path: unknown): URL {
  const fallback = new URL('/index', self.location.origin);
  try {
    const u = new URL(typeof path === 'string' ? path : '/index', self.location.origin);
    return u.origin === self.location.origin ? u : fallback;
  } catch {
    return fallback;
  }
}

// Every push shows a notification: browsers revoke subscriptions that receive silent pushes.
self.addEventListener('push', (event) => {
  const p = pushPayload(event);
  const target = sameOriginUrl(p.url);
  const options: NotificationOptions & { renotify?: boolean } = {
    body: p.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: target.pathname + target.search },
  };
  // a newer push with the same tag (the same envelope, the same chat) replaces the shown one and alerts again
  if (p.tag) Object.assign(options, { tag: p.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(p.title, options));
});

/** Tapping a notification: a window already on that page is focused; else one is sent there or opened. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = wins.find((w) => {
        const u = new URL(w.url);
        return u.pathname + u.search === target.pathname + target.search;
      });
      if (same) return void (await same.focus());
      const first = wins[0];
      if (first) {
        try {
          const moved = await first.navigate(target.href);
          if (moved) return void (await moved.focus());
        } catch {
          // an uncontrolled window cannot be navigated from here: open a new one
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
