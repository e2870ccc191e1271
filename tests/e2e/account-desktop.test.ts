/**
 * The site on a desktop browser (1280 px wide): /index and /login render without a
 * horizontal scroll bar, as on a phone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './browser.ts';

let b: Browser;
afterEach(async () => {
  await b?.close();
});

/** How far the page is wider than the window (0 when it fits). */
async function overflowPx(b: Browser): Promise<number> {
  return b.page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );
}

describe('desktop width', () => {
  for (const [path, ready] of [
    ['/index', 'main'],
    ['/login', 'form'],
  ] as const) {
    it(`renders ${path} at 1280 px without horizontal overflow`, async () => {
      b = await openBrowser();
      await b.page.setViewportSize({ width: 1280, height: 800 });
      await b.page.goto(`${b.baseUrl}${path}`);
      await b.page.locator(ready).first().waitFor({ timeout: 15_000 });
      await b.page.waitForLoadState('networkidle');
      expect(await b.page.evaluate(() => window.innerWidth)).toBe(1280);
      expect(await overflowPx(b)).toBeLessThanOrEqual(0);
    });
  }
});
