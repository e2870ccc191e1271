/**
 * The betting page's HTML (dist/lottery.html, vite.config.ts `routeHtml`; sent by
 * src/server/http/pwa.ts and the service worker) preloads the page's chunks, so a phone fetches
 * them beside the first screen's code instead of after it has run; other routes get index.html.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_PLAYER, logIn, openBrowser, type Browser } from './browser.ts';

const GAME_PATH = '/lottery/SSC/1008';
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

describe('betting page preloads', () => {
  it("names the betting page's chunks in the HTML of its route only, and they all exist", async () => {
    const baseUrl = inject('baseUrl');
    const game = await (await fetch(`${baseUrl}${GAME_PATH}`)).text();
    const index = await (await fetch(`${baseUrl}/index`)).text();
    const extra = preloads(game).filter((href) => !preloads(index).includes(href));
    expect(extra.some((href) => /\/assets\/BettingPage-[\w-]+\.js$/.test(href))).toBe(true);
    expect(extra.some((href) => /\/assets\/lottery-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloads(game)) {
      const res = await fetch(`${baseUrl}${href}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('cache-control'), href).toBe('public, max-age=31536000, immutable');
    }
    // everything else about the two pages is the same
    expect(game.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')).toBe(index.replace(/\s*<link rel="modulepreload"[^>]*>/g, ''));
  });

  it('starts the betting chunk with the first screen, and the service worker serves the same HTML offline', async () => {
    b = await openBrowser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    const cdp = await b.context.newCDPSession(b.page);
    await cdp.send('Network.enable');
    const initiators: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (/\/assets\/BettingPage-[\w-]+\.js$/.test(e.request.url)) initiators.push(e.initiator.type);
    });
    await b.page.goto(`${b.baseUrl}${GAME_PATH}`);
    await b.page.locator('nav[aria-label="玩法"]').waitFor({ timeout: 15_000 });
    // asked for by the HTML parser (its modulepreload), not by the main chunk's script once it ran
    expect(initiators[0]).toBe('parser');
    await b.page.evaluate(async () => { await navigator.serviceWorker.ready; });
    if (!(await b.page.evaluate(() => !!navigator.serviceWorker.controller))) {
      await b.page.reload();
      await b.page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
    }
    await b.context.setOffline(true);
    await b.page.reload();
    const html = await b.page.content();
    expect(preloads(html).some((href) => /\/assets\/BettingPage-[\w-]+\.js$/.test(href))).toBe(true);
    await b.page.getByText(/离线/).first().waitFor({ timeout: 15_000 });
    await b.context.setOffline(false);
  });
});
