/**
 * Over HTTP/1.1 (six connections per origin) each extra file costs a phone a round trip in the
 * queue: the first screen's code comes in at most two files and the betting page adds at most
 * three (vite.config.ts `codeSplitting.groups`; it was ten and nine), plus the plays of its own
 * family and of no other (domain/lottery/lazyCatalogue.ts). The service worker and the background
 * worker start only once the page has settled (main.tsx, settled.ts), not beside its first
 * requests, and so does the web manifest (Chrome fetches its icon at once); the favicon is inline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, logIn, openBrowser, type Browser } from './browser.ts';

/** A play name of each family that no other family's plays and no shared code contain. */
const FAMILY_MARKERS = { SSC: '斗牛', K3: '三连号通选', LHC: '特肖', SYX5: '猜必不中' } as const;

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
  it("loads the first screen in at most two files and the betting page in at most four more, with its family's plays and without the dialog library", async () => {
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
    const entry = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(
      entry.every((p) => first.includes(p)),
      `${entry.join(' ')} / ${first.join(' ')}`,
    ).toBe(true);
    expect(entry.length, first.join(' ')).toBeGreaterThan(0);
    expect(entry.length, first.join(' ')).toBeLessThanOrEqual(2);
    const betting = await scriptsDuring(page, async () => {
      await page.goto(`${b!.baseUrl}/lottery/SSC/1008`);
      await page.locator('nav[aria-label="玩法"]').waitFor({ timeout: 15_000 });
    });
    // the service worker's library and the background worker start on every page once it has settled
    const bettingCode = betting.filter(
      (p) => !first.includes(p) && !/\/(client|worker|workbox-window[\w.-]*)-[\w-]+\.js$/.test(p),
    );
    expect(
      bettingCode.some((p) => /\/BettingPage-[\w-]+\.js$/.test(p)),
      betting.join(' '),
    ).toBe(true);
    // the page, the shared lottery code, the money forms' hook (under 1 KB, shared with the money pages)
    // and the plays of this family only: the sheets (BetPanels, the history drawer) and the dialog
    // library they need wait until the page is ready and has settled
    expect(bettingCode.length, bettingCode.join(' ')).toBeLessThanOrEqual(4);
    expect(
      betting.filter((p) => /\/(dialog|BetPanels|HistoryDrawer)-[\w-]+\.js$/.test(p)),
      betting.join(' '),
    ).toEqual([]);
  });

  it("loads the plays of the betting page's own family only", async () => {
    b = await openBrowser();
    const page = b.page;
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    const familiesIn = async (url: string): Promise<string[]> => {
      const scripts = await scriptsDuring(page, async () => {
        await page.goto(`${b!.baseUrl}${url}`);
        await page.locator('nav[aria-label="玩法"]').waitFor({ timeout: 15_000 });
      });
      const code = (
        await Promise.all(scripts.map(async (p) => (await fetch(`${b!.baseUrl}${p}`)).text()))
      ).join('\n');
      return Object.entries(FAMILY_MARKERS)
        .filter(([, name]) => code.includes(name))
        .map(([family]) => family);
    };
    // each visit is a new document: the service worker's precache may answer, the page's requests are still seen
    expect(await familiesIn('/lottery/SSC/1008')).toEqual(['SSC']);
    expect(await familiesIn('/lottery/K3/1407')).toEqual(['K3']);
    expect(await familiesIn('/lottery/LHC/1300')).toEqual(['LHC']);
  });

  it('starts the service worker, the background worker and the web manifest a second after the load event, not beside the first requests', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const t = await b.page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const at = (re: RegExp) =>
        performance.getEntriesByType('resource').find((e) => re.test(e.name))?.startTime ?? -1;
      return {
        loadAt: nav.loadEventEnd,
        swLibraryAt: at(/\/assets\/workbox-window[\w.-]*\.js$/),
        workerClientAt: at(/\/assets\/client-[\w-]+\.js$/),
        manifestAt: at(/\/manifest\.webmanifest$/),
        pngIcons: performance
          .getEntriesByType('resource')
          .filter((e) => /\/icons\/.*\.png$/.test(e.name) && e.startTime < nav.loadEventEnd).length,
      };
    });
    expect(t.loadAt).toBeGreaterThan(0);
    // the manifest (and with it Chrome's fetch of its icon) comes after the first screen too; the favicon is inline
    for (const at of [t.swLibraryAt, t.workerClientAt, t.manifestAt])
      expect(at - t.loadAt, JSON.stringify(t)).toBeGreaterThanOrEqual(900);
    expect(t.pngIcons, JSON.stringify(t)).toBe(0);
  });
});
