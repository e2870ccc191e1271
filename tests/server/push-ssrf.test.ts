/**
 * Push endpoints may only be public internet addresses when no allow-list of push services is
 * configured (PUSH_ALLOWED_HOSTS empty, as in production by default): subscribe refuses every
 * spelling of a loopback, private or link-local host, and a stored endpoint that is not public
 * (a name resolving to 127.0.0.1, a row stored before the rule) is refused again at send time,
 * with a local listener recording that it received no connection.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { makeRoom, type Member, operator } from './chat-fixtures.ts';
import { browserKeys } from './pushService.ts';

const ctx = await setupTestApp({ PUSH_ALLOWED_HOSTS: '' });
let op: Member;
let alice: Member;
let bob: Member;
let listener: net.Server;
let listener6: net.Server | null = null;
let port: number;
let connections = 0;

beforeAll(async () => {
  op = await operator(ctx);
  [alice, bob] = await Promise.all([ctx.userClient(), ctx.userClient()]);
  const count = (s: net.Socket) => {
    connections++;
    s.destroy();
  };
  listener = net.createServer(count);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
  // localhost may resolve to ::1 on another machine: listen there too when it exists
  const six = net.createServer(count);
  listener6 = await new Promise<net.Server | null>((resolve) => {
    six.once('error', () => resolve(null));
    six.listen(port, '::1', () => resolve(six));
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  if (listener6) await new Promise<void>((resolve) => listener6?.close(() => resolve()));
});

describe('subscribe', () => {
  const keys = browserKeys();
  const privateEndpoints = () => [
    `https://127.0.0.1:${port}/push/a`,
    `https://localhost:${port}/push/b`,
    `https://[::ffff:127.0.0.1]:${port}/push/c`,
    `https://2130706433:${port}/push/d`,
    `https://0x7f.0.0.1:${port}/push/e`,
    `https://0177.0.0.1/push/f`,
    'https://169.254.169.254/latest/meta-data',
    'https://10.1.2.3/push',
    'https://192.168.0.1/push',
    'https://100.64.0.1/push',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[fe80::1]/push',
    'https://0.0.0.0/push',
    'https://224.0.0.1/push',
  ];

  it('refuses loopback, private, link-local, CGNAT, multicast and unspecified hosts in every spelling, storing nothing', async () => {
    for (const endpoint of privateEndpoints()) {
      const res = await alice.post('/v1/push/subscribe', {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      expect(res.status, endpoint).toBeLessThan(500);
      expect(res.code, endpoint).toBe(-1);
      expect(res.msg, endpoint).toBe('推送地址不正确');
    }
    expect(
      await ctx.sql`select 1 from push_subscriptions where user_id = ${alice.userId}`,
    ).toHaveLength(0);
    expect(connections).toBe(0);
  });

  it('accepts a public address (nothing is sent to it here)', async () => {
    const endpoint = 'https://8.8.8.8/push/public';
    expect(
      (await alice.post('/v1/push/subscribe', { endpoint, p256dh: keys.p256dh, auth: keys.auth }))
        .code,
    ).toBe(1);
    expect((await alice.post('/v1/push/unsubscribe', { endpoint })).code).toBe(1);
  });
});

describe('sending', () => {
  it('refuses, without connecting, endpoints stored before the rule whose host is or resolves to a private address', async () => {
    const room = await makeRoom(op);
    expect((await bob.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode })).code).toBe(1);
    const stored = [
      `https://localhost:${port}/push/name`,
      `https://127.0.0.1:${port}/push/literal`,
      `https://2130706433:${port}/push/decimal`,
      `https://[::ffff:127.0.0.1]:${port}/push/mapped`,
    ];
    for (const endpoint of stored) {
      const k = browserKeys();
      await ctx.sql`insert into push_subscriptions (endpoint, p256dh, auth, user_id) values (${endpoint}, ${k.p256dh}, ${k.auth}, ${bob.userId})`;
    }
    const before = { ...ctx.app.push.stats };
    const res = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '在吗',
      status: 0,
      userIds: String(bob.userId),
    });
    expect(res.code, res.msg).toBe(1);
    await ctx.app.push.idle();
    // none reached the listener: every delivery was planned and refused by the address rule
    expect(connections).toBe(0);
    expect(ctx.app.push.stats.refused - before.refused).toBe(stored.length);
    expect(ctx.app.push.stats.sent - before.sent).toBe(0);
  });
});
