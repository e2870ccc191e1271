/**
 * Push amplification and blocking (docs/push.md, "Sending"): a user keeps at most
 * PUSH_SUBSCRIPTIONS_PER_USER subscriptions (the newest), a mention sends to at most that many
 * devices per user even for rows stored before the cap, endpoints that never answer are given up
 * after PUSH_TIMEOUT_MS, and while they hang they do not hold up another user's push.
 * The push services are local listeners allowed through PUSH_ALLOWED_HOSTS.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { makeRoom, type Member, operator } from './chat-fixtures.ts';
import { buildApp } from '../../src/server/app.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../src/server/push/subscriptions.ts';
import type { RoomRow } from '../../src/server/chat/rooms.ts';
import { browserKeys, type PushService, startPushService } from './pushService.ts';

// a long timeout here, so a hanging endpoint stays pending while the other user's push goes out
const ctx = await setupTestApp({ PUSH_ALLOWED_HOSTS: '127.0.0.1', PUSH_TIMEOUT_MS: '60000' });
let service: PushService;
let op: Member;
let alice: Member;
let victim: Member;
let room: { roomCode: string; id: number };

/** A push service that takes connections and never answers: counts them and their closes. */
interface Silent {
  origin: string;
  accepted: number;
  closed: number;
  close(): Promise<void>;
}
async function startSilent(): Promise<Silent> {
  const sockets = new Set<net.Socket>();
  const state = { accepted: 0, closed: 0 };
  const server = net.createServer((s) => {
    state.accepted++;
    sockets.add(s);
    s.resume(); // reads (and drops) what comes, so a close by the sender is seen
    s.on('error', () => {});
    s.on('close', () => {
      state.closed++;
      sockets.delete(s);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return Object.assign(state, {
    origin,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

async function until(check: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const enter = (u: Member) => u.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
const mention = (from: Member, users: Member[]) =>
  from.post('/v1/chat/addMessage', {
    roomCode: room.roomCode,
    messageTypeId: 1,
    message: '看这里',
    status: 0,
    userIds: users.map((u) => u.userId).join(','),
  });

async function subscribeAt(user: Member, origin: string): Promise<string> {
  const k = browserKeys();
  const path = `/push/${crypto.randomUUID()}`;
  const res = await user.post('/v1/push/subscribe', {
    endpoint: origin + path,
    p256dh: k.p256dh,
    auth: k.auth,
  });
  expect(res.code, res.msg).toBe(1);
  return path;
}

beforeAll(async () => {
  service = await startPushService();
  op = await operator(ctx);
  [alice, victim] = await Promise.all([ctx.userClient(), ctx.userClient()]);
  room = await makeRoom(op);
  for (const u of [alice, victim]) expect((await enter(u)).code).toBe(1);
});
afterAll(async () => {
  await service?.close();
});

describe('subscriptions per user', () => {
  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_PER_USER} of a user's devices`, async () => {
    const user = await ctx.userClient();
    const paths: string[] = [];
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER + 2; i++)
      paths.push(await subscribeAt(user, service.origin));
    const rows = await ctx.sql<
      { endpoint: string }[]
    >`select endpoint from push_subscriptions where user_id = ${user.userId}`;
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      paths
        .slice(2)
        .map((p) => service.origin + p)
        .sort(),
    );
    // subscribing an endpoint already kept again does not push another one out
    const k = browserKeys();
    expect(
      (
        await user.post('/v1/push/subscribe', {
          endpoint: service.origin + paths[5],
          p256dh: k.p256dh,
          auth: k.auth,
        })
      ).code,
    ).toBe(1);
    expect(
      await ctx.sql`select 1 from push_subscriptions where user_id = ${user.userId}`,
    ).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it('sends one mention to at most that many devices of a user, even for rows stored before the cap', async () => {
    const user = await ctx.userClient();
    expect((await enter(user)).code).toBe(1);
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER + 5; i++) {
      const k = browserKeys();
      await ctx.sql`insert into push_subscriptions (endpoint, p256dh, auth, user_id)
                    values (${`${service.origin}/push/old-${user.userId}-${i}`}, ${k.p256dh}, ${k.auth}, ${user.userId})`;
    }
    const from = service.received.length;
    expect((await mention(alice, [user])).code).toBe(1);
    await ctx.app.push.idle();
    expect(
      service.received.slice(from).filter((r) => r.path.startsWith(`/push/old-${user.userId}-`)),
    ).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });
});

describe('endpoints that never answer', () => {
  it("do not hold up another user's push while they hang", async () => {
    const silent = await startSilent();
    try {
      // five players with a full set of devices at a service that never answers: more than the send slots
      const hogs = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.userClient()));
      for (const h of hogs) {
        expect((await enter(h)).code).toBe(1);
        for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER; i++) await subscribeAt(h, silent.origin);
      }
      const victimPath = await subscribeAt(victim, service.origin);
      expect((await mention(alice, hogs)).code).toBe(1);
      await until(() => silent.accepted >= 16, 'the silent service holds the send slots');
      // then another user is mentioned: their push goes out while every silent one still hangs
      expect((await mention(alice, [victim])).code).toBe(1);
      await until(() => service.received.some((r) => r.path === victimPath), "the victim's push");
      expect(silent.closed).toBe(0);
      expect(ctx.app.push.stats.timedOut).toBe(0);
    } finally {
      await silent.close();
      await ctx.app.push.idle();
    }
  }, 60_000);

  it('are given up after PUSH_TIMEOUT_MS, counted as timed out', async () => {
    const silent = await startSilent();
    const quick = await buildApp({ config: { ...ctx.config, pushTimeoutMs: 200 }, sql: ctx.sql });
    try {
      const user = await ctx.userClient();
      expect((await enter(user)).code).toBe(1);
      await subscribeAt(user, silent.origin);
      const [row] = await ctx.sql<RoomRow[]>`select * from chat_rooms where id = ${room.id}`;
      quick.push.afterMessage(row, {
        id: 1,
        messageTypeId: 1,
        body: '看这里',
        nickname: 'a',
        senderId: alice.userId,
        mentionIds: [user.userId],
        status: 0,
      });
      await quick.push.idle();
      expect(silent.accepted).toBe(1);
      expect(quick.push.stats.timedOut).toBe(1);
      await until(() => silent.closed === 1, 'the hanging connection is closed');
    } finally {
      await quick.close();
      await silent.close();
    }
  });
});
