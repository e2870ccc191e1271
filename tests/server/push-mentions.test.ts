/**
 * Who an @-mention may notify (docs/push.md, "Who gets what"): never anyone, when a guest sends;
 * for a player, only users who may see the room: online in it or recent members still allowed in
 * (grade, account, the room's current password). The push service is a local listener allowed
 * through PUSH_ALLOWED_HOSTS.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import { makeRoom, type Member, operator, pw } from './chat-fixtures.ts';
import { browserKeys, type PushService, startPushService } from './pushService.ts';

const ctx = await setupTestApp({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });
let service: PushService;
let op: Member;
let alice: Member;
let bob: Member;
let carol: Member;
let stranger: Member;
const paths = new Map<number, string>();

beforeAll(async () => {
  service = await startPushService();
  op = await operator(ctx);
  [alice, bob, carol, stranger] = await Promise.all([1, 2, 3, 4].map(() => ctx.userClient()));
  for (const u of [alice, bob, carol, stranger]) {
    const k = browserKeys();
    const path = `/push/${crypto.randomUUID()}`;
    expect(
      (
        await u.post('/v1/push/subscribe', {
          endpoint: service.origin + path,
          p256dh: k.p256dh,
          auth: k.auth,
        })
      ).code,
    ).toBe(1);
    paths.set(u.userId, path);
  }
});
afterAll(async () => {
  await service?.close();
});

/** How many pushes each user's device took since `from`. */
function countsSince(from: number, users: Member[]): number[] {
  return users.map(
    (u) => service.received.slice(from).filter((r) => r.path === paths.get(u.userId)).length,
  );
}

describe('mentions', () => {
  it('a guest mentioning members notifies nobody', async () => {
    const room = await makeRoom(op, { guestCode: 'push1234', guestChat: 1 });
    for (const u of [bob, carol])
      expect((await u.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode })).code).toBe(1);
    const guest: TestClient = ctx.client();
    expect(
      (
        await guest.get('/v1/chat/getRoomWebGuest', {
          roomCode: room.roomCode,
          guestCode: 'push1234',
        })
      ).code,
    ).toBe(1);
    const from = service.received.length;
    const res = await guest.post('/v1/chat/addMessageGuest', {
      roomCode: room.roomCode,
      guestCode: 'push1234',
      messageTypeId: 1,
      message: '大家好',
      status: 0,
      userIds: `${bob.userId},${carol.userId},${alice.userId}`,
    });
    expect(res.code, res.msg).toBe(1);
    await ctx.app.push.idle();
    expect(countsSince(from, [alice, bob, carol])).toEqual([0, 0, 0]);
  });

  it("a player's mention reaches a recent member, not a user who never entered the room", async () => {
    const room = await makeRoom(op);
    for (const u of [alice, carol])
      expect((await u.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode })).code).toBe(1);
    const from = service.received.length;
    const res = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '看这里',
      status: 0,
      userIds: `${stranger.userId},${carol.userId}`,
    });
    expect(res.code, res.msg).toBe(1);
    await ctx.app.push.idle();
    expect(countsSince(from, [stranger, carol])).toEqual([0, 1]);
  });

  it('a member shut out by a new room password is no longer notified', async () => {
    const room = await makeRoom(op, { password: '4321' });
    for (const u of [alice, bob, carol]) {
      expect(
        (await u.post('/v1/chat/checkPassword', { roomCode: room.roomCode, password: pw('4321') }))
          .code,
      ).toBe(1);
      expect((await u.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode })).code).toBe(1);
    }
    expect(
      (
        await op.post('/v1/admin/chat/rooms/save', {
          id: room.id,
          roomCode: room.roomCode,
          title: '新密码',
          password: '5678',
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await alice.post('/v1/chat/checkPassword', {
          roomCode: room.roomCode,
          password: pw('5678'),
        })
      ).code,
    ).toBe(1);
    expect(
      (await bob.post('/v1/chat/checkPassword', { roomCode: room.roomCode, password: pw('5678') }))
        .code,
    ).toBe(1);
    const from = service.received.length;
    const res = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '新密码了',
      status: 0,
      userIds: `${bob.userId},${carol.userId}`,
    });
    expect(res.code, res.msg).toBe(1);
    await ctx.app.push.idle();
    expect(countsSince(from, [bob, carol])).toEqual([1, 0]);
  });
});
