/**
 * TRUST_PROXY believes only the configured hops of X-Forwarded-For (or only the listed proxies):
 * a client that puts addresses of its own in front of what the proxy appends is still one client
 * to the per-IP limits, and `req.ip` is the right-most address no trusted proxy vouches for.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { parseTrustProxy } from '../../src/server/config.ts';
import { type TestContext, setupTestApp } from './helpers.ts';

const oneHop = await setupTestApp({ TRUST_PROXY: '1' });
const twoHops = await setupTestApp({ TRUST_PROXY: '2' });
const listed = await setupTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });

/** The per-IP limit of the SMS code send (LIMITS.sendCode). */
const SEND_CODE_MAX = 10;

function sendPhoneCode(ctx: TestContext, peer: string, forwardedFor?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: encodeEnpath('/v1/users/sendPhoneCode'),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: 'phone=13700000099&purpose=bind',
    remoteAddress: peer,
  });
}

/** The statuses of `n` code sends, each with a new spoofed left-most X-Forwarded-For entry. */
async function rotatingSends(
  ctx: TestContext,
  n: number,
  peer: string,
  forwardedFor: (spoofed: string) => string | undefined,
) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push((await sendPhoneCode(ctx, peer, forwardedFor(`6.6.${i}.${i}`))).statusCode);
  return statuses;
}

const limited = (statuses: number[]) => statuses.map((s) => (s === 429 ? 'limited' : 'served'));
const expected = [...Array(SEND_CODE_MAX).fill('served'), 'limited', 'limited'];

/** Logs a fresh user in through the given peer and X-Forwarded-For; the address the server recorded. */
async function loginIp(ctx: TestContext, peer: string, forwardedFor: string): Promise<string> {
  return (await login(ctx, peer, forwardedFor)).ip;
}

async function login(
  ctx: TestContext,
  peer: string,
  forwardedFor: string,
  headers: Record<string, string> = {},
) {
  const user = await ctx.userClient();
  const res = await ctx.app.inject({
    method: 'POST',
    url: encodeEnpath('/v1/users/login'),
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwardedFor,
    },
    payload: new URLSearchParams({
      userName: user.userName,
      password: loginPasswordHash(user.userName, user.password),
      random: crypto.randomUUID(),
    }).toString(),
    remoteAddress: peer,
  });
  expect(res.json().code).toBe(1);
  const [row] = await ctx.sql<
    { ip: string }[]
  >`select last_login_ip as ip from users where id = ${user.userId}`;
  return { ip: row.ip, cookie: String(res.headers['set-cookie']) };
}

describe('TRUST_PROXY=1 (nginx in front, appending the address it saw)', () => {
  it('limits code sends by the address the proxy saw, however the client rotates what it sent', async () => {
    expect(
      limited(
        await rotatingSends(oneHop, SEND_CODE_MAX + 2, '127.0.0.1', (s) => `${s}, 203.0.113.7`),
      ),
    ).toEqual(expected);
    expect(
      limited(
        await rotatingSends(
          oneHop,
          SEND_CODE_MAX + 2,
          '127.0.0.1',
          (s) => `${s}, 9.9.9.9, 203.0.113.8`,
        ),
      ),
    ).toEqual(expected);
  });

  it('limits the same way as a client that reaches the proxy without any header of its own', async () => {
    expect(
      limited(await rotatingSends(oneHop, SEND_CODE_MAX + 2, '127.0.0.1', () => '203.0.113.9')),
    ).toEqual(expected);
  });

  it('takes req.ip from the right-most X-Forwarded-For entry', async () => {
    expect(await loginIp(oneHop, '127.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('TRUST_PROXY=2 (a CDN, then nginx)', () => {
  it('takes req.ip from the entry the first proxy appended', async () => {
    expect(await loginIp(twoHops, '127.0.0.1', '6.6.6.6, 198.51.100.8, 10.0.0.5')).toBe(
      '198.51.100.8',
    );
  });

  it('limits code sends by that entry', async () => {
    expect(
      limited(
        await rotatingSends(
          twoHops,
          SEND_CODE_MAX + 2,
          '127.0.0.1',
          (s) => `${s}, 203.0.113.10, 10.0.0.5`,
        ),
      ),
    ).toEqual(expected);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('skips every listed proxy and takes the first address that is not one', async () => {
    expect(await loginIp(listed, '10.1.2.3', '6.6.6.6, 198.51.100.9, 192.168.1.1, 10.0.0.5')).toBe(
      '198.51.100.9',
    );
  });

  it('believes nothing forwarded by a peer that is not a listed proxy', async () => {
    expect(await loginIp(listed, '198.51.100.50', '6.6.6.6, 10.0.0.5')).toBe('198.51.100.50');
    expect(
      limited(await rotatingSends(listed, SEND_CODE_MAX + 2, '198.51.100.51', (s) => `${s}`)),
    ).toEqual(expected);
  });

  it('believes X-Forwarded-Proto from a listed proxy only (the session cookie is Secure)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect((await login(listed, '10.1.2.3', '198.51.100.10', https)).cookie).toMatch(/; Secure/);
    expect((await login(listed, '198.51.100.52', '198.51.100.10', https)).cookie).not.toMatch(
      /; Secure/,
    );
  });
});

describe('parseTrustProxy', () => {
  it('reads off, a hop count, or proxy addresses', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('00')).toBe(false);
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy(' 2 ')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.1 ::1,fd00::/8 loopback')).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('stops the start on anything else rather than trusting every client', () => {
    for (const bad of [
      'true',
      'yes',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/8/1',
      'nginx',
      '1.2.3',
      '-1',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
