/**
 * Two app instances on one database, joined by a real redis-server started here: a message sent
 * on one instance reaches sockets on the other, the online list is site-wide (two tabs count
 * once), flood control is site-wide, and a client killed and reopened 100 times, alternating
 * between the instances, gets every message once and in order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { RedisBus } from '../../src/server/realtime/bus.ts';
import { setupTestApp, TestClient } from './helpers.ts';
import {
  floodClock,
  listen,
  makeRoom,
  type Member,
  nextSecond,
  openSocket,
  operator,
  reconnectChurn,
  say,
  type SocketClient,
} from './chat-fixtures.ts';

const hasRedis = (() => {
  try {
    execFileSync('which', ['redis-server']);
    return true;
  } catch {
    return false;
  }
})();

// CI installs redis-server (.ci/run): there the test must run, never skip quietly.
if (!hasRedis && process.env.CI)
  throw new Error('redis-server is missing: the two-instance chat test needs it');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe.skipIf(!hasRedis)('two instances through Redis', async () => {
  const ctx = await setupTestApp({}, { now: floodClock.now });
  let redisProc: ChildProcess;
  const clients: Redis[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  const sockets: SocketClient[] = [];
  let op: Member;

  beforeAll(async () => {
    const port = await freePort();
    redisProc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) {
      const probe = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {}); // refused until the server is up
      const up = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => false,
        );
      probe.disconnect();
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(url, { maxRetriesPerRequest: 2 });
      redis.on('error', () => {}); // the last test stops the server on purpose
      clients.push(redis);
      const app = await buildApp({ config: ctx.config, sql: ctx.sql, redis, now: floodClock.now });
      await app.ready();
      await (app.chat.bus as RedisBus).whenReady();
      apps.push(app);
      bases.push(await listen(app));
    }
    op = await operator(ctx);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const app of apps) await app.close();
    for (const c of clients) c.disconnect();
    redisProc?.kill('SIGTERM');
  });

  /** A member logged in once, with a client on each instance sharing the session cookie. */
  async function member(): Promise<[Member, TestClient, TestClient]> {
    const m = await ctx.userClient();
    return [
      m,
      ...apps.map((app) => {
        const c = new TestClient(app);
        c.cookies = new Map(m.cookies);
        return c;
      }),
    ] as [Member, TestClient, TestClient];
  }
  const track = (s: SocketClient) => {
    sockets.push(s);
    return s;
  };

  it('delivers across instances and keeps one site-wide online list', async () => {
    const room = await makeRoom(op);
    const [alice, aliceA, aliceB] = await member();
    const [bob, , bobB] = await member();
    const onA = track(await openSocket(bases[0], aliceA, { type: 1, roomId: room.roomCode }));
    const onB = track(await openSocket(bases[1], bobB, { type: 1, roomId: room.roomCode }));
    const secondTab = track(await openSocket(bases[1], aliceB, { type: 1, roomId: room.roomCode }));
    const fromA = (await say(aliceA, room.roomCode, '从A发出')).data.id;
    await onB.until(() => onB.messages().some((m) => m.id === fromA));
    const fromB = (await say(bobB, room.roomCode, '从B发出')).data.id;
    await onA.until(() => onA.messages().some((m) => m.id === fromB));
    await secondTab.until(() => secondTab.messages().length === 2);
    expect(onA.messages().map((m) => m.id)).toEqual([fromA, fromB]);

    const online = await aliceA.get('/v1/chat/getOnlineMemberList', { roomCode: room.roomCode });
    expect(online.data.list.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [String(alice.userId), String(bob.userId)].sort(),
    );
    await onB.close();
    const after = await aliceB.get('/v1/chat/getOnlineMemberList', { roomCode: room.roomCode });
    expect(after.data.list.map((m: { userId: string }) => m.userId)).toEqual([
      String(alice.userId),
    ]);
  });

  it('counts flood control site-wide', async () => {
    const room = await makeRoom(op);
    const [, a, b] = await member();
    await nextSecond();
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await say(i % 2 ? a : b, room.roomCode, `f${i}`));
    expect(results.filter((r) => r.code === 1).length).toBe(5);
  });

  it('loses and repeats nothing across 100 reconnects alternating between instances', async () => {
    const room = await makeRoom(op);
    const senders = [];
    for (let i = 0; i < 6; i++) senders.push((await member())[1 + (i % 2)]);
    const [, readerA, readerB] = await member();
    const lastId = (await say(senders[0], room.roomCode, 'start')).data.id as number;
    await nextSecond();
    const { received, sent } = await reconnectChurn({
      roomCode: room.roomCode,
      senders,
      lastId,
      rounds: 100,
      open: (round, after) => {
        const onB = round % 2 === 1;
        return openSocket(bases[onB ? 1 : 0], onB ? readerB : readerA, {
          type: 1,
          roomId: room.roomCode,
          lastId: after,
        });
      },
    });
    expect(sent.length).toBeGreaterThan(30);
    expect(new Set(received).size).toBe(received.length);
    expect(received).toEqual(sent);
  }, 60_000);

  // last: it stops the redis-server
  it('keeps sending when Redis goes away: stored messages reach the sockets by resync', async () => {
    const room = await makeRoom(op);
    const [, aliceA] = await member();
    const [, , bobB] = await member();
    const onA = track(await openSocket(bases[0], aliceA, { type: 1, roomId: room.roomCode }));
    const onB = track(await openSocket(bases[1], bobB, { type: 1, roomId: room.roomCode }));
    await new Promise<void>((resolve) => {
      redisProc.once('exit', () => resolve());
      redisProc.kill('SIGTERM');
    });
    const sent = await say(aliceA, room.roomCode, 'Redis 不在也能发');
    expect(sent.code, sent.msg).toBe(1);
    await Promise.all(apps.map((app) => app.chat.hub.resync()));
    await onA.until(() => onA.messages().some((m) => m.id === sent.data.id));
    await onB.until(() => onB.messages().some((m) => m.id === sent.data.id));
    const online = await aliceA.get('/v1/chat/getOnlineMemberList', { roomCode: room.roomCode });
    expect(online.code).toBe(1);
  }, 30_000);
});
