/**
 * The betting page's ready time on a throttled phone profile, in Chromium: 150 ms round trip,
 * 1.6 Mbps down, 750 kbps up, CPU slowed 4x (CDP Network.emulateNetworkConditions and
 * Emulation.setCPUThrottlingRate), against the real built site on a temp server, logged in as the
 * demo player.
 *
 * "Ready" is the moment the page shows the issue on sale (`第…期 距封盘`), the play menu (the
 * 玩法 navigation with its first ball row) and the balance (`余额：….元`), measured in the page from
 * its navigation start.
 * - cold: the session only (login cookie, stored user); no HTTP cache, no service worker, no
 *   Cache Storage, no held play catalogue;
 * - warm: a second visit with the HTTP cache, the service worker (activated) and IndexedDB kept.
 * Limitation: CDP throttles the page's own requests; a request the service worker makes itself (its
 * network-first results on a warm visit) is not throttled.
 *
 * Each visit also records where its time went (Phases: HTML, main chunk, the page's code, first
 * data request, last data answer, ready), printed as medians under the ready times.
 *
 * Baseline, in the same browser and run, on the same profile: the load of a bare file of the same
 * server (robots.txt, no cache): the round trips and the machine's speed that any page pays. The
 * ready times are printed as ratios to it, so a busy machine or a slow run shows in both.
 *
 * Standalone: `npx tsx tests/bench/gamePage.ts [--runs N] [--baseline <dist dir>]` (needs
 * `npx vite build` first); also run by run.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser.ts';
import { median, spread, worst } from './runs.ts';

export const PHONE = { latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000, cpuSlowdown: 4 };
export const AIM_COLD_MS = 1500;
export const AIM_WARM_MS = 800;
const RUNS = 3;
const GAME_PATH = '/lottery/SSC/1008';
const DEMO = { userName: 'player01', password: 'player123' };
const READY_TIMEOUT_MS = 60_000;

/** Where a visit's time went, in ms from navigation start (resource timing of the page). */
export interface Phases {
  /** the HTML has arrived */
  html: number;
  /** the entry script (index.html's module script) has arrived */
  mainJs: number;
  /** the last script chunk before ready (the page's own code) had arrived */
  pageCode: number;
  /** the first API request was sent */
  firstData: number;
  /** the last API answer before ready had arrived */
  lastData: number;
  ready: number;
}

export interface GamePageResult {
  /** the baseline: a bare file of the same server loaded on the same profile, no cache */
  baseMs: number[];
  coldMs: number[];
  warmMs: number[];
  coldPhases: Phases[];
  warmPhases: Phases[];
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBps / 8,
    uploadThroughput: PHONE.uploadBps / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
}

async function unthrottle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/** The baseline: the load time of the server's robots.txt (navigation start to its last byte). */
async function timeBareFile(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/robots.txt`, { waitUntil: 'load' });
  const ms = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
  );
  await page.goto('about:blank');
  return Math.round(ms);
}

/** Opens the game page and resolves with where the time went until it was ready. */
async function timeReady(page: Page, baseUrl: string): Promise<Phases> {
  await page.goto(`${baseUrl}${GAME_PATH}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const text = document.body.innerText;
      const issue = /第\S+期\s*距封盘/.test(text);
      const menu =
        document.querySelector('nav[aria-label="玩法"]') &&
        document.querySelector('[aria-label="万位 0"]');
      const balance = /余额：\d[\d,]*\.\d{2}元/.test(text);
      return issue && menu && balance ? performance.now() : 0;
    },
    null,
    { polling: 50, timeout: READY_TIMEOUT_MS },
  );
  const ready = (await handle.jsonValue()) as number;
  const phases = await page.evaluate((readyAt) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const entrySrc = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    const main = all.find((e) => e.name === entrySrc);
    const data = all.filter(
      (e) => new URL(e.name).pathname.startsWith('/v1/') && e.responseEnd <= readyAt,
    );
    return {
      html: nav.responseEnd,
      mainJs: main?.responseEnd ?? Number.NaN,
      pageCode: Math.max(
        ...all
          .filter((e) => e.name.endsWith('.js') && e.responseEnd <= readyAt)
          .map((e) => e.responseEnd),
      ),
      firstData: Math.min(...data.map((e) => e.startTime)),
      lastData: Math.max(...data.map((e) => e.responseEnd)),
      ready: readyAt,
    };
  }, ready);
  return Object.fromEntries(
    Object.entries(phases).map(([k, v]) => [k, Math.round(v)]),
  ) as unknown as Phases;
}

async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('用户名', { exact: true }).fill(DEMO.userName);
  await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
}

