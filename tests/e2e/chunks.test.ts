/**
 * Over HTTP/1.1 (six connections per origin) each extra file costs a phone a round trip in the
 * queue: the first screen's code comes in at most two files and the betting page adds at most
 * three (vite.config.ts `codeSplitting.groups`; it was ten and nine). The service worker and the
 * background worker start only once the page has settled (main.tsx, settled.ts), not beside its first
 * requests, and so does the web manifest (Chrome fetches its icon at once); the favicon is inline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, logIn, openBrowser, type Browser } from './browser.ts';

let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

/** Same-origin .js files the page itself asked for while `step` ran (not the service worker's). */
async function scriptsDuring(page: Browser['page'], step: () => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  const onRequest = (req: { url(): string }) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) seen.add(path);
  };
  page.on('request', onRequest);
  try {
    await step();
  } finally {
    page.off('request', onRequest);
  }
  return [...seen];
}

describe('code files per page', () => {
  it('loads the first screen in at most two files and the betting page in at most three more', async () => {
    b = await openBrowser();
    const page = b.page;
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    // a fresh document without any cache: what a first visit fetches
    const cdp = await b.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    });
    const first = await scriptsDuring(page, async () => {
      await page.goto(`${b!.baseUrl}/index`, { waitUntil: 'networkidle' });
    });
    // what index.html names: the entry and its static imports
    const html = await (await fetch(`${b.baseUrl}/index`)).text();
    const entry = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);
    expect(entry.every((p) => first.includes(p)), `${entry.join(' ')} / ${first.join(' ')}`).toBe(true);
    expect(entry.length, first.join(' ')).toBeGreaterThan(0);
    expect(entry.length, first.join(' ')).toBeLessThanOrEqual(2);
    const betting = await scriptsDuring(page, async () => {
      await page.goto(`${b!.baseUrl}/lottery/SSC/1008`);
      await page.locator('nav[aria-label="玩法"]').waitFor({ timeout: 15_000 });
    });
    const bettingCode = betting.filter((p) => !first.includes(p) && !/\/(client|workbox-window[\w.-]*)-[\w-]+\.js$/.test(p));
    expect(bettingCode.some((p) => /\/BettingPage-[\w-]+\.js$/.test(p)), betting.join(' ')).toBe(true);
    expect(bettingCode.length, bettingCode.join(' ')).toBeLessThanOrEqual(3);
  });

  it('starts the service worker, the background worker and the web manifest a second after the load event, not beside the first requests', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.evaluate(async () => { await navigator.serviceWorker.ready; });
    const t = await b.page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const at = (re: RegExp) => performance.getEntriesByType('resource').find((e) => re.test(e.name))?.startTime ?? -1;
      return {
        loadAt: nav.loadEventEnd, swLibraryAt: at(/\/assets\/workbox-window[\w.-]*\.js$/), workerClientAt: at(/\/assets\/client-[\w-]+\.js$/),
        manifestAt: at(/\/manifest\.webmanifest$/),
        pngIcons: performance.getEntriesByType('resource').filter((e) => /\/icons\/.*\.png$/.test(e.name) && e.startTime < nav.loadEventEnd).length,
      };
    });
    expect(t.loadAt).toBeGreaterThan(0);
    // the manifest (and with it Chrome's fetch of its icon) comes after the first screen too; the favicon is inline
    for (const at of [t.swLibraryAt, t.workerClientAt, t.manifestAt]) expect(at - t.loadAt, JSON.stringify(t)).toBeGreaterThanOrEqual(900);
    expect(t.pngIcons, JSON.stringify(t)).toBe(0);
  });
});
