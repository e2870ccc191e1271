/**
 * Browser helpers for the end-to-end tests: system Chromium through playwright-core with a
 * fresh profile per test (no shared cookies, caches or service workers), a 360x740 phone
 * viewport, and the few steps many tests share.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { baseUrl, dbUrl } from './fileServer.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
    locale: 'zh-CN',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  track(page);
  return {
    context,
    page,
    baseUrl: baseUrl(),
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Per test file: a connection to the server's database (opened before the tests, closed after) and
 * browsers that are closed after each test.
 */
export function e2eFixture() {
  let db: Sql | null = null;
  const opened: Browser[] = [];
  beforeAll(() => {
    db = openDb();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((x) => x.close()));
  });
  afterAll(async () => {
    await db?.end();
  });
  return {
    get sql(): Sql {
      if (!db) throw new Error('the database opens in beforeAll');
      return db;
    },
    async browser(): Promise<Browser> {
      const x = await openBrowser();
      opened.push(x);
      return x;
    },
  };
}

/** A connection to the server's own database, for what the API must not offer. */
export function openDb(): Sql {
  return connect(dbUrl(), 2);
}

export const DEMO_PLAYER = { userName: 'player01', password: 'player123' } as const;
export const OPERATOR = { userName: 'admin', password: 'admin123456' } as const;

/** Fills the login form on the current /login page and submits it. */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Opens /login and logs in; resolves once the page has left /login. */
export async function logIn(b: Browser, userName: string, password: string): Promise<void> {
  await b.page.goto(`${b.baseUrl}/login`);
  await submitLogin(b.page, userName, password);
  await b.page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
}

/** A unique valid user name (letters and digits, starts with a letter). */
export function newUserName(): string {
  return `e2e${Date.now().toString(36)}${Math.floor(performance.now() % 1000)}`.slice(0, 14);
}

/** Waits until a service worker controls the page (it claims clients on activation). */
export async function controlled(page: Page): Promise<void> {
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

/** Requests of each page not yet answered (or failed), for quiet(). */
const inFlight = new WeakMap<Page, Set<object>>();

function track(page: Page): void {
  const open = new Set<object>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/**
 * Waits until the page is quiet: no request of it open, and still none after two animation frames
 * (what the last answers set off has rendered). For a check that something did not happen (no
 * redirect, no permission prompt) without a fixed sleep.
 */
export async function quiet(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('quiet() needs a page from openBrowser()');
  for (;;) {
    await expect.poll(() => open.size, { timeout: 15_000 }).toBe(0);
    await twoFrames(page);
    if (open.size === 0) return;
  }
}