/** Forgets everything but the session: HTTP cache, service workers, Cache Storage, the held catalogue and rebates. */
async function forgetAllButSession(page: Page, cdp: CDPSession, origin: string): Promise<void> {
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const k of await caches.keys()) await caches.delete(k);
    for (const db of ['hy-plays', 'hy-rebate', 'hy-clock']) {
      await new Promise<void>((resolve) => {
        const req = indexedDB.deleteDatabase(db);
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      });
    }
  });
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage',
  });
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function withBrowser<T>(fn: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-game-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
    locale: 'zh-CN',
  });
  try {
    return await fn(context, context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** One cold and one warm visit per run, each run in a fresh profile. */
export async function benchGamePage(baseUrl: string, runs = RUNS): Promise<GamePageResult> {
  const result = emptyResult();
  for (let i = 0; i < runs; i++) {
    await withBrowser(async (context, page) => {
      const cdp = await context.newCDPSession(page);
      await logIn(page, baseUrl); // the session cookie and the stored user stay; everything else goes
      await forgetAllButSession(page, cdp, baseUrl);
      await throttle(cdp);
      result.baseMs.push(await timeBareFile(page, baseUrl));
      await cdp.send('Network.clearBrowserCache');
      const cold = await timeReady(page, baseUrl);
      result.coldPhases.push(cold);
      result.coldMs.push(cold.ready);
      // the service worker installs and precaches during the cold visit: let it become active
      await unthrottle(cdp);
      await waitForServiceWorker(page);
      await page.goto('about:blank');
      await throttle(cdp);
      const warm = await timeReady(page, baseUrl);
      result.warmPhases.push(warm);
      result.warmMs.push(warm.ready);
    });
  }
  return result;
}

export function emptyResult(): GamePageResult {
  return { baseMs: [], coldMs: [], warmMs: [], coldPhases: [], warmPhases: [] };
}

export function printGamePageBench(r: GamePageResult): void {
  // each run's ratio to its own baseline, so a slow run is compared with its own conditions
  const ratios = (xs: number[]) => xs.map((x, i) => x / (r.baseMs[i] ?? Number.NaN));
  const line = (name: string, xs: number[], aim: number) => {
    const m = median(xs);
    return `${name}  ${spread(xs, 'lower')} ms   aim < ${aim} ms: ratio to aim ${(m / aim).toFixed(2)} (worst ${(worst(xs, 'lower') / aim).toFixed(2)})   ratio to baseline ${spread(ratios(xs), 'lower', 2)}`;
  };
  console.log(
    `\n== Betting page ready on a phone profile (${PHONE.latencyMs} ms RTT, ${PHONE.downloadBps / 1e6} Mbps down, ${PHONE.uploadBps / 1e3} kbps up, CPU ${PHONE.cpuSlowdown}x) ==`,
  );
  console.log(`baseline  bare file (robots.txt, no cache)  ${spread(r.baseMs, 'lower')} ms`);
  console.log(line('cold', r.coldMs, AIM_COLD_MS));
  console.log(line('warm', r.warmMs, AIM_WARM_MS));
  const phases = (name: string, ps: Phases[]) => {
    const m = (k: keyof Phases) => String(median(ps.map((p) => p[k]))).padStart(5);
    return `${name}  medians: html ${m('html')}   main chunk ${m('mainJs')}   page code ${m('pageCode')}   first data request ${m('firstData')}   last data answer ${m('lastData')}   ready ${m('ready')} ms`;
  };
  console.log(phases('cold', r.coldPhases));
  console.log(phases('warm', r.warmPhases));
}

/** `--name value` from the command line, or undefined. */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/**
 * Standalone. `--baseline <dir>` also serves another build (e.g. one of the main branch, built
 * with `npx vite build --outDir <dir>`) from a second server and alternates the runs between the
 * two, so both meet the same machine load; `--runs N` sets the runs per build.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startTempServer } = await import('../../scripts/tempServer.ts');
  const runs = Number(arg('runs') ?? RUNS);
  const baselineDir = arg('baseline');
  const temp = await startTempServer();
  const base = baselineDir
    ? await startTempServer({ env: { DIST_DIR: path.resolve(baselineDir) } })
    : null;
  try {
    const mine = emptyResult();
    const theirs = emptyResult();
    for (let i = 0; i < runs; i++) {
      const add = (into: GamePageResult, r: GamePageResult) => {
        into.baseMs.push(...r.baseMs);
        into.coldMs.push(...r.coldMs);
        into.warmMs.push(...r.warmMs);
        into.coldPhases.push(...r.coldPhases);
        into.warmPhases.push(...r.warmPhases);
      };
      if (base) add(theirs, await benchGamePage(base.url, 1));
      add(mine, await benchGamePage(temp.url, 1));
    }
    if (base) {
      console.log(`\nbaseline build: ${baselineDir}`);
      printGamePageBench(theirs);
      console.log('\nthis build: dist/');
    }
    printGamePageBench(mine);
  } finally {
    await base?.close();
    await temp.close();
  }
}
