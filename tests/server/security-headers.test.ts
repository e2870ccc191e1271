/**
 * Security headers (security issue 23 item 8) on every answer: API answers, errors, the built
 * pages and their static files. No other site may frame the site (/admin included); HSTS only over
 * TLS; pages may frame the embedded-chat partner only; user uploads keep their sandboxing CSP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { buildApp } from '../../src/server/app.ts';
import { setupTestApp } from './helpers.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir });
const proxied = await setupTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '1' });

/** a built site: index.html and one hashed asset */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><title>t</title><script type="module" src="/assets/a.js"></script>',
);
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'assets', 'a.js'), 'export {};');
const site = await buildApp({ config: { ...ctx.config, distDir }, sql: ctx.sql });
await site.ready();
afterAll(() => site.close());

type Headers = Record<string, unknown>;
const directives = (h: Headers) =>
  new Map(
    String(h['content-security-policy'])
      .split(/;\s*/)
      .map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );

function expectCommon(h: Headers) {
  expect(h['x-frame-options']).toBe('SAMEORIGIN');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

function expectSitePolicy(h: Headers) {
  expectCommon(h);
  const csp = directives(h);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('img-src')).toContain('data:');
  expect(csp.get('connect-src')?.split(' ')[0]).toBe("'self'");
}

describe('API answers', () => {
  it('carry the headers on success, refusals, bad input and unknown paths, without HSTS over http', async () => {
    const c = ctx.client();
    const answers = [
      await c.get('/v1/users/defaultAvatar'),
      await c.post('/v1/users/login', { userName: 'x' }),
      await c.post('/v1/users/login', { userName: 'a\u0000b', password: 'x' }),
      await c.get('/v1/no/such/path'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 404]);
    for (const a of answers) {
      expectSitePolicy(a.headers);
      expect(a.headers['strict-transport-security']).toBeUndefined();
    }
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/enpath/%%%' });
    expectSitePolicy(bad.headers);
  });

  it('names the site own socket in connect-src, and nothing from a bad Host header', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: encodeEnpath('/v1/users/defaultAvatar'),
      headers: { host: 'site.example:8080' },
    });
    expect(directives(res.headers).get('connect-src')).toBe("'self' ws://site.example:8080");
    const evil = await ctx.app.inject({
      method: 'GET',
      url: encodeEnpath('/v1/users/defaultAvatar'),
      headers: { host: 'x; script-src *' },
    });
    expect(directives(evil.headers).get('connect-src')).toBe("'self'");
    expect(directives(evil.headers).get('script-src')).toBe("'self'");
  });
});

describe('HSTS', () => {
  it('is sent only when the request came over TLS (X-Forwarded-Proto counts only behind TRUST_PROXY)', async () => {
    const url = encodeEnpath('/v1/users/defaultAvatar');
    const behindProxy = await proxied.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forwarded-proto': 'https', host: 'site.example' },
    });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(behindProxy.headers).get('connect-src')).toBe("'self' wss://site.example");
    const plain = await proxied.app.inject({ method: 'GET', url });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('pages and static files', () => {
  it('serve /admin, client routes and assets unframeable by other sites', async () => {
    for (const url of [
      '/',
      '/admin',
      '/login?redirect=/withdraw',
      '/assets/a.js',
      '/assets/missing.js',
    ]) {
      const res = await site.inject({ method: 'GET', url });
      expectSitePolicy(res.headers);
    }
  });

  it('lets pages frame the embedded-chat partner (when it is on), never other origins', async () => {
    const frameSrc = async () =>
      directives((await site.inject({ method: 'GET', url: '/embedChat' })).headers).get(
        'frame-src',
      );
    expect(await frameSrc()).toBe("'self'");
    const op = await ctx.userClient({ isOperator: true });
    const set = await op.post('/v1/admin/site/customerService', {
      embedChatUrl: 'https://chat.partner.example/embed?x=1',
      embedChatEnabled: '1',
    });
    expect(set.code).toBe(1);
    expect(await frameSrc()).toBe("'self' https://chat.partner.example");
    const api = await op.get('/v1/chat/embedChatBindInfo');
    expect(directives(api.headers).get('frame-src')).toBe("'self'");
    expect(directives(api.headers).get('frame-ancestors')).toBe("'self'");
    await op.post('/v1/admin/site/customerService', { embedChatEnabled: '0' });
    expect(await frameSrc()).toBe("'self'");
  });
});

describe('user uploads', () => {
  it('keep their sandboxing CSP, with the other headers added', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', name), Buffer.from('not really a png'));
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expectCommon(res.headers);
  });
});
