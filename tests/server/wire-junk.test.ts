/**
 * Junk against every call of the site and operator API, as a guest, a player and an operator:
 * each answer is an envelope with a Chinese msg, never a 500, and junk stores nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();

async function sessionClient(userName: string, isOperator: boolean) {
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', { isOperator }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return c;
}

const POSTS = [
  '/v1/statistics/view',
  '/v1/statistics/op',
  '/v1/statistics/hc',
  '/v1/statistics/dataPush',
  '/v1/statistics/yyDataPush',
  '/v1/admin/balance/adjust',
  '/v1/admin/users/forceLogout',
  '/v1/admin/users/setStatus',
  '/v1/admin/site/status',
  '/v1/admin/content/banners/save',
  '/v1/admin/content/banners/delete',
  '/v1/admin/content/notices/save',
  '/v1/admin/content/notices/delete',
];
const GETS = ['/v1/admin/users/list', '/v1/admin/codes/outbox', '/v1/admin/ledger/transfers'];

/** Raw form bodies: each one is junk for every call above. */
const JUNK_BODIES = [
  '',
  '=',
  '&&&',
  'a[b]=1',
  '__proto__=1&constructor=1',
  'userName=%00&amount=%00&remark=%00&requestId=%00&path=%00&userId=%00&id=%00&title=%00&elapsedSec=%00&maintenance=%00',
  `userName=${'x'.repeat(5000)}&amount=1e309&remark=x&requestId=${'r'.repeat(5000)}&path=/&elapsedSec=1e309&userId=1e309&id=1e309&title=t&image=/a&content=c&maintenance=2`,
  'amount=NaN&userId=NaN&id=NaN&elapsedSec=NaN&path=/&userName=abcd&remark=r&requestId=abcdefgh&page=NaN',
  'userId=-9223372036854775809&id=9223372036854775808&elapsedSec=-0&path=/&status=frozen&title=t&content=c&image=/a',
  'path=%ED%A0%80&title=%ED%A0%80&userName=%ED%A0%80&remark=%ED%A0%80&requestId=abcdefgh&amount=1',
  'path=/a&path=/b&userId=1&userId=2&id=1&id=2&amount=1&amount=2',
];
const JUNK_QUERIES = [
  'page=NaN',
  'page=1e309',
  'pageSize=-1',
  'keyword=%00',
  'userName=%00',
  'page[a]=1',
  'page=1&page=2',
  'x=1',
];

let clients: Record<string, TestClient>;
beforeAll(async () => {
  clients = {
    guest: ctx.client(),
    player: await sessionClient('junkplayer', false),
    operator: await sessionClient('junkop01', true),
  };
});

async function stored() {
  const [row] = await ctx.sql<{ n: number }[]>`
    select ((select count(*) from statistics_events) + (select count(*) from usage_traces) + (select count(*) from transfers)
          + (select count(*) from content_banners) + (select count(*) from content_notices) + (select count(*) from site_settings)
          + (select count(*) from sessions where ended_at is not null) + (select count(*) from users where status <> 'active'))::int as n`;
  return row.n;
}

describe.each(['guest', 'player', 'operator'])('as a %s', (who) => {
  it('every POST call answers junk bodies without a 500 and stores nothing', async () => {
    const before = await stored();
    for (const path of POSTS) {
      for (const payload of JUNK_BODIES) {
        const res = await clients[who].raw({
          method: 'POST',
          url: encodeEnpath(path),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        const body = res.json();
        expect(res.statusCode, `${path} ${payload.slice(0, 60)}`).toBeLessThan(500);
        expect(body.code, `${path} ${payload.slice(0, 60)}`).not.toBe(1);
        expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(await stored()).toBe(before);
  });

  it('every GET call answers junk queries without a 500', async () => {
    for (const path of GETS) {
      for (const q of JUNK_QUERIES) {
        const res = await clients[who].raw({ method: 'GET', url: `${encodeEnpath(path)}?${q}` });
        expect(res.statusCode, `${path}?${q}`).toBeLessThan(500);
        expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});

describe('numbers that overflow to Infinity', () => {
  it.each([
    ['/v1/statistics/dataPush', 'path=/a&elapsedSec=1e309'],
    ['/v1/statistics/yyDataPush', 'path=/a&elapsedSec=-1e309'],
    [
      '/v1/admin/balance/adjust',
      'userName=junkplayer&amount=1&remark=r&requestId=abcdefgh12&typeCode=1e309',
    ],
    ['/v1/admin/users/setStatus', 'userId=1e309&status=frozen'],
    ['/v1/admin/users/forceLogout', 'userId=1e400'],
    ['/v1/admin/content/banners/save', 'title=t&image=/a.svg&sort=1e309'],
    ['/v1/admin/content/notices/delete', 'id=1e309'],
  ])('%s refuses %s with 400', async (path, payload) => {
    const before = await stored();
    const res = await clients.operator.raw({
      method: 'POST',
      url: encodeEnpath(path),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, msg: '参数格式不正确' });
    expect(await stored()).toBe(before);
  });

  it.each(['page=1e309', 'pageSize=1e309', 'page=-1e309', 'page=Infinity'])(
    'GET users/list refuses %s with 400',
    async (q) => {
      const res = await clients.operator.raw({
        method: 'GET',
        url: `${encodeEnpath('/v1/admin/users/list')}?${q}`,
      });
      expect(res.statusCode).toBe(400);
    },
  );
});

it('leaves the ledger balanced', async () => {
  expect(await ledgerSum(ctx.sql)).toBe(0);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});
