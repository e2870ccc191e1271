/**
 * Junk input, one suite. Every /v1 route the app registers (read from the app's own route table,
 * so a route added later is covered without being listed) gets each kind of junk — missing and
 * extra fields, wrong types, control characters, huge values, negative and fractional amounts,
 * HTML, malformed text and malformed paths — as a guest, a player and an operator, and answers
 * below 500 with a Chinese msg in the {code,msg,data} envelope while the ledger stays zero-sum and
 * consistent. Then the deeper table: calls where every junk body must be refused outright and
 * store nothing, and numbers that overflow to Infinity refused as a format error. Control
 * characters field by field are input-edge.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENPATH_PREFIX, encodeEnpath } from '../../src/domain/enpath.ts';
import { RECHARGE_CHANNELS } from '../../src/domain/payments.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

/** Every /v1 route with its methods, from the app's own route tree. The live socket is not HTTP. */
function routes(): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  for (const m of ctx.app
    .printRoutes({ commonPrefix: false })
    .matchAll(/(\/v1\/[^\s(]+) \(([^)]+)\)/g)) {
    if (m[1] === '/v1/broadCast/chat' || m[1].includes(':') || m[1].includes('*')) continue;
    out.push({ path: m[1], methods: m[2].split(', ') });
  }
  return out;
}

/** [kind, raw form body]: each one is sent to every POST route. */
const BODIES: [string, string][] = [
  ['missing fields', ''],
  ['malformed form', '&&&'],
  ['extra fields', '__proto__=1&constructor=1&a[b]=1'],
  [
    'control characters',
    'id=%00&roomCode=%00&recordId=%00&userId=%00&amount=%00&message=%00&requestId=%00&lotteryCode=%00&issue=%00',
  ],
  [
    'huge values',
    `id=1e309&roomCode=${'9'.repeat(3000)}&recordId=HB${'1'.repeat(18)}&amount=-1&num=NaN&type=99&message=<script>alert(1)</script>&requestId=abcdefgh12345678`,
  ],
  [
    'wrong types',
    'id=-9223372036854775809&roomId=9223372036854775808&amount=0.001&num=1.5&pageSize=1e9&pageNum=-1&messageTypeId=3&message={"num":1}',
  ],
  [
    'repeated fields',
    'id=1&id=2&roomCode=a&roomCode=b&amount=1&amount=2&bettingData=[{}]&lines=[{"name":"<b>"}]',
  ],
  [
    'malformed text',
    'recordId=%ED%A0%80&title=%ED%A0%80&userName=%ED%A0%80&remark=%ED%A0%80&endpoint=javascript:alert(1)&p256dh=x&auth=y',
  ],
  [
    'negative and fractional amounts',
    'amount=-100&money=-0.5&bettingAmount=-2&multiple=0.5&count=-3&num=-1&id=-1&userId=0.5&requestId=abcdefgh87654321',
  ],
  [
    'HTML',
    'title=<img src=x onerror=alert(1)>&content=<script>alert(1)</script>&message=<b>x</b>&remark=<a href="javascript:alert(1)">x</a>&userName=<svg onload=alert(1)>&name=<i>n</i>',
  ],
];
/** [kind, query]: each one is sent to every GET route. */
const QUERIES: [string, string][] = [
  ['wrong types', 'pageNum=NaN&pageSize=1e309'],
  ['control characters', 'id=%00&recordId=%00&roomCode=%00'],
  ['extra fields', 'pageSize=-1&page[a]=1'],
  ['malformed dates', 'startTime=2026-13-45&endTime=x&type=1e309'],
  ['repeated fields', 'x=1&x=2'],
  ['negative and fractional amounts', 'pageNum=-1.5&pageSize=0.5&amount=-1&id=-1'],
  ['HTML', 'keyword=<script>alert(1)</script>&userName=<b>u</b>'],
  ['huge values', `keyword=${'x'.repeat(5000)}&id=${'9'.repeat(400)}`],
];
/** A `/v1/enpath/` segment of any text, also one the codec would refuse to make. */
const enpathOf = (text: string) =>
  ENPATH_PREFIX + encodeURIComponent(Buffer.from(text, 'binary').toString('base64'));
/** [kind, the route's path made malformed]: sent with the route's own methods. */
const PATHS: [string, (path: string) => string][] = [
  ['a NUL segment', (path) => enpathOf(`${path}/\u0000`)],
  ['a traversal', (path) => enpathOf(`${path}/../../etc/passwd`)],
  ['a broken escape', (path) => `${path}%E0%A4%A`],
  ['a broken enpath segment', (path) => `${encodeEnpath(path)}%%`],
];

