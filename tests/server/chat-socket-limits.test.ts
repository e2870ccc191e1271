/**
 * The socket endpoint's limits (issue 23 item 8): a plain GET without an upgrade answers the
 * envelope, and one owner holds at most so many sockets (members, guest identities), with real
 * `ws` clients: one more is refused with its own close code and a reason, and a place freed by a
 * close can be taken again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKETS_PER_GUEST_MAX, SOCKETS_PER_USER_MAX } from '../../src/domain/chat/constants.ts';
import { CloseCode } from '../../src/domain/chat/push.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { setupTestApp } from './helpers.ts';
import { listen, makeRoom, type Member, openSocket, operator, type SocketClient } from './chat-fixtures.ts';

const ctx = await setupTestApp();
let op: Member;
let base: string;
const sockets: SocketClient[] = [];
const track = (list: SocketClient[]) => {
  sockets.push(...list);
  return list;
};
beforeAll(async () => {
  op = await operator(ctx);
  base = await listen(ctx.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
});

describe('a plain request to the socket path', () => {
  it('answers the envelope in JSON, never an empty 404', async () => {
    for (const url of ['/v1/broadCast/chat', encodeEnpath('/v1/broadCast/chat')]) {
      const res = await fetch(`${base.replace(/^ws/, 'http')}${url}?type=1&roomId=1`);
      expect(res.status).toBe(426);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: -1, msg: '请以WebSocket方式连接', data: null });
    }
  });
});

describe('sockets per owner', () => {
  it('a member holds at most the cap; one more is refused with 4029, a freed place is taken again', async () => {
    const room = await makeRoom(op);
    const m = await ctx.userClient();
    const open = track(await Promise.all(Array.from({ length: SOCKETS_PER_USER_MAX + 5 }, () =>
      openSocket(base, m, { type: 1, roomId: room.roomCode }))));
    const refused = open.filter((s) => s.frames[0]?.success === false);
    expect(open.length - refused.length).toBe(SOCKETS_PER_USER_MAX);
    expect(refused).toHaveLength(5);
    for (const s of refused) {
      expect(s.frames[0]).toEqual({ code: 2, success: false, msg: '连接数过多，请关闭其他聊天页面后再试' });
      await s.until(() => s.closed !== null);
      expect(s.closed?.code).toBe(CloseCode.TOO_MANY_SOCKETS);
    }
    // another member is not limited by it
    const other = track([await openSocket(base, await ctx.userClient(), { type: 1, roomId: room.roomCode })]);
    expect(other[0].frames[0].success).toBe(true);
    // a closed socket gives its place back (once the server has seen the close: bounded polling)
    await open.find((s) => s.frames[0]?.success === true)?.close();
    let again: SocketClient | null = null;
    for (let i = 0; i < 50 && again?.frames[0]?.success !== true; i++) {
      again = track([await openSocket(base, m, { type: 1, roomId: room.roomCode })])[0];
    }
    expect(again?.frames[0].success).toBe(true);
  });

  it('a guest identity holds at most the guest cap', async () => {
    const room = await makeRoom(op, { guestCode: 'capguest1', guestChat: 1 });
    const g = ctx.client('10.23.7.1');
    expect((await g.get('/v1/chat/getRoomWebGuest', { roomCode: room.roomCode, guestCode: 'capguest1' })).data.userId).toMatch(/^g\d+$/);
    const open = track(await Promise.all(Array.from({ length: SOCKETS_PER_GUEST_MAX + 3 }, () =>
      openSocket(base, g, { type: 1, roomId: room.roomCode, guestCode: 'capguest1' }, { guestCode: 'capguest1' }))));
    expect(open.filter((s) => s.frames[0]?.success === true)).toHaveLength(SOCKETS_PER_GUEST_MAX);
    const refused = open.filter((s) => s.frames[0]?.success === false);
    expect(refused).toHaveLength(3);
    await refused[0].until(() => refused[0].closed !== null);
    expect(refused[0].closed?.code).toBe(CloseCode.TOO_MANY_SOCKETS);
  });
});
