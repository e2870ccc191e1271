/**
 * The PWA itself: the manifest parses and Chromium finds no installability errors, and once
 * the service worker is active the site reloads offline, renders its shell and says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './browser.ts';

let b: Browser;
afterEach(async () => {
  await b?.close();
});

/** Waits until a service worker controls the page (it claims clients on activation). */
async function waitForServiceWorker(page: Browser['page']) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
      timeout: 15_000,
    });
  }
}

describe('PWA', () => {
  it('has a manifest without errors and no installability errors', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/index`);
    await waitForServiceWorker(b.page);
    // linked once the page has settled (main.tsx), like the service worker
    await b.page.waitForSelector('link[rel="manifest"]', { state: 'attached', timeout: 15_000 });
    const cdp = await b.context.newCDPSession(b.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    expect(manifest.url).toMatch(/manifest/);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}');
    expect(data.name || data.short_name).toBeTruthy();
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  });

  it('reloads offline from the service worker and shows the offline banner', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/index`);
    await waitForServiceWorker(b.page);
    await b.context.setOffline(true);
    await b.page.reload();
    // The shell renders (the app root has content) and says it is offline.
    await b.page.getByText(/离线/).first().waitFor({ timeout: 15_000 });
    const rootText = await b.page.locator('#root').innerText();
    expect(rootText.trim().length).toBeGreaterThan(0);
    await b.context.setOffline(false);
  });
});

describe('lottery content offline', () => {
  it('shows the lottery list, latest results and the rules from the cache when offline', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/index`);
    await waitForServiceWorker(b.page);
    // Read them once online so the service worker caches them.
    await b.page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    await b.page.getByText('极速时时彩').first().waitFor({ timeout: 20_000 });
    await b.page.goto(`${b.baseUrl}/howtoplay/1008`);
    await b.page.getByText('定位胆').first().waitFor({ timeout: 20_000 });
    await b.context.setOffline(true);
    await b.page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    await b.page.getByText('极速时时彩').first().waitFor({ timeout: 20_000 });
    await b.page.goto(`${b.baseUrl}/howtoplay/1008`);
    await b.page.getByText('定位胆').first().waitFor({ timeout: 20_000 });
    await b.context.setOffline(false);
  });
});
