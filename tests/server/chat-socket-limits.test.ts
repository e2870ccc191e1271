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
import WebSocket from 'ws';
import {
  listen,
  makeRoom,
  type Member,
  openSocket,
  operator,
  SocketClient,
} from './chat-fixtures.ts';

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

const TOO_MANY = { code: 2, success: false, msg: '连接数过多，请关闭其他聊天页面后再试' };
const displaced = (s: SocketClient) => s.closed?.code === CloseCode.TOO_MANY_SOCKETS;

describe('sockets per owner', () => {
  it('a member holds at most the cap: one more closes the oldest with 4029 and the reason', async () => {
    const room = await makeRoom(op);
    const m = await ctx.userClient();
    const first: SocketClient[] = [];
    for (let i = 0; i < SOCKETS_PER_USER_MAX; i++)
      first.push(...track([await openSocket(base, m, { type: 1, roomId: room.roomCode })]));
    expect(first.every((s) => s.frames[0].success === true)).toBe(true);
    const newest = track([await openSocket(base, m, { type: 1, roomId: room.roomCode })])[0];
    expect(newest.frames[0].success).toBe(true);
    await first[0].until(() => first[0].closed !== null);
    expect(first[0].frames.at(-1)).toEqual(TOO_MANY);
    expect(displaced(first[0])).toBe(true);
    expect(first.slice(1).every((s) => s.closed === null)).toBe(true);
    // another member is not limited by it
    const other = track([
      await openSocket(base, await ctx.userClient(), { type: 1, roomId: room.roomCode }),
    ]);
    expect(other[0].frames[0].success).toBe(true);
  });

  it('150 sockets of one member at once: at most the cap stay open', {
    timeout: 90_000,
  }, async () => {
    const room = await makeRoom(op);
    const m = await ctx.userClient();
    const keys = await Promise.all(
      Array.from({ length: 150 }, () => m.get('/v1/broadCast/generateKey')),
    );
    // connects queue behind the database pool: a generous bound, not a timed assertion
    const all = track(
      keys.map(
        (k) =>
          new SocketClient(
            new WebSocket(`${base}/v1/broadCast/chat?type=1&roomId=${room.roomCode}&key=${k.data}`),
          ),
      ),
    );
    const gone = () => all.filter(displaced).length;
    await all[0].until(
      () => gone() >= 150 - SOCKETS_PER_USER_MAX && all.every((s) => s.frames.length > 0),
      60_000,
    );
    expect(gone()).toBe(150 - SOCKETS_PER_USER_MAX);
    expect(all.filter((s) => s.closed === null)).toHaveLength(SOCKETS_PER_USER_MAX);
  });

  it('a guest identity holds at most the guest cap', async () => {
    const room = await makeRoom(op, { guestCode: 'capguest1', guestChat: 1 });
    const g = ctx.client('10.23.7.1');
    expect(
      (await g.get('/v1/chat/getRoomWebGuest', { roomCode: room.roomCode, guestCode: 'capguest1' }))
        .data.userId,
    ).toMatch(/^g\d+$/);
    const open = track(
      await Promise.all(
        Array.from({ length: SOCKETS_PER_GUEST_MAX + 3 }, () =>
          openSocket(
            base,
            g,
            { type: 1, roomId: room.roomCode, guestCode: 'capguest1' },
            { guestCode: 'capguest1' },
          ),
        ),
      ),
    );
    await open[0].until(() => open.filter(displaced).length >= 3);
    expect(open.filter(displaced)).toHaveLength(3);
    expect(open.filter((s) => s.closed === null)).toHaveLength(SOCKETS_PER_GUEST_MAX);
  });
});