async function asUser(name: string, isOperator: boolean): Promise<string> {
  const userId = (await insertUserWithPassword(ctx.sql, name, 'pass1234', { isOperator }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  return `sid=${token}`;
}

const WHO = ['guest', 'player', 'operator'] as const;
type Who = (typeof WHO)[number];
/** the route walk's sessions, and the deeper table's own (a junk logout in the walk ends one) */
let walk: Record<Who, string>;
let deep: Record<Who, string>;
beforeAll(async () => {
  await seedPaymentChannels(ctx.sql);
  deep = {
    guest: '',
    player: await asUser('junkplayer', false),
    operator: await asUser('junkop01', true),
  };
  walk = {
    guest: '',
    player: await asUser('junkall01', false),
    operator: await asUser('junkallop', true),
  };
});

let ip = 0;
/** A new address per request: the per-address rate limit is not what this suite is about. */
const nextIp = () => `10.9.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

function send(cookie: string, method: 'GET' | 'POST', url: string, payload?: string) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers:
      method === 'POST'
        ? { cookie, 'content-type': 'application/x-www-form-urlencoded' }
        : { cookie },
    ...(method === 'POST' ? { payload: payload ?? '' } : {}),
  });
}

/** What is wrong with an answer to junk, or null: below 500, an envelope with a Chinese msg. */
function fault(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  // a few GETs answer a picture or a file (image codes, avatars): below 500 is their whole rule
  if (!type.includes('json')) return null;
  const body = JSON.parse(res.body) as Record<string, unknown>;
  if (!('code' in body && 'msg' in body && 'data' in body)) return `not an envelope: ${res.body}`;
  if (typeof body.msg !== 'string' || !/[\u4e00-\u9fa5]/.test(body.msg)) return `msg ${body.msg}`;
  return null;
}

describe.each(WHO)('every route, as a %s', (who) => {
  it('answers every kind of junk below 500 with a Chinese message; the ledger stays whole', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(150);
    const failures: string[] = [];
    const note = (what: string, res: Parameters<typeof fault>[0]) => {
      const f = fault(res);
      if (f) failures.push(`${what} → ${f}`);
    };
    for (const { path, methods } of list) {
      if (methods.includes('POST'))
        for (const [kind, body] of BODIES)
          note(`POST ${path} ${kind}`, await send(walk[who], 'POST', encodeEnpath(path), body));
      if (methods.includes('GET'))
        for (const [kind, q] of QUERIES)
          note(`GET ${path} ${kind}`, await send(walk[who], 'GET', `${encodeEnpath(path)}?${q}`));
      for (const [kind, bad] of PATHS)
        for (const method of methods.filter((m) => m === 'GET' || m === 'POST') as (
          | 'GET'
          | 'POST'
        )[])
          note(`${method} ${path} ${kind}`, await send(walk[who], method, bad(path), 'a=1'));
    }
    expect(failures).toEqual([]);
    expect(await ledgerSum(ctx.sql)).toBe(0);
    expect(await ledgerMismatches(ctx.sql)).toEqual([]);
  }, 600_000);
});

/**
 * The deeper table: [calls, junk bodies, junk queries, the rows any of them could write]. Every
 * junk body on these POSTs is refused (code not 1) and writes none of those rows.
 */
const DEEP: {
  name: string;
  posts: string[];
  gets: string[];
  bodies: string[];
  queries: string[];
  stored: () => Promise<number>;
}[] = [
  {
    name: 'the site and operator API',
    posts: [
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
    ],
    gets: ['/v1/admin/users/list', '/v1/admin/codes/outbox', '/v1/admin/ledger/transfers'],
    bodies: [
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
    ],
    queries: [
      'page=NaN',
      'page=1e309',
      'pageSize=-1',
      'keyword=%00',
      'userName=%00',
      'page[a]=1',
      'page=1&page=2',
      'x=1',
    ],
    stored: async () => {
      const [row] = await ctx.sql<{ n: number }[]>`
        select ((select count(*) from statistics_events) + (select count(*) from usage_traces) + (select count(*) from transfers)
              + (select count(*) from content_banners) + (select count(*) from content_notices) + (select count(*) from site_settings)
              + (select count(*) from sessions where ended_at is not null) + (select count(*) from users where status <> 'active'))::int as n`;
      return row!.n;
    },
  },
  {
    name: 'the recharge calls',
    posts: [
      '/v1/transaction/rechargeFrontPaymentRecord',
      '/v1/admin/recharge/approve',
      '/v1/admin/recharge/reject',
      '/v1/admin/payment/channelSave',
      '/v1/admin/payment/channelDelete',
      '/v1/admin/payment/settingsSave',
      '/v1/admin/payment/uploadQr',
    ],
    gets: [
      '/v1/transaction/frontPaySort',
      '/v1/transaction/frontPaymentSettings',
      '/v1/transaction/rechargeRecordList',
      '/v1/transaction/rechargeRecordDetail',
      '/v1/admin/recharge/list',
      '/v1/admin/payment/channels',
      ...RECHARGE_CHANNELS.map((c) => `/v1/transaction/${c.frontCall}`),
    ],
    bodies: [
      '',
      '=',
      '&&&',
      'a[b]=1',
      '__proto__=1&constructor=1',
      'channel=%00&configId=%00&amount=%00&requestId=%00&id=%00&remark=%00&name=%00&min=%00&max=%00&notice=%00&paySort=%00',
      `channel=alipay&configId=1e309&amount=1e309&requestId=${'r'.repeat(5000)}&id=1e309&remark=x&name=n&min=1&max=2`,
      'channel=alipay&configId=NaN&amount=NaN&requestId=abcdefgh&id=NaN&payerNameRequired=NaN',
      'channel=alipay&configId=-9223372036854775809&amount=1&requestId=abcdefgh&id=9223372036854775808&remark=r',
      'channel=%ED%A0%80&configId=1&amount=%ED%A0%80&requestId=abcdefgh&id=1&remark=%ED%A0%80&name=%ED%A0%80&min=1&max=1',
      'channel=alipay&channel=wechat&configId=1&configId=2&amount=1&amount=2&requestId=abcdefgh&id=1&id=2',
      'channel=digitalcurrencypay&configId=1&amount=0.000000001&requestId=abcdefgh9',
    ],
    queries: [
      'page=NaN',
      'page=1e309',
      'pageSize=-1',
      'status=%00',
      'userName=%00',
      'id=1e309',
      'id[a]=1',
      'page=1&page=2',
      'x=1',
    ],
    stored: async () => {
      const [row] = await ctx.sql<{ n: number }[]>`
        select ((select count(*) from recharge_orders) + (select count(*) from payment_configs)
              + (select count(*) from payment_configs where deleted) + (select count(*) from transfers)
              + (select count(*) from site_settings) + (select count(*) from uploads))::int as n`;
      return row!.n;
    },
  },
];

describe.each(DEEP)('$name', ({ posts, gets, bodies, queries, stored }) => {
  it.each(WHO)('as a %s: every POST refuses every junk body and stores nothing', async (who) => {
    const before = await stored();
    for (const path of posts) {
      for (const payload of bodies) {
        const res = await send(deep[who], 'POST', encodeEnpath(path), payload);
        const body = res.json();
        expect(res.statusCode, `${path} ${payload.slice(0, 60)}`).toBeLessThan(500);
        expect(body.code, `${path} ${payload.slice(0, 60)}`).not.toBe(1);
        expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(await stored()).toBe(before);
  });

  it.each(WHO)('as a %s: every GET answers junk queries in JSON without a 500', async (who) => {
    for (const path of gets) {
      for (const q of queries) {
        const res = await send(deep[who], 'GET', `${encodeEnpath(path)}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBeLessThan(500);
        expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});

describe('numbers that overflow to Infinity', () => {
  const [site] = DEEP;
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
    const before = await site!.stored();
    const res = await send(deep.operator, 'POST', encodeEnpath(path), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, msg: '参数格式不正确' });
    expect(await site!.stored()).toBe(before);
  });

  it.each(['page=1e309', 'pageSize=1e309', 'page=-1e309', 'page=Infinity'])(
    'GET users/list refuses %s with 400',
    async (q) => {
      const res = await send(deep.operator, 'GET', `${encodeEnpath('/v1/admin/users/list')}?${q}`);
      expect(res.statusCode).toBe(400);
    },
  );
});

it('leaves the ledger balanced after all of it', async () => {
  expect(await ledgerSum(ctx.sql)).toBe(0);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});
