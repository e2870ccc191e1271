/**
 * A new app version: the service worker of a rebuilt site waits, the page says 发现新版本, and the
 * update is applied only on the player's word — refused while a filled bet slip is on screen.
 * Runs a second server (its own clone of the template database) over a copy of dist/, so the
 * rebuild does not touch the dist/ the other files serve.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TempServer } from '../../scripts/tempServer.ts';
import { startCloneServer } from './fileServer.ts';
import { DEMO_PLAYER, logIn, openBrowser, type Browser } from './browser.ts';
import { choosePlay } from './lotteryHelpers.ts';

let server: TempServer;
let dist: string;
let b: Browser | undefined;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'site-update-dist-'));
  fs.cpSync(path.resolve(process.env.DIST_DIR ?? 'dist'), dist, { recursive: true });
  server = await startCloneServer({ env: { DIST_DIR: dist } });
});
afterEach(async () => b?.close());
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** "Deploys" a new build: the service worker script changes (its precompressed copies go). */
function deployNewVersion() {
  const sw = path.join(dist, 'sw.js');
  fs.appendFileSync(sw, `\n// build ${Date.now()}\n`);
  for (const ext of ['.br', '.gz']) fs.rmSync(sw + ext, { force: true });
}

describe('app update', () => {
  it('announces a new version, holds it under a filled bet slip, and applies it on 立即更新', async () => {
    b = await openBrowser();
    b.baseUrl = server.url;
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    const page = b.page;
    await page.goto(`${server.url}/lottery/SSC/1008`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
      await page.reload();
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
        timeout: 15_000,
      });
    }
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    );
    expect(firstWorker).toMatch(/\/sw\.js$/);

    // a filled slip on screen
    await choosePlay(page, '定位胆', '定位胆');
    await page.getByRole('button', { name: '万位 1', exact: true }).click();
    await page.getByRole('button', { name: '加入号码篮', exact: true }).click();
    await page.getByRole('button', { name: '号码篮(1)', exact: true }).waitFor();

    deployNewVersion();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await page.getByText('发现新版本').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: '立即更新' }).click();
    await page.getByText('请先完成当前操作后再更新').waitFor({ timeout: 5_000 });
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);

    // away from the slip, the player's word applies it: the new worker takes over and the page reloads
    await page.goto(`${server.url}/index`);
    await page.getByText('发现新版本').waitFor({ timeout: 20_000 });
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: '立即更新' }).click();
    await reloaded;
    await page.waitForFunction(
      async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !!reg?.active && !reg.waiting;
      },
      null,
      { timeout: 15_000 },
    );
    await expect(page.getByText('发现新版本').count()).resolves.toBe(0);
  });
});
