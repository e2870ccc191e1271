/**
 * The site offline in real Chromium (context.setOffline, with the service worker active): one offline
 * banner and no time-sync warning; pages that need the server say the network is missing (never
 * "contact support"); lottery pages read before show their cached content marked as such; a bet
 * submitted offline says it needs the network and sends nothing; back online the banner goes and no
 * time-sync warning appears on the next pages. One request that gets no answer while the browser is
 * online and the server answers the probe shows no banner at all.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeEnpathUrl } from '../../src/domain/enpath.ts';
import { controlled, e2eFixture, logIn } from './browser.ts';
import { PASSWORD, SSC_1MIN, fundedPlayer } from './lotteryHelpers.ts';

const fx = e2eFixture();

const BANNER = '当前处于离线状态，部分功能不可用';
const OFFLINE_STATE = '网络未连接，联网后将自动重新加载';
const CACHED_NOTE = '离线内容，可能不是最新';
const NEEDS_NETWORK = '当前处于离线状态，此操作需要网络连接，请联网后重试';
const TIME_SYNC = '无法同步服务器时间';

const bannerCount = (page: Page) => page.getByText(BANNER, { exact: true }).count();
const timeSyncShown = (page: Page) => page.getByText(TIME_SYNC).count();
/** Long enough for the time sync to have run and failed (each probe fails at once offline). */
const settle = (page: Page) => page.waitForTimeout(3000);

describe('offline', () => {
  it('one request dropped while online shows no banner: the probe gets through', async () => {
    const b = await fx.browser();
    const page = b.page;
    // records whether the banner was ever in the page, however briefly
    await b.context.addInitScript(() => {
      const w = window as unknown as { __bannerSeen: boolean };
      w.__bannerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="offline-banner"]')) w.__bannerSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    let dropped = 0;
    await b.context.route('**/v1/enpath/**', (route) => {
      const u = new URL(route.request().url());
      if (
        decodeEnpathUrl(u.pathname + u.search)?.realPath === '/v1/management/content/banners' &&
        dropped++ === 0
      )
        return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(`${b.baseUrl}/index`);
    // the probe goes out as soon as the request fails: idle means it has answered
    await page.waitForLoadState('networkidle');
    expect(dropped).toBeGreaterThanOrEqual(1);
    expect(
      await page.evaluate(() => (window as unknown as { __bannerSeen: boolean }).__bannerSeen),
    ).toBe(false);
    expect(await bannerCount(page)).toBe(0);
  });

  it('one banner, offline states instead of "contact support", cached pages marked, bets refused, and no time-sync warning', async () => {
    const { userName } = await fundedPlayer(fx.sql, '100.00');
    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/index`);
    await controlled(page);
    // read online once: the hall (service worker cache) and the betting page (plays and rebates held in IndexedDB)
    await page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    await page.getByText('极速时时彩').first().waitFor({ timeout: 20_000 });
    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await page.getByRole('button', { name: '万位 1', exact: true }).waitFor({ timeout: 20_000 });

    const sentBets: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      const real = decodeEnpathUrl(u.pathname + u.search)?.realPath ?? u.pathname;
      if (/addBetting|addChaseBetting|addFastBetting/.test(real)) sentBets.push(real);
    });

    await b.context.setOffline(true);
    await page.goto(`${b.baseUrl}/index`);
    await page.getByText(BANNER, { exact: true }).waitFor({ timeout: 15_000 });
    await settle(page);
    expect(await bannerCount(page)).toBe(1);
    expect(await timeSyncShown(page)).toBe(0);

    for (const path of ['/betRecord', `/trendChart/${SSC_1MIN}`]) {
      await page.goto(`${b.baseUrl}${path}`);
      await page.getByText(OFFLINE_STATE).first().waitFor({ timeout: 15_000 });
      const text = await page.locator('#root').innerText();
      expect(text, path).not.toContain('客服');
      expect(await bannerCount(page)).toBe(1);
      expect(await timeSyncShown(page), path).toBe(0);
    }

    await page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    await page.getByText('极速时时彩').first().waitFor({ timeout: 15_000 });
    await page.getByText(CACHED_NOTE).waitFor({ timeout: 15_000 });

    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await page.getByRole('button', { name: '万位 1', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText(CACHED_NOTE).waitFor({ timeout: 15_000 });
    for (const row of ['万位', '千位', '百位', '十位', '个位'])
      await page.getByRole('button', { name: `${row} 1`, exact: true }).click();
    await page.getByRole('button', { name: '立即投注', exact: true }).click();
    await page.getByText(NEEDS_NETWORK).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog', { name: '确认投注' }).count()).toBe(0);
    expect(sentBets).toEqual([]);
    expect(await timeSyncShown(page)).toBe(0);

    await b.context.setOffline(false);
    await expect.poll(() => bannerCount(page), { timeout: 10_000 }).toBe(0);
    for (const path of ['/index', '/lotteryHall']) {
      await page.goto(`${b.baseUrl}${path}`);
      await settle(page);
      expect(await bannerCount(page), path).toBe(0);
      expect(await timeSyncShown(page), path).toBe(0);
    }
  }, 120_000);
});
