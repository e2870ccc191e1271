/**
 * Web push on the server (docs/push.md): the VAPID key pair made once, the subscribe and
 * unsubscribe calls, and the sending path against a local push service that checks the VAPID
 * header, TTL and Topic and decrypts the payload with the subscription's keys.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import { gradeUser, makeRoom, type Member, operator } from './chat-fixtures.ts';
import { ensureVapidKeys } from '../../src/server/push/vapid.ts';
import { buildApp } from '../../src/server/app.ts';
import { CHAT_PUSH_TTL_SEC, ENVELOPE_PUSH_TTL_SEC } from '../../src/domain/push.ts';
import { newRequestId, player, recordOf, sendIn } from './redenvelope-fixtures.ts';
import {
  browserKeys,
  decryptAes128gcm,
  type PushService,
  startPushService,
  verifyVapid,
  type BrowserKeys,
} from './pushService.ts';

// the local push service is the one allowed push-service host (production: PUSH_ALLOWED_HOSTS unset, public addresses)
const ctx = await setupTestApp({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });
let service: PushService;
let publicKey: string;
let op: Member;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let boss: Member;
const devices = new Map<number, { path: string; keys: BrowserKeys }>();

beforeAll(async () => {
  service = await startPushService();
  op = await operator(ctx);
  [alice, bob, carol, dave, boss] = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.userClient()));
  await gradeUser(ctx, boss.userId, 100);
  publicKey = (await alice.get('/v1/push/vapidPublicKey')).data.publicKey;
});
afterAll(async () => {
  await service?.close();
});

/** Subscribes the user's device at the local push service, as a browser would. */
async function subscribe(user: Member): Promise<{ path: string; keys: BrowserKeys }> {
  const keys = browserKeys();
  const path = `/push/${crypto.randomUUID()}`;
  const res = await user.post('/v1/push/subscribe', {
    endpoint: service.origin + path,
    p256dh: keys.p256dh,
    auth: keys.auth,
  });
  expect(res.code, res.msg).toBe(1);
  devices.set(user.userId, { path, keys });
  return { path, keys };
}

/** The pushes the service took since `from`, for one user's device, decrypted and checked. */
function pushesTo(user: Member, from: number) {
  const device = devices.get(user.userId);
  if (!device) throw new Error('no device');
  return service.received
    .slice(from)
    .filter((r) => r.path === device.path)
    .map((r) => {
      const claims = verifyVapid(String(r.headers.authorization), publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.sub).toMatch(/^(mailto:|https:)/);
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      return {
        ttl: Number(r.headers.ttl),
        topic: String(r.headers.topic),
        urgency: r.headers.urgency,
        payload: JSON.parse(decryptAes128gcm(r.body, device.keys)),
      };
    });
}

describe('VAPID keys', () => {
  it('are made once: two concurrent first starts keep one pair', async () => {
    const kept = await ctx.sql`select * from push_vapid_keys`;
    expect(kept).toHaveLength(1);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    await ctx.sql`delete from push_vapid_keys`;
    const [a, b] = await Promise.all([ensureVapidKeys(ctx.sql), ensureVapidKeys(ctx.sql)]);
    expect(a).toEqual(b);
    expect(await ctx.sql`select 1 from push_vapid_keys`).toHaveLength(1);
    // the app's sender holds the original pair: put it back
    await ctx.sql`update push_vapid_keys set public_key = ${kept[0].public_key}, private_key = ${kept[0].private_key}`;
    expect(await ensureVapidKeys(ctx.sql)).toEqual({
      publicKey: kept[0].public_key,
      privateKey: kept[0].private_key,
    });
  });

  it('two instances starting at once on a database without keys end with one pair', async () => {
    const kept = await ctx.sql`select * from push_vapid_keys`;
    await ctx.sql`delete from push_vapid_keys`;
    const [a, b] = await Promise.all([
      buildApp({ config: ctx.config, sql: ctx.sql }),
      buildApp({ config: ctx.config, sql: ctx.sql }),
    ]);
    try {
      expect(a.push.publicKey).toBe(b.push.publicKey);
      const [row] = await ctx.sql`select public_key from push_vapid_keys`;
      expect(row.public_key).toBe(a.push.publicKey);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await ctx.sql`update push_vapid_keys set public_key = ${kept[0].public_key}, private_key = ${kept[0].private_key}`;
    }
  });

  it('the public key needs a login', async () => {
    expect((await ctx.client().get('/v1/push/vapidPublicKey')).code).toBe(0);
  });
});

