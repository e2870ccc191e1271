/**
 * The live socket: one-time keys, the connect result, live pushes, room events, and the recovery
 * rule (a reconnect with the last id seen gets every missed message once, in order), including a
 * client whose connection is killed and reopened 100 times while others send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFrame, storeMessage } from '../../src/server/chat/messages.ts';
import { Gate } from '../../src/server/realtime/gate.ts';
import { setupTestApp } from './helpers.ts';
import {
  floodClock,
  gradeUser,
  listen,
  makeRoom,
  type Member,
  nextSecond,
  openSocket,
  openWithKey,
  operator,
  pw,
  reconnectChurn,
  say,
  type SocketClient,
} from './chat-fixtures.ts';

const ctx = await setupTestApp({}, { now: floodClock.now });
let base: string;
let op: Member;
let alice: Member;
let bob: Member;
const sockets: SocketClient[] = [];
const track = (s: SocketClient) => {
  sockets.push(s);
  return s;
};
beforeAll(async () => {
  base = await listen(ctx.app);
  op = await operator(ctx);
  alice = await ctx.userClient();
  bob = await ctx.userClient();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
});

describe('keys and the connect result', () => {
  it('needs a login or a guest code, and a key opens one socket only', async () => {
    const room = await makeRoom(op, { guestCode: 'guestkey1' });
    expect((await ctx.client().get('/v1/broadCast/generateKey')).code).toBe(0);
    expect(
      (await ctx.client().get('/v1/broadCast/generateKey', { guestCode: 'nosuch12' })).msg,
    ).toBe('游客码不正确');
    const key = (await alice.get('/v1/broadCast/generateKey')).data as string;
    expect(key.length).toBeGreaterThan(20);
    const first = track(await openWithKey(base, { type: 1, key, roomId: room.roomCode }));
    expect(first.frames[0]).toMatchObject({ code: 2, success: true });
    const second = track(await openWithKey(base, { type: 1, key, roomId: room.roomCode }));
    expect(second.frames[0]).toMatchObject({
      code: 2,
      success: false,
      msg: '连接已失效，请重新进入',
    });
    await second.until(() => second.closed !== null);
    const none = track(await openWithKey(base, { type: 1, key: 'made-up', roomId: room.roomCode }));
    expect(none.frames[0].success).toBe(false);

    const guest = ctx.client();
    const g = track(
      await openSocket(
        base,
        guest,
        { type: 1, roomId: room.roomCode, guestCode: 'guestkey1' },
        { guestCode: 'guestkey1' },
      ),
    );
    expect(g.frames[0]).toMatchObject({
      code: 2,
      success: true,
      body: { bannedMessage: '游客不能发言，请先注册' },
    });
    await say(alice, room.roomCode, '给游客看');
    await g.until(() => g.messages().length === 1);
    expect(g.messages()[0].message).toBe('给游客看');
  });

  it('refuses a wrong room password, a missing room, another user’s private room and an ended session', async () => {
    const room = await makeRoom(op, { password: '2468' });
    const wrong = track(
      await openSocket(base, alice, { type: 1, roomId: room.roomCode, password: pw('1357') }),
    );
    expect(wrong.frames[0]).toMatchObject({ code: 2, success: false, msg: '房间密码错误' });
    const right = track(
      await openSocket(base, alice, { type: 1, roomId: room.roomCode, password: pw('2468') }),
    );
    expect(right.frames[0].success).toBe(true);
    const missing = track(await openSocket(base, alice, { type: 1, roomId: '8765432' }));
    expect(missing.frames[0].msg).toBe('房间不存在');
    const badType = track(await openSocket(base, alice, { type: 3, roomId: room.roomCode }));
    expect(badType.frames[0].msg).toBe('连接参数不正确');

    const boss = await ctx.userClient();
    await gradeUser(ctx, boss.userId, 100);
    const roomId = (await boss.get('/v1/chat/getDirectRoomWeb', { targetUserId: alice.userId }))
      .data.roomId;
    const outsider = track(await openSocket(base, bob, { type: 7, roomId }));
    expect(outsider.frames[0]).toMatchObject({ code: 2, success: false, msg: '私聊不存在' });
    const member = track(await openSocket(base, alice, { type: 7, roomId }));
    expect(member.frames[0].success).toBe(true);
    await boss.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 1, message: '私聊实时' });
    await member.until(() => member.messages().length === 1);

    const carol = await ctx.userClient();
    const key = (await carol.get('/v1/broadCast/generateKey')).data;
    await carol.get('/v1/users/logout');
    const ended = track(
      await openWithKey(base, { type: 1, key, roomId: room.roomCode, password: pw('2468') }),
    );
    expect(ended.frames[0]).toMatchObject({ code: 14, success: false });

    // a live socket of a session that ends gets 14 at the next check and closes
    const dave = await ctx.userClient();
    const open = track(
      await openSocket(base, dave, { type: 1, roomId: room.roomCode, password: pw('2468') }),
    );
    expect(open.frames[0].success).toBe(true);
    await ctx.app.chatSessionCheck();
    expect(open.closed).toBeNull();
    await op.post('/v1/admin/users/forceLogout', { userId: dave.userId, message: '请重新登录' });
    await ctx.app.chatSessionCheck();
    await open.until(() => open.closed !== null);
    expect(open.frames.at(-1)).toMatchObject({ code: 14, msg: '请重新登录' });
    expect(open.closed?.code).toBe(4014);
  });
});

describe('live pushes', () => {
  it('pushes a new message as {code:1, body, extend} to every socket of the room, and room events', async () => {
    const room = await makeRoom(op, { managers: op.userName });
    await nextSecond();
    const a = track(await openSocket(base, alice, { type: 1, roomId: room.roomCode }));
    const b = track(await openSocket(base, bob, { type: 1, roomId: room.roomCode }));
    await a.until(() =>
      a.frames.some((f) => f.code === 11 && f.body.userId === String(bob.userId)),
    );
    const sent = (await say(alice, room.roomCode, '<i>大家好</i>')).data;
    await b.until(() => b.messages().length === 1);
    const frame = b.frames.find((f) => f.code === 1);
    expect(frame.extend).toEqual({});
    expect(typeof frame.body).toBe('string');
    expect(JSON.parse(frame.body)).toEqual(sent);
    await a.until(() => a.messages().length === 1);

    const online = await op.get('/v1/chat/getOnlineMemberList', { roomCode: room.roomCode });
    expect(online.data.list.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [String(alice.userId), String(bob.userId)].sort(),
    );
    const managersOnly = await op.get('/v1/chat/getOnlineMemberList', {
      roomCode: room.roomCode,
      memberTypeId: 1,
    });
    expect(managersOnly.data.total).toBe(0);
    const players = await op.get('/v1/chat/getOnlineMemberList', {
      roomCode: room.roomCode,
      memberTypeId: 2,
      userName: bob.userName,
    });
    expect(players.data.list.map((m: { userId: string }) => m.userId)).toEqual([
      String(bob.userId),
    ]);
    expect(players.data.list[0].roleUserName).toMatch(/\*\*\*/);
    expect(
      (await alice.get('/v1/chat/getOnlineMemberList', { roomCode: room.roomCode, pageSize: 101 }))
        .code,
    ).toBe(-1);

    await op.post('/v1/chat/updateMessageStateFront', { roomCode: room.roomCode, id: sent.id });
    await b.until(() =>
      b.frames.some((f) => f.code === 3 && f.type === 5 && f.body.id === sent.id),
    );
    await op.post('/v1/chat/addBanFront', {
      roomCode: room.roomCode,
      target: bob.userId,
      durationTypeId: 3,
    });
    await b.until(() =>
      b.frames.some(
        (f) =>
          f.code === 3 &&
          f.type === 3 &&
          f.body.userId === String(bob.userId) &&
          f.body.msg === '您已被禁言1周',
      ),
    );
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: room.roomCode, isMessageBanned: 1 });
    await a.until(() => a.frames.some((f) => f.code === 3 && f.type === 1));
    await op.post('/v1/admin/chat/rooms/save', {
      id: room.id,
      roomCode: room.roomCode,
      title: 't',
      mutedGrades: '3',
    });
    await a.until(() => a.frames.some((f) => f.code === 16 && f.body.mutedGrades[0] === 3));

    await b.close();
    await a.until(() =>
      a.frames.some((f) => f.code === 12 && f.body.userId === String(bob.userId)),
    );
    await op.post('/v1/admin/chat/rooms/delete', { id: room.id });
    await a.until(() => a.closed !== null);
    expect(a.frames.some((f) => f.code === 13 && f.body.msg === '房间已被删除')).toBe(true);
  });
});

