/**
 * Slow and abandoned requests against the in-flight limit, over real sockets: a body that trickles
 * in (or never comes) holds no slot, a request whose client leaves while it waits for a slot is
 * never given one, and slots are never lost, so `/v1/getServerTime` answers throughout and after.
 * Headers and bodies that take too long get a 408 envelope.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { buildApp } from '../../src/server/app.ts';
import { DB_POOL_SIZE } from '../../src/server/db/client.ts';
import { MAX_INFLIGHT } from '../../src/server/http/inflight.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
let port: number;
/** requests whose headers the server has parsed (Node's `request` event, before any hook) */
let seen = 0;
beforeAll(async () => {
  ctx.app.server.on('request', () => seen++);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** Polls until `cond` holds; a generous bound so a slow machine never fails it. */
async function waitFor(
  cond: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 20_000,
): Promise<void> {
  for (const start = Date.now(); !(await cond()); ) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A raw connection that sends `head` (and `body`) and records what comes back until it closes. */
function rawClient(head: string, to = port) {
  const socket = net.connect(to, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c) => chunks.push(c));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(head);
  return { socket, closed, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** A form POST that promises 60000 bytes of body and sends only the first few. */
const slowPost = (to = port) =>
  rawClient(
    `POST ${encodeEnpath('/v1/users/login')} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nuserName=a',
    to,
  );

/** A complete GET whose handler reads the users table (blocked while the test holds its lock). */
const checkUser = () =>
  rawClient(
    `GET ${encodeEnpath('/v1/users/checkUser')}?userName=nobody HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
  );

/** GET /v1/getServerTime through its enpath URL; the abort only turns a hang into a failure. */
async function serverTime(to = port): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${to}${encodeEnpath('/v1/getServerTime')}`, {
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { code: number; data: number };
  expect(body.code).toBe(1);
  return body.data;
}

async function burstOfServerTimes(n: number, to = port): Promise<void> {
  const times = await Promise.all(Array.from({ length: n }, () => serverTime(to)));
  expect(times.every((t) => t > 0)).toBe(true);
}

describe('slow bodies hold no slot', () => {
  it('answers while more than MAX_INFLIGHT bodies trickle, and after queued ones are abandoned', async () => {
    const slow = Array.from({ length: MAX_INFLIGHT + 5 }, () => slowPost());
    await waitFor(() => seen >= slow.length, 'the slow requests to reach the server');
    await serverTime();

    const abandoned = Array.from({ length: MAX_INFLIGHT + 5 }, () => slowPost());
    await waitFor(
      () => seen >= slow.length + abandoned.length + 1,
      'the second batch to reach the server',
    );
    await serverTime();
    for (const c of abandoned) c.socket.destroy();
    await Promise.all(abandoned.map((c) => c.closed));
    for (const c of slow) c.socket.destroy();
    await Promise.all(slow.map((c) => c.closed));

    await serverTime();
    await burstOfServerTimes(MAX_INFLIGHT * 2);
  });
});

describe('a waiter whose client left', () => {
  it('is never given a slot: every slot comes back once the work in flight is done', async () => {
    // one connection of the app's pool holds the users table, so every checkUser handler waits
    const held = await ctx.sql.reserve();
    await held`begin`;
    await held`lock table users in access exclusive mode`;
    const lockWaiters = async () => {
      await held`select pg_stat_clear_snapshot()`; // a transaction otherwise sees its first snapshot
      const [row] = await held<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      return row.n;
    };
    const before = seen;
    const holders = Array.from({ length: MAX_INFLIGHT }, () => checkUser());
    await waitFor(
      async () => (await lockWaiters()) >= DB_POOL_SIZE - 1,
      'the holders to block on the lock',
    );
    const queued = Array.from({ length: MAX_INFLIGHT + 5 }, () => checkUser());
    await waitFor(
      () => seen >= before + holders.length + queued.length,
      'the queued requests to reach the server',
    );
    await new Promise((r) => setTimeout(r, 100)); // lets them reach the queue; the test holds either way
    for (const c of queued) c.socket.destroy();
    await Promise.all(queued.map((c) => c.closed));

    await held`rollback`;
    held.release();
    await waitFor(
      () => holders.every((c) => c.text().includes('"code":1')),
      'the holders to be answered',
    );
    for (const c of holders) c.socket.destroy();

    await serverTime();
    await burstOfServerTimes(MAX_INFLIGHT * 2);
  });
});

describe('header and body timeouts', () => {
  let quick: FastifyInstance;
  let quickPort: number;
  beforeAll(async () => {
    quick = await buildApp({
      config: { ...ctx.config, headersTimeoutMs: 300, requestTimeoutMs: 600 },
      sql: ctx.sql,
    });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    quickPort = (quick.server.address() as AddressInfo).port;
  });
  afterAll(() => quick.close());

  const expect408 = (text: string) => {
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ code: -1, data: null });
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  };

  it('answers headers that never finish with a 408 envelope and closes', async () => {
    const c = rawClient(
      `GET ${encodeEnpath('/v1/getServerTime')} HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
      quickPort,
    );
    await c.closed;
    expect408(c.text());
  });

  it('answers a body that never finishes with a 408 envelope and closes, and goes on answering', async () => {
    const c = slowPost(quickPort);
    await c.closed;
    expect408(c.text());
    await serverTime(quickPort);
  });
});