describe('subscribe and unsubscribe', () => {
  const keys = browserKeys();
  const good = { endpoint: 'https://127.0.0.1/send/abc', p256dh: keys.p256dh, auth: keys.auth };
  const cases: [string, Record<string, string>, string][] = [
    ['http endpoint', { ...good, endpoint: 'http://127.0.0.1/x' }, '推送地址不正确'],
    ['not a URL', { ...good, endpoint: '推送' }, '推送地址不正确'],
    ['javascript URL', { ...good, endpoint: 'javascript:alert(1)' }, '推送地址不正确'],
    [
      'endpoint too long',
      { ...good, endpoint: `https://127.0.0.1/${'a'.repeat(1000)}` },
      '推送地址不正确',
    ],
    ['missing endpoint', { p256dh: good.p256dh, auth: good.auth }, '推送地址不正确'],
    ['short key', { ...good, p256dh: good.p256dh.slice(0, 40) }, '推送密钥不正确'],
    [
      'compressed key',
      {
        ...good,
        p256dh: Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 1)]).toString('base64url'),
      },
      '推送密钥不正确',
    ],
    [
      'auth of 8 bytes',
      { ...good, auth: crypto.randomBytes(8).toString('base64url') },
      '推送密钥不正确',
    ],
    ['auth not base64', { ...good, auth: '不是密钥不是密钥不是密钥不是' }, '推送密钥不正确'],
    ['missing auth', { endpoint: good.endpoint, p256dh: good.p256dh }, '推送密钥不正确'],
  ];
  it.each(cases)('refuses %s in Chinese', async (_name, form, msg) => {
    const res = await alice.post('/v1/push/subscribe', form);
    expect(res.status).toBeLessThan(500);
    expect(res.code).toBe(-1);
    expect(res.msg).toBe(msg);
  });

  it('refuses a host outside the allowed push services', async () => {
    for (const endpoint of [
      'https://8.8.8.8/send/abc',
      'https://127.0.0.2/send/abc',
      'https://localhost/send/abc',
    ]) {
      const res = await alice.post('/v1/push/subscribe', { ...good, endpoint });
      expect(res.msg, endpoint).toBe('推送地址不正确');
    }
    expect(
      await ctx.sql`select 1 from push_subscriptions where user_id = ${alice.userId}`,
    ).toHaveLength(0);
  });

  it('refuses unknown fields and guests without a 500', async () => {
    const extra = await alice.post('/v1/push/subscribe', { ...good, expirationTime: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.msg).toMatch(/不支持的参数/);
    expect((await ctx.client().post('/v1/push/subscribe', good)).code).toBe(0);
    expect((await alice.post('/v1/push/unsubscribe', {})).msg).toBe('推送地址不正确');
  });

  it('keeps one row per device; subscribing again moves it to the current user', async () => {
    expect((await alice.post('/v1/push/subscribe', good)).code).toBe(1);
    expect((await alice.post('/v1/push/subscribe', good)).code).toBe(1);
    const fresh = browserKeys();
    expect(
      (await bob.post('/v1/push/subscribe', { ...good, p256dh: fresh.p256dh, auth: fresh.auth }))
        .code,
    ).toBe(1);
    const rows =
      await ctx.sql`select user_id, p256dh from push_subscriptions where endpoint = ${good.endpoint}`;
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].user_id)).toBe(bob.userId);
    expect(rows[0].p256dh).toBe(fresh.p256dh);
    // alice no longer owns it: her unsubscribe leaves bob's row
    expect((await alice.post('/v1/push/unsubscribe', { endpoint: good.endpoint })).code).toBe(1);
    expect(
      await ctx.sql`select 1 from push_subscriptions where endpoint = ${good.endpoint}`,
    ).toHaveLength(1);
    expect((await bob.post('/v1/push/unsubscribe', { endpoint: good.endpoint })).code).toBe(1);
    expect(
      await ctx.sql`select 1 from push_subscriptions where endpoint = ${good.endpoint}`,
    ).toHaveLength(0);
  });
});