describe('connecting', () => {
  it('misses nothing sent right after the connect result, even on a room’s first socket', async () => {
    for (let i = 0; i < 15; i++) {
      if (i % 4 === 0) await nextSecond(); // op stays under 5 messages a second
      const room = await makeRoom(op);
      const s = track(await openSocket(base, bob, { type: 1, roomId: room.roomCode }));
      const sent = await say(op, room.roomCode, `right after ${i}`);
      expect(sent.code, sent.msg).toBe(1);
      await s.until(() => s.messages().some((m) => m.id === sent.data.id));
      await s.close();
    }
  });
});

describe('recovery', () => {
  it('sends what a reconnecting client missed, once and in order, then live messages', async () => {
    const room = await makeRoom(op);
    await nextSecond(); // flood control counts per second: start with a fresh one
    const first = track(await openSocket(base, bob, { type: 1, roomId: room.roomCode }));
    const m1 = (await say(alice, room.roomCode, 'one')).data.id;
    await first.until(() => first.messages().length === 1);
    await first.close();
    // withdrawn while bob was away: he is told again when he comes back
    await alice.post('/v1/chat/updateMessageStateFront', { roomCode: room.roomCode, id: m1 });
    const missed = [];
    for (const text of ['two', 'three', 'four'])
      missed.push((await say(alice, room.roomCode, text)).data.id);
    const again = track(
      await openSocket(base, bob, { type: 1, roomId: room.roomCode, lastId: m1 }),
    );
    await again.until(() => again.messages().length === 3);
    expect(again.messages().map((m) => m.id)).toEqual(missed);
    const withdrawn = again.frames.findIndex(
      (f) => f.code === 3 && f.type === 5 && f.body.id === m1,
    );
    expect(withdrawn).toBeGreaterThan(0);
    expect(withdrawn).toBeLessThan(again.frames.findIndex((f) => f.code === 1));
    await nextSecond();
    const live = (await say(alice, room.roomCode, 'five')).data.id;
    await again.until(() => again.messages().length === 4);
    expect(again.messages().map((m) => m.id)).toEqual([...missed, live]);
    // an id from before the room's history starts from the window's first message
    const all = track(await openSocket(base, bob, { type: 1, roomId: room.roomCode, lastId: 1 }));
    await all.until(() => all.messages().length === 4);
    expect(all.messages().map((m) => m.id)).toEqual([...missed, live]);
  });

  it('loses and repeats nothing while a client is killed and reopened 100 times', async () => {
    const room = await makeRoom(op);
    const senders: Member[] = [];
    for (let i = 0; i < 6; i++) senders.push(await ctx.userClient());
    const reader = await ctx.userClient();
    // the reader has seen the room's first message; everything after it must arrive once
    const lastId = (await say(op, room.roomCode, 'start')).data.id as number;
    const { received, sent } = await reconnectChurn({
      roomCode: room.roomCode,
      senders,
      lastId,
      rounds: 100,
      open: (_round, after) =>
        openSocket(base, reader, { type: 1, roomId: room.roomCode, lastId: after }),
    });
    expect(sent.length).toBeGreaterThan(30);
    expect(new Set(received).size).toBe(received.length); // nothing twice
    expect(received).toEqual([...received].sort((a, b) => a - b)); // in order
    expect(received).toEqual(sent); // nothing lost
  }, 60_000);

  it('fills a gap from the database when a publish is lost or comes out of order', async () => {
    const room = await makeRoom(op);
    const s = track(await openSocket(base, bob, { type: 1, roomId: room.roomCode }));
    const stored = [];
    for (const text of ['a', 'b', 'c'])
      stored.push(
        await storeMessage(ctx.sql, {
          roomId: room.id,
          userId: alice.userId,
          messageTypeId: 1,
          body: text,
        }),
      );
    // only the last one is published: the first two were never announced
    const last = stored[2];
    await ctx.app.chat.bus.publish({
      kind: 'message',
      roomId: room.id,
      seq: last.room_seq,
      frame: messageFrame(last),
    });
    await s.until(() => s.messages().length === 3);
    // a late duplicate of an earlier publish is dropped
    await ctx.app.chat.bus.publish({
      kind: 'message',
      roomId: room.id,
      seq: stored[0].room_seq,
      frame: messageFrame(stored[0]),
    });
    await nextSecond();
    await say(alice, room.roomCode, 'd');
    await s.until(() => s.messages().length === 4);
    expect(s.messages().map((m) => m.message)).toEqual(['a', 'b', 'c', 'd']);
    // a last message never published is found by the periodic resync
    await storeMessage(ctx.sql, {
      roomId: room.id,
      userId: alice.userId,
      messageTypeId: 1,
      body: 'e',
    });
    await ctx.app.chat.hub.resync();
    await s.until(() => s.messages().length === 5);
    expect(s.messages().at(-1).message).toBe('e');
  });
});

describe('the connect gate', () => {
  it('runs at most its limit at once, in order, and frees a slot when a task fails', async () => {
    const gate = new Gate(3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 20 }, (_, i) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise((r) => setImmediate(r)); // the others run meanwhile
        running -= 1;
        if (i === 4) throw new Error('boom');
        return i;
      }),
    );
    const results = await Promise.allSettled(tasks);
    expect(most).toBe(3);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r.status === 'rejected').length).toBe(1);
    expect(await gate.run(async () => 'free')).toBe('free');
  });
});
