/**
 * Every entry on the home page and in the user centre opens a built page: the entries are read
 * from the DOM (so a new entry is checked without touching this test), each is clicked from a
 * fresh load of its page, and the page it lands on must be a route of this build: not the
 * fallback to /index that an unknown path gets, with its own title and heading. The home page's
 * banners are checked the same way (the shown one clicked, the others opened by their link), and
 * /mobile shows its QR code, which zbarimg (Debian zbar-tools) reads back as the site address.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PLAYER, logIn, openBrowser, type Browser } from './browser.ts';

let b: Browser;
beforeAll(async () => {
  b = await openBrowser();
  await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
});
afterAll(async () => {
  await b?.close();
});

interface Entry {
  label: string;
  href: string;
  index: number;
}

/** Same-site links under `selector`, with their text and position. */
async function entriesIn(page: Page, selector: string): Promise<Entry[]> {
  return page.locator(selector).evaluateAll((links) =>
    links
      .map((a, index) => ({
        label:
          (a.textContent ?? '').trim() ||
          a.getAttribute('aria-label') ||
          a.querySelector('img')?.getAttribute('alt') ||
          '',
        href: a.getAttribute('href') ?? '',
        index,
      }))
      .filter((e) => e.href.startsWith('/')),
  );
}

/** Where a click landed: why it is not a built page, or null when it is. */
async function problemOfLanding(page: Page, from: string, entry: Entry): Promise<string | null> {
  const wanted = entry.href.split(/[?#]/)[0];
  try {
    await page.waitForURL((u) => u.pathname !== from || wanted === from, { timeout: 8000 });
  } catch {
    return `没有离开 ${from}`;
  }
  // a route's page renders its heading; the title is `tenant - route title` once it has loaded
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
  const path = new URL(page.url()).pathname;
  const title = await page.title();
  if (path === '/index' && wanted !== '/index') return `回到了首页（${wanted} 不是已建页面）`;
  if (/ - 首页$/.test(title) && wanted !== '/index') return `标题是首页：${title}`;
  if (path === '/login') return '被送去登录页';
  if ((await page.locator('h1').count()) === 0) return `${path} 没有页面标题`;
  return null;
}

/** Opens `from` and waits for its entries, the last of them (`lastPart`, e.g. a lazy section) too. */
async function openWithEntries(from: string, lastPart: string) {
  await b.page.goto(`${b.baseUrl}${from}`);
  await b.page.locator(lastPart).first().waitFor({ timeout: 15_000 });
}

async function checkAll(
  from: string,
  selector: string,
  lastPart = selector,
): Promise<{ checked: string[]; failures: string[] }> {
  await openWithEntries(from, lastPart);
  const entries = await entriesIn(b.page, selector);
  const checked: string[] = [];
  const failures: string[] = [];
  for (const e of entries) {
    await openWithEntries(from, lastPart);
    const link = b.page.locator(selector).nth(e.index);
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    const problem = await problemOfLanding(b.page, from, e);
    checked.push(`${e.label} ${e.href}`);
    if (problem) failures.push(`${from} 「${e.label}」 ${e.href}: ${problem}`);
  }
  return { checked, failures };
}

describe('home page and user centre entries', () => {
  it('every home-page entry opens a built page', async () => {
    const hot = 'main section[aria-label="热门彩种"] a[href^="/lottery/"]';
    const { checked, failures } = await checkAll(
      '/index',
      `main nav[aria-label="功能入口"] a, main section[aria-label="热门彩种"] a`,
      hot,
    );
    console.info(`home entries checked: ${checked.join(', ')}`);
    expect(checked.length).toBeGreaterThanOrEqual(8);
    expect(checked.some((c) => c.includes('/lottery/'))).toBe(true); // the hot lotteries are there
    expect(failures).toEqual([]);
  }, 240_000);

  it('every user-centre entry opens a built page', async () => {
    const { checked, failures } = await checkAll('/personalInfo', 'main a[href^="/"]');
    console.info(`user-centre entries checked: ${checked.join(', ')}`);
    expect(checked.length).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  }, 240_000);

  it('every home banner goes where its link says (for a guest, who sees them first)', async () => {
    const guest = await openBrowser();
    try {
      await guest.page.goto(`${guest.baseUrl}/index`);
      await guest.page.locator('main a:has(img)').first().waitFor({ timeout: 30_000 });
      const banners = (
        await guest.page
          .locator('main a:has(img)')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
      ).filter((h) => h.startsWith('/'));
      expect(banners.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const href of banners) {
        await guest.page.goto(`${guest.baseUrl}${href}`);
        const wanted = href.split(/[?#]/)[0];
        await guest.page
          .waitForURL(
            (u) => u.pathname === wanted || u.pathname === '/login' || u.pathname === '/index',
            { timeout: 10_000 },
          )
          .catch(() => {});
        const landed = new URL(guest.page.url());
        // a page that needs a login sends a guest to /login with the way back; an unknown path goes to /index
        const ok =
          landed.pathname === wanted ||
          (landed.pathname === '/login' &&
            (landed.searchParams.get('redirect') ?? '').startsWith(wanted));
        if (!ok) failures.push(`banner ${href}: landed on ${landed.pathname}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await guest.close();
    }
  });

  it('/mobile shows the site address as a QR code and the home-screen steps', async () => {
    await b.page.goto(`${b.baseUrl}/mobile`);
    const qr = b.page.getByRole('img', { name: /网址二维码/ });
    await qr.waitFor({ timeout: 15_000 });
    expect(Number(await qr.getAttribute('data-qr-version'))).toBeGreaterThanOrEqual(1);
    expect(await b.page.getByText(`${b.baseUrl}/index`).count()).toBe(1);
    // the code as the browser draws it, read by a real reader
    const shot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mobile-qr-')), 'qr.png');
    await qr.screenshot({ path: shot });
    const read = execFileSync('zbarimg', ['--quiet', '--nodbus', '--raw', '-Sbinary', shot], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    fs.rmSync(path.dirname(shot), { recursive: true, force: true });
    expect(read.toString('utf8').trim()).toBe(`${b.baseUrl}/index`);
    await b.page.getByRole('tab', { name: '苹果手机' }).click();
    expect(await b.page.getByText('选择“添加到主屏幕”').count()).toBe(1);
    await b.page.getByRole('tab', { name: '安卓手机' }).click();
    expect(await b.page.getByText('选择“添加到主屏幕”或“安装应用”').count()).toBe(1);
  });
});