describe('sending', () => {
  let room: { roomCode: string; id: number };
  const enter = (u: TestClient) => u.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });

  beforeAll(async () => {
    room = await makeRoom(op);
    for (const u of [alice, bob, carol, dave]) await subscribe(u);
    for (const u of [alice, bob, carol]) expect((await enter(u)).code).toBe(1);
  });

  it('an @-mention reaches the mentioned user only, encrypted, with a chat TTL and the room topic', async () => {
    const from = service.received.length;
    const res = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '晚上好 一起看开奖',
      status: 0,
      userIds: String(carol.userId),
    });
    expect(res.code, res.msg).toBe(1);
    await ctx.app.push.idle();
    const got = pushesTo(carol, from);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toEqual({
      title: `房间${room.roomCode}`,
      body: `${res.data.nickname}@了你：晚上好 一起看开奖`,
      url: `/chatRoom/${room.roomCode}`,
      tag: `mention-${room.id}`,
    });
    expect(got[0].ttl).toBeGreaterThan(CHAT_PUSH_TTL_SEC - 60);
    expect(got[0].ttl).toBeLessThanOrEqual(CHAT_PUSH_TTL_SEC);
    expect(got[0].topic).toBe(`m${room.id}`);
    for (const u of [alice, bob, dave]) expect(pushesTo(u, from)).toHaveLength(0);
    // a plain message notifies nobody
    const quiet = service.received.length;
    expect(
      (
        await bob.post('/v1/chat/addMessage', {
          roomCode: room.roomCode,
          messageTypeId: 1,
          message: '你好',
          status: 0,
          userIds: '',
        })
      ).code,
    ).toBe(1);
    await ctx.app.push.idle();
    expect(service.received.length).toBe(quiet);
  });

  it('a red envelope sent in the room reaches its recent members but not the sender nor outsiders, TTL 12 h, topic per envelope', async () => {
    // a real send through the one pipeline (money, envelope row, message), then the push
    const sender = await player(ctx);
    const from = service.received.length;
    // a member whose last entry is older than 30 days is no longer told
    await ctx.sql`update chat_room_entries set entered_at = now() - interval '31 days' where room_id = ${room.id} and user_id = ${bob.userId}`;
    const requestId = newRequestId();
    const sent = await sendIn(sender, room.roomCode, {
      num: 2,
      type: 2,
      amount: '10',
      wishingRemark: '发财发财',
      requestId,
    });
    expect(sent.code, sent.msg).toBe(1);
    const recordId = recordOf(sent.data);
    await ctx.app.push.idle();
    const got = pushesTo(carol, from);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toEqual({
      title: `房间${room.roomCode}`,
      body: '[红包] 发财发财',
      url: `/chatRoom/${room.roomCode}`,
      tag: `envelope-${recordId}`,
    });
    expect(got[0].ttl).toBeGreaterThan(ENVELOPE_PUSH_TTL_SEC - 60);
    expect(got[0].ttl).toBeLessThanOrEqual(ENVELOPE_PUSH_TTL_SEC);
    expect(got[0].topic).toBe(`e${recordId}`);
    expect(got[0].urgency).toBe('high');
    expect(pushesTo(alice, from)).toHaveLength(1);
    for (const u of [bob, dave]) expect(pushesTo(u, from)).toHaveLength(0);
    // the same request again sends nothing and announces nothing
    const quiet = service.received.length;
    const replay = await sendIn(sender, room.roomCode, {
      num: 2,
      type: 2,
      amount: '10',
      wishingRemark: '发财发财',
      requestId,
    });
    expect(replay.data.id).toBe(sent.data.id);
    await ctx.app.push.idle();
    expect(service.received.length).toBe(quiet);
  });

  it('a private message reaches the other member with the chat’s url', async () => {
    const direct = (await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId }))
      .data.roomId as number;
    await subscribe(boss);
    const from = service.received.length;
    expect(
      (
        await alice.post('/v1/chat/addDirectMessage', {
          roomId: direct,
          messageTypeId: 1,
          message: '请问怎么充值',
        })
      ).code,
    ).toBe(1);
    await ctx.app.push.idle();
    const got = pushesTo(boss, from);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toEqual({
      title: alice.userName,
      body: '请问怎么充值',
      url: `/chatDirect/${direct}`,
      tag: `direct-${direct}`,
    });
    expect(got[0].topic).toBe(`d${direct}`);
    expect(pushesTo(alice, from)).toHaveLength(0);
  });

  it('deletes a subscription the push service answers 410 for, and the send still succeeds', async () => {
    const device = devices.get(carol.userId);
    if (!device) throw new Error('no device');
    service.gone.add(device.path);
    const res = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '在吗',
      status: 0,
      userIds: String(carol.userId),
    });
    expect(res.code).toBe(1);
    await ctx.app.push.idle();
    expect(service.received.at(-1)?.path).toBe(device.path);
    expect(
      await ctx.sql`select 1 from push_subscriptions where user_id = ${carol.userId}`,
    ).toHaveLength(0);
  });
});
