/**
 * Serving the built PWA (src/server/http/pwa.ts) from a small fake dist/ in a temp folder:
 * precompressed variants chosen by Accept-Encoding, the original's type and cache headers,
 * 404 for missing files, index.html for client routes (re-read after a rebuild), no way out
 * of dist/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { setupTestApp, TestClient } from './helpers.ts';

const ctx = await setupTestApp();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pwa-test-'));
const dist = path.join(tmp, 'dist');
const SECRET = 'top-secret-outside-dist';

const APP_JS = `console.log(${JSON.stringify('鸿运彩票 '.repeat(200))});\n`;
const STYLE_CSS = `body{color:#b91c1c}\n`.repeat(100);
const INDEX_V1 = `<!doctype html><html lang="zh-CN"><head><title>鸿运彩票</title></head><body>${'<div>v1</div>'.repeat(50)}</body></html>`;

function write(rel: string, text: string | Buffer, variants: ('br' | 'gz')[] = []) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(text);
  fs.writeFileSync(file, bytes);
  if (variants.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
  if (variants.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes));
}

let app: FastifyInstance;

beforeAll(async () => {
  fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
  write('index.html', INDEX_V1, ['br', 'gz']);
  write('assets/index-abc123.js', APP_JS, ['br', 'gz']);
  write('assets/index-abc123.css', STYLE_CSS, ['gz']);
  write('sw.js', 'self.addEventListener("install", () => {});', ['br', 'gz']);
  write('manifest.webmanifest', '{"name":"鸿运彩票"}');
  write('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  write('.env', SECRET);
  app = await buildApp({ config: { ...ctx.config, distDir: dist }, sql: ctx.sql });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('precompressed files', () => {
  it('sends the brotli variant when br is accepted, with the original type and cache headers', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS));
  });

  it('sends gzip when only gzip is accepted, or br is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    }
  });

  it('falls back to gzip when the file has no brotli variant', async () => {
    const res = await get('/assets/index-abc123.css', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(STYLE_CSS);
  });

  it('sends the file itself without Accept-Encoding, or when no variant is accepted or exists', async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ] as Record<string, string>[]) {
      const res = await get('/assets/index-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(APP_JS);
    }
    const manifest = await get('/manifest.webmanifest', { 'accept-encoding': 'br, gzip' });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const png = await get('/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.length).toBe(8);
  });

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBe(0);
  });

  it('keeps sw.js revalidated on every load and answers a matching ETag with 304', async () => {
    const first = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/sw.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('client routes and missing files', () => {
  it('answers a client route with index.html, compressed when accepted', async () => {
    for (const url of ['/', '/index', '/lottery/1008?x=1', '/admin/', '/securityCenter']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_V1);
    }
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    for (const url of [
      '/assets/index-gone.js',
      '/assets/missing.css',
      '/icons/nope.png',
      '/nothing.webmanifest',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json().msg).toBe('文件不存在');
    }
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const indexV2 = INDEX_V1.replace(/v1/g, 'v2');
    const file = path.join(dist, 'index.html');
    write('index.html', indexV2, ['br', 'gz']);
    const later = new Date(Date.now() + 5000);
    for (const f of [file, `${file}.br`, `${file}.gz`]) fs.utimesSync(f, later, later);
    expect((await get('/index')).body).toBe(indexV2);
    const br = await get('/personalInfo', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(indexV2);
    write('index.html', INDEX_V1, ['br', 'gz']);
  });

  it('never serves a file outside dist/ or a dot file', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/.env',
      '/%2eenv',
      '/assets/%00index-abc123.js',
      '/%E0%A4%A',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain(SECRET);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('does not count page and asset loads against the per-IP API rate limit', async () => {
    const loads = Array.from({ length: 700 }, (_, i) =>
      get(i % 2 ? '/index' : '/assets/index-abc123.js'),
    );
    const statuses = new Set((await Promise.all(loads)).map((r) => r.statusCode));
    expect([...statuses]).toEqual([200]);
  });

  it('leaves the API routes to the API', async () => {
    const res = await new TestClient(app).get('/v1/getServerTime');
    expect(res.code).toBe(1);
    for (const [url, status, msg] of [
      ['/v1/enpath/!!!', 400, '请求地址编码不正确'],
      ['/v1/nothing', 404, '接口不存在'],
      ['/uploads/none.png', 404, '文件不存在'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().msg, url).toBe(msg);
    }
  });
});
