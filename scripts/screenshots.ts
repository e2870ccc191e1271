/**
 * `npm run screenshots`: the real server on a temp data dir, 360x740 screenshots in Chromium
 * of the main screens into docs/screenshots/*.png (used by the README), then the server stops.
 * Needs the built site (`npx vite build`, or `npm start` once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PLAYER, OPERATOR, submitLogin } from '../tests/e2e/browser.ts';
import { ApiClient } from '../tests/e2e/api.ts';
import { startTempServer } from './tempServer.ts';

const OUT_DIR = path.resolve('docs', 'screenshots');

interface Shot {
  name: string;
  path: string;
  as?: { userName: string; password: string };
}

const SHOTS: Shot[] = [
  { name: 'index', path: '/index' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'personalInfo', path: '/personalInfo', as: DEMO_PLAYER },
  { name: 'securityCenter', path: '/securityCenter', as: DEMO_PLAYER },
  { name: 'admin', path: '/admin', as: OPERATOR },
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // Let lazy chunks render and entry animations finish.
  await page.waitForTimeout(600);
}

async function capture(baseUrl: string, shot: Shot, profileRoot: string) {
  const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(profileRoot, 'p-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
    locale: 'zh-CN',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (shot.as) {
      await page.goto(`${baseUrl}/login`);
      await submitLogin(page, shot.as.userName, shot.as.password);
      await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
    }
    await page.goto(baseUrl + shot.path);
    await settle(page);
    const file = path.join(OUT_DIR, `${shot.name}.png`);
    await page.screenshot({ path: file });
    console.log(`${shot.path.padEnd(16)} → ${path.relative(process.cwd(), file)}`);
  } finally {
    await context.close();
  }
}

if (!fs.existsSync('dist/index.html')) {
  console.error('dist/index.html is missing: run `npx vite build` first');
  process.exit(1);
}
fs.mkdirSync(OUT_DIR, { recursive: true });
const profileRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shots-'));
const temp = await startTempServer();
try {
  for (const shot of SHOTS) await capture(temp.url, shot, profileRoot);
  // The maintenance page, as a player sees it while the operator has the switch on.
  const operator = new ApiClient(temp.url);
  await operator.login(OPERATOR.userName, OPERATOR.password);
  await operator.call('POST', '/v1/admin/site/status', { maintenance: 1 });
  await capture(temp.url, { name: 'maintain', path: '/maintain' }, profileRoot);
} finally {
  await temp.close();
  fs.rmSync(profileRoot, { recursive: true, force: true });
}
