/**
 * The wire contract at the edge: every malformed request answers a Chinese msg with a non-1
 * code and a 4xx status, never a 500 and never a crash.
 */
import { describe, expect, it } from 'vitest';
import { encodeEnpath, ENPATH_PREFIX } from '../../src/domain/enpath.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { type Json, setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
const CHINESE = /[\u4e00-\u9fa5]/;

function expectRefusal(res: { statusCode: number; json(): Json }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.code).not.toBe(1);
  expect(body.msg).toMatch(CHINESE);
  expect(body).toHaveProperty('data');
}

async function operatorClient() {
  const userId = (await insertUserWithPassword(ctx.sql, 'wireop01', 'pass1234', {
    isOperator: true,
  }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return c;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const STATS = '/v1/statistics/view';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('enpath segment', () => {
  it('answers a good segment', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: encodeEnpath('/v1/getServerTime') });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
  });

  it.each([
    ['not base64 at all', '!!!notbase64!!!'],
    ['base64 with a space', encodeURIComponent('L3Yx L2dl')],
    ['bad percent escape', '%E0%A4%A'],
    ['empty segment', ''],
    ['base64 of a non-/v1 path', b64('/etc/passwd')],
    ['base64 of a relative path', b64('v1/getServerTime')],
    ['base64 of a path with ..', b64('/v1/../admin')],
    ['base64 of a path with //', b64('/v1//getServerTime')],
    ['base64 of binary junk', Buffer.from([0xff, 0x00, 0xfe, 0x10]).toString('base64')],
    ['base64 of a too long path', b64(`/v1/${'a'.repeat(500)}`)],
    ['base64 of a path with a space', b64('/v1/get ServerTime')],
  ])('refuses %s with 400', async (_name, segment) => {
    const res = await ctx.app.inject({ method: 'GET', url: ENPATH_PREFIX + segment });
    expect([400, 404]).toContain(res.statusCode);
    expectRefusal(res, res.statusCode);
  });

  it('refuses a segment of a huge length without a crash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: ENPATH_PREFIX + 'A'.repeat(5000) });
    expectRefusal(res, 400);
  });
});

describe('routing', () => {
  it('answers 404 for an unknown path', async () => {
    expectRefusal(
      await ctx.app.inject({ method: 'GET', url: encodeEnpath('/v1/no/such/call') }),
      404,
    );
  });

  it('answers 405 for a wrong method', async () => {
    expectRefusal(
      await ctx.app.inject({
        method: 'POST',
        url: encodeEnpath('/v1/getServerTime'),
        headers: form,
        payload: '',
      }),
      405,
    );
    expectRefusal(await ctx.app.inject({ method: 'GET', url: encodeEnpath(STATS) }), 405);
    expectRefusal(await ctx.app.inject({ method: 'DELETE', url: encodeEnpath(STATS) }), 405);
  });

  it('answers 404 for a plain /v1 path outside enpath that does not exist', async () => {
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/v1/nothing' }), 404);
  });
});

describe('bodies', () => {
  it('refuses a body over the 64 KB limit with 413', async () => {
    const payload = `path=/index&value=${'x'.repeat(70 * 1024)}`;
    expectRefusal(
      await ctx.app.inject({ method: 'POST', url: encodeEnpath(STATS), headers: form, payload }),
      413,
    );
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: { 'content-type': 'application/xml' },
      payload: '<a>1</a>',
    });
    expectRefusal(res, 415);
  });

  it('refuses a text/plain body: the contract is form bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: { 'content-type': 'text/plain' },
      payload: 'path=/index',
    });
    expectRefusal(res, 415);
  });

  it('refuses duplicate form keys', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: form,
      payload: 'path=/a&path=/b',
    });
    expectRefusal(res, 400);
  });

  it('refuses an unknown field and a missing field', async () => {
    expectRefusal(
      await ctx.app.inject({
        method: 'POST',
        url: encodeEnpath(STATS),
        headers: form,
        payload: 'path=/a&evil=1',
      }),
      400,
    );
    expectRefusal(
      await ctx.app.inject({
        method: 'POST',
        url: encodeEnpath(STATS),
        headers: form,
        payload: 'title=x',
      }),
      400,
    );
  });

  it('refuses a form body that is not valid percent-encoding without a crash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: form,
      payload: 'path=%E0%A4%A&title=%',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().msg).toMatch(CHINESE);
  });

  it('refuses a NUL byte in text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: form,
      payload: 'path=/a&title=%00',
    });
    expectRefusal(res, 400);
    const [{ n }] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from statistics_events`;
    expect(n).toBe(0);
  });

  it('refuses a multipart body on a form call', async () => {
    const boundary = '----wiretest';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/index\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectRefusal(res, 400);
  });

  it('refuses a multipart body without a boundary', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().msg).toMatch(CHINESE);
  });

  it('refuses duplicate query keys on a GET call', async () => {
    const url = encodeEnpath('/v1/getServerTime');
    // a read without parameters ignores its query; a read with a schema refuses the duplicate
    expect((await ctx.app.inject({ method: 'GET', url: `${url}?a=1&a=2` })).statusCode).toBe(200);
    const op = await operatorClient();
    const res = await op.raw({
      method: 'GET',
      url: `${encodeEnpath('/v1/admin/users/list')}?page=1&page=2`,
    });
    expectRefusal(res, 400);
  });

  it('refuses a JSON body: the contract is form bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: encodeEnpath(STATS),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ path: { $ne: 1 } }),
    });
    expectRefusal(res, 415);
  });
});
