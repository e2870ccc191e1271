/**
 * The JavaScript the first screen (/index) loads, gzipped: measured by loading /index in
 * Chromium and summing the gzip size (level 9, what a compressing proxy would send) of every
 * script the page fetched from dist/. The static entry graph from dist/index.html is printed
 * beside it, for reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser.ts';

const DIST = path.resolve('dist');

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Scripts and modulepreloads named in dist/index.html (the static part of the first screen). */
export function entryScripts(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g))
    found.add(m[1]);
  return [...found];
}

/** Every same-origin .js the page requested while loading /index and settling. */
export async function scriptsLoadedBy(url: string): Promise<string[]> {
  const profile = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'site-bench-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
  });
  const origin = new URL(url).origin;
  const scripts = new Set<string>();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (req) => {
      const u = new URL(req.url());
      // page requests only (the service worker's precache fetches are not the page's); sw.js runs in the worker.
      if (u.origin === origin && u.pathname.endsWith('.js') && !u.pathname.endsWith('/sw.js')) {
        scripts.add(u.pathname);
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // the service worker and the background worker start once the page has settled (main.tsx):
    // their page-side chunks are still the first screen's
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return [...scripts];
}

export function totalGzipKb(urlPaths: string[]): number {
  let bytes = 0;
  for (const p of urlPaths) {
    const file = path.join(DIST, p.replace(/^\//, ''));
    if (fs.existsSync(file)) bytes += gzipSize(file);
  }
  return bytes / 1024;
}
