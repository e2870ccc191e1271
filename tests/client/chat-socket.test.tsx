/**
 * The live chat socket's state machine (issue 12): lastId on every connect, heartbeat replies, 2 s
 * reconnect, 5 retries at 1 s, short refusals final, and a socket left silent while hidden replaced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChatSocket,
  CONNECT_FAILED_MSG,
  socketUrl,
  type SocketStatus,
} from '../../src/client/features/chat/socket';
import { ok, stubNetwork, callsTo } from './records-net';
import { FakeSocket } from './chat-fixtures';
import { RefusalReason, refusalData } from '../../src/domain/errors';
import { PushCode } from '../../src/domain/chat/push';

describe('live socket', () => {
  let statuses: [SocketStatus, string][];
  let frames: unknown[];
  let last: number | null;
  let sock: ChatSocket;
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(0);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    stubNetwork({ '/v1/broadCast/generateKey': () => ok('k'.repeat(43)) });
    statuses = [];
    frames = [];
    last = 41;
    sock = new ChatSocket({
      type: 1,
      roomId: '00002',
      password: 'p',
      lastId: () => last,
      onFrame: (f) => frames.push(f),
      onStatus: (s, m) => statuses.push([s, m]),
    });
  });
  afterEach(() => {
    sock.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds the platform URL with the last id seen', () => {
    const u = new URL(
      socketUrl({ type: 1, roomId: '00002', password: 'p' }, 'KEY', 41, 'https://x.test'),
    );
    expect(u.protocol).toBe('wss:');
    expect(u.pathname).toBe('/v1/broadCast/chat');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      type: '1',
      key: 'KEY',
      roomId: '00002',
      password: 'p',
      api: '/chat',
      guestCode: '',
      lastId: '41',
    });
    expect(new URL(socketUrl({ type: 7, roomId: '5' }, 'K', null, 'http://x')).search).toBe(
      '?type=7&key=K&roomId=5',
    );
  });

  it('answers heartbeats and reconnects 2 s after a close with a fresh key and the newest id', async () => {
    sock.start();
    await flush();
    const first = FakeSocket.all[0]!;
    expect(new URL(first.url).searchParams.get('lastId')).toBe('41');
    first.open();
    first.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    expect(statuses.at(-1)).toEqual(['open', '']);
    first.frame({ code: 6 });
    expect(first.sent).toEqual(['{"code":9}']);
    last = 57;
    first.close();
    expect(statuses.at(-1)![0]).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1900);
    expect(FakeSocket.all.length).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await flush();
    expect(FakeSocket.all.length).toBe(2);
    expect(new URL(FakeSocket.all[1]!.url).searchParams.get('lastId')).toBe('57');
    expect(callsTo('/v1/broadCast/generateKey').length).toBe(2);
  });

  it('retries once a second up to 5 times, then says the connection failed', async () => {
    sock.start();
    await flush();
    for (let i = 0; i < 5; i++) {
      FakeSocket.all.at(-1)!.close();
      await vi.advanceTimersByTimeAsync(1000);
      await flush();
    }
    expect(statuses.some(([s, m]) => s === 'failed' && m === CONNECT_FAILED_MSG)).toBe(true);
  });

  it('stops for good on a short refusal and shows it', async () => {
    sock.start();
    await flush();
    const s = FakeSocket.all[0]!;
    s.frame({ code: 2, success: false, msg: '房间密码错误' });
    s.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses.at(-1)).toEqual(['closed', '房间密码错误']);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('retries a refusal whose reason is a stale key with a fresh key, whatever its text (issue 25)', async () => {
    sock.start();
    await flush();
    FakeSocket.all[0]!.frame({
      code: 2,
      success: false,
      msg: '钥匙旧了',
      body: refusalData(RefusalReason.CHAT_KEY_STALE),
    });
    FakeSocket.all[0]!.close();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(statuses.some(([s]) => s === 'closed')).toBe(false);
    expect(FakeSocket.all.length).toBe(2);
    expect(callsTo('/v1/broadCast/generateKey').length).toBe(2);
  });

  it("takes a refusal without that reason as final, even in the stale key's words", async () => {
    sock.start();
    await flush();
    FakeSocket.all[0]!.frame({ code: 2, success: false, msg: '连接已失效，请重新进入' });
    FakeSocket.all[0]!.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses.at(-1)).toEqual(['closed', '连接已失效，请重新进入']);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('says which push ended the socket for good (15: re-enter the room), whatever its text', async () => {
    const ends: (number | undefined)[] = [];
    const s2 = new ChatSocket({
      type: 1,
      roomId: '00002',
      password: 'p',
      lastId: () => null,
      onFrame: () => {},
      onStatus: (s, _m, by) => {
        if (s === 'closed') ends.push(by);
      },
    });
    s2.start();
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    ws.frame({ code: PushCode.PERMISSIONS_CHANGED, body: { msg: '权限有变' } });
    s2.stop();
    expect(ends).toEqual([PushCode.PERMISSIONS_CHANGED]);
  });

  it('replaces a socket left silent while the page was hidden, and never keeps two', async () => {
    sock.start();
    await flush();
    const first = FakeSocket.all[0]!;
    first.open();
    first.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    await vi.advanceTimersByTimeAsync(40_000);
    last = 88;
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(first.readyState).toBe(3);
    expect(FakeSocket.all.length).toBe(2);
    expect(new URL(FakeSocket.all[1]!.url).searchParams.get('lastId')).toBe('88');
    // the closed one plans no reconnect of its own
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all.length).toBe(2);
  });
});
