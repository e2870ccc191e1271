/**
 * Cross-site request forgery: state-changing calls from another origin are refused with
 * ORIGIN_REFUSED (HTTP 403) before they touch anything; same-origin pages, allow-listed origins
 * and header-less clients (curl, app.inject) pass. Behind a trusted proxy the site's origin and
 * the cookie's Secure flag follow X-Forwarded-Proto/Host.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { ORIGIN_REFUSED_MSG, ResponseCode } from '../../src/domain/errors.ts';
import { buildApp } from '../../src/server/app.ts';
import { parseOriginList } from '../../src/server/config.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp({
  ALLOWED_ORIGINS: 'https://m.site.test, https://admin.site.test:8443/',
});
const HOST = 'site.test';

async function postWith(
  c: TestClient,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
) {
  const res = await c.raw({
    method: 'POST',
    url: encodeEnpath(path),
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return {
    status: res.statusCode,
    ...(res.json() as { code: number; msg: string; data: unknown }),
  };
}

async function getWith(c: TestClient, path: string, headers: Record<string, string>) {
  const res = await c.raw({
    method: 'GET',
    url: encodeEnpath(path),
    headers: { host: HOST, ...headers },
  });
  return {
    status: res.statusCode,
    ...(res.json() as { code: number; msg: string; data: unknown }),
  };
}

const nickOf = async (userId: number) =>
  (
    await ctx.sql<{ nick_name: string | null }[]>`select nick_name from users where id = ${userId}`
  )[0].nick_name;

describe('state-changing requests from another origin', () => {
  it('refuses infoUpdate with a foreign Origin and changes nothing', async () => {
    const u = await ctx.userClient();
    const res = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '被改了' },
      { origin: 'https://evil.example' },
    );
    expect(res).toMatchObject({
      status: 403,
      code: ResponseCode.ORIGIN_REFUSED,
      msg: ORIGIN_REFUSED_MSG,
      data: null,
    });
    expect(await nickOf(u.userId)).toBeNull();
  });

  it('refuses addBetting with a foreign Origin before looking at the body', async () => {
    const u = await ctx.userClient();
    const res = await postWith(
      u,
      '/v1/betting/addBetting',
      { bettingData: '[]' },
      { origin: 'https://evil.example' },
    );
    expect(res).toMatchObject({ status: 403, code: ResponseCode.ORIGIN_REFUSED });
  });

  it('refuses a foreign Referer when there is no Origin, and the literal "null" Origin', async () => {
    const u = await ctx.userClient();
    const byReferer = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '改1' },
      { referer: 'https://evil.example/page?x=1' },
    );
    const byNull = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '改2' },
      { origin: 'null' },
    );
    expect([byReferer.code, byNull.code]).toEqual([
      ResponseCode.ORIGIN_REFUSED,
      ResponseCode.ORIGIN_REFUSED,
    ]);
    expect(await nickOf(u.userId)).toBeNull();
  });

  it('refuses the same host on another scheme or port', async () => {
    const u = await ctx.userClient();
    const https = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '改3' },
      { origin: `https://${HOST}` },
    );
    const port = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '改4' },
      { origin: `http://${HOST}:8080` },
    );
    expect([https.status, port.status]).toEqual([403, 403]);
  });

  it('refuses Sec-Fetch-Site: cross-site without Origin or Referer', async () => {
    const u = await ctx.userClient();
    const res = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '改5' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.code).toBe(ResponseCode.ORIGIN_REFUSED);
  });

  it('lets the same origin through (Origin, or Referer alone)', async () => {
    const u = await ctx.userClient();
    const byOrigin = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '同源' },
      { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' },
    );
    expect(byOrigin).toMatchObject({ status: 200, code: 1 });
    const byReferer = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '同源2' },
      { referer: `http://${HOST}/userInfo` },
    );
    expect(byReferer.code).toBe(1);
    expect(await nickOf(u.userId)).toBe('同源2');
  });

  it('lets requests without any origin header through (curl, server to server)', async () => {
    const u = await ctx.userClient();
    expect((await u.post('/v1/users/infoUpdate', { nickName: '无头' })).code).toBe(1);
  });

  it('lets an ALLOWED_ORIGINS entry through, normalised like a browser Origin', async () => {
    const u = await ctx.userClient();
    const m = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '子站' },
      { origin: 'https://m.site.test', 'sec-fetch-site': 'same-site' },
    );
    const admin = await postWith(
      u,
      '/v1/users/infoUpdate',
      { nickName: '子站2' },
      { origin: 'https://admin.site.test:8443' },
    );
    expect([m.code, admin.code]).toEqual([1, 1]);
  });

  it('does not refuse reads from another origin (they change nothing)', async () => {
    const u = await ctx.userClient();
    const res = await getWith(u, '/v1/users/info', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.code).toBe(1);
  });
});

describe('logout stays a GET (spec) but not a cross-site one', () => {
  it('refuses a cross-site logout navigation and keeps the session', async () => {
    const u = await ctx.userClient();
    const nav = await getWith(u, '/v1/users/logout', {
      'sec-fetch-site': 'cross-site',
      referer: 'https://evil.example/',
    });
    expect(nav).toMatchObject({ status: 403, code: ResponseCode.ORIGIN_REFUSED });
    const img = await getWith(u, '/v1/users/logout', { 'sec-fetch-site': 'cross-site' });
    expect(img.code).toBe(ResponseCode.ORIGIN_REFUSED);
    expect((await u.get('/v1/users/info')).code).toBe(1);
  });

  it('logs out from the site itself', async () => {
    const u = await ctx.userClient();
    const res = await getWith(u, '/v1/users/logout', {
      'sec-fetch-site': 'same-origin',
      referer: `http://${HOST}/userCenter`,
    });
    expect(res.code).toBe(1);
    expect((await u.get('/v1/users/info')).code).toBe(ResponseCode.NOT_LOGGED_IN);
  });
});

describe('ALLOWED_ORIGINS parsing', () => {
  it('normalises entries and refuses what is not an http(s) origin', () => {
    expect(parseOriginList(' https://A.example:443/x ,http://b.example:8080 ')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(parseOriginList('')).toEqual([]);
    expect(() => parseOriginList('evil.example')).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseOriginList('ftp://x.example')).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('behind an HTTPS proxy', async () => {
  const proxied = await setupTestApp({ TRUST_PROXY: '1' });
  const forwarded = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'www.site.test',
    host: 'app:8080',
  };

  async function loginVia(via: typeof ctx, headers: Record<string, string>) {
    const c = await via.userClient();
    return via.app.inject({
      method: 'POST',
      url: encodeEnpath('/v1/users/login'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({
        userName: c.userName,
        password: loginPasswordHash(c.userName, c.password),
        random: 'r1',
      }).toString(),
    });
  }

  it('takes the site origin from X-Forwarded-Proto/Host when TRUST_PROXY=1', async () => {
    const res = await loginVia(proxied, { ...forwarded, origin: 'https://www.site.test' });
    expect(res.json().code).toBe(1);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('ignores forwarded headers without TRUST_PROXY: no Secure cookie, the https Origin is foreign', async () => {
    const refused = await loginVia(ctx, { ...forwarded, origin: 'https://www.site.test' });
    expect(refused.json().code).toBe(ResponseCode.ORIGIN_REFUSED);
    const plain = await loginVia(ctx, forwarded);
    expect(plain.json().code).toBe(1);
    expect(plain.cookies.find((c) => c.name === 'sid')!.secure).toBeFalsy();
  });
});

describe('WebSocket upgrades', () => {
  it('refuses a handshake from another origin and accepts the site’s own', async () => {
    const app = await buildApp({ config: ctx.config, sql: ctx.sql });
    app.get('/v1/test/echo', { websocket: true, config: { auth: 'none' } }, (socket) => {
      socket.on('message', (m: Buffer) => socket.send(m.toString()));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/test/echo`, { origin });
        ws.on('unexpected-response', (_req, res) => resolve(`http ${res.statusCode}`));
        ws.on('open', () => ws.send('hi'));
        ws.on('message', (m) => {
          resolve(`echo ${m.toString()}`);
          ws.close();
        });
        ws.on('error', () => resolve('error'));
      });
    try {
      expect(await open('https://evil.example')).toBe('http 403');
      expect(await open(`http://127.0.0.1:${port}`)).toBe('echo hi');
    } finally {
      await app.close();
    }
  });
});
