/**
 * Junk against EVERY route the app registers (read from the app itself, so a route added later is
 * covered without being listed): as a guest, a player and an operator, each junk form body on every
 * POST and each junk query on every GET answers below 500 with a Chinese msg, and the ledger stays
 * zero-sum and consistent. wire-junk.test.ts goes deeper on a few calls (nothing stored).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
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

const BODIES = [
  '',
  '&&&',
  '__proto__=1&constructor=1&a[b]=1',
  'id=%00&roomCode=%00&recordId=%00&userId=%00&amount=%00&message=%00&requestId=%00&lotteryCode=%00&issue=%00',
  `id=1e309&roomCode=${'9'.repeat(3000)}&recordId=HB${'1'.repeat(18)}&amount=-1&num=NaN&type=99&message=<script>alert(1)</script>&requestId=abcdefgh12345678`,
  'id=-9223372036854775809&roomId=9223372036854775808&amount=0.001&num=1.5&pageSize=1e9&pageNum=-1&messageTypeId=3&message={"num":1}',
  'id=1&id=2&roomCode=a&roomCode=b&amount=1&amount=2&bettingData=[{}]&lines=[{"name":"<b>"}]',
  'recordId=%ED%A0%80&title=%ED%A0%80&userName=%ED%A0%80&remark=%ED%A0%80&endpoint=javascript:alert(1)&p256dh=x&auth=y',
];
const QUERIES = [
  'pageNum=NaN&pageSize=1e309',
  'id=%00&recordId=%00&roomCode=%00',
  'pageSize=-1&page[a]=1',
  'startTime=2026-13-45&endTime=x&type=1e309',
  'x=1&x=2',
];

async function asUser(name: string, isOperator: boolean): Promise<string> {
  const userId = (await insertUserWithPassword(ctx.sql, name, 'pass1234', { isOperator }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  return `sid=${token}`;
}

let cookies: Record<string, string>;
beforeAll(async () => {
  cookies = {
    guest: '',
    player: await asUser('junkall01', false),
    operator: await asUser('junkallop', true),
  };
});

let ip = 0;
/** A new address per request: the per-address rate limit is not what this test is about. */
const nextIp = () => `10.9.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

describe.each(['guest', 'player', 'operator'])('as a %s', (who) => {
  it('every route answers junk below 500 with a Chinese message; the ledger stays whole', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(150);
    const failures: string[] = [];
    for (const { path, methods } of list) {
      const posts = methods.includes('POST') ? BODIES : [];
      const gets = methods.includes('GET') ? QUERIES : [];
      for (const payload of posts) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: encodeEnpath(path),
          remoteAddress: nextIp(),
          headers: { cookie: cookies[who], 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        const msg = (res.json() as { msg?: string }).msg ?? '';
        if (res.statusCode >= 500 || !/[\u4e00-\u9fa5]/.test(msg))
          failures.push(`POST ${path} ${payload.slice(0, 40)} → ${res.statusCode} ${msg}`);
      }
      for (const q of gets) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${encodeEnpath(path)}?${q}`,
          remoteAddress: nextIp(),
          headers: { cookie: cookies[who] },
        });
        const type = String(res.headers['content-type'] ?? '');
        // a few GETs answer a picture or a file (image codes, avatars): below 500 is their whole rule
        const msg = type.includes('json') ? ((res.json() as { msg?: string }).msg ?? '') : '中';
        if (res.statusCode >= 500 || !/[\u4e00-\u9fa5]/.test(msg))
          failures.push(`GET ${path}?${q} → ${res.statusCode} ${msg}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await ledgerSum(ctx.sql)).toBe(0);
    expect(await ledgerMismatches(ctx.sql)).toEqual([]);
  }, 240_000);
});
