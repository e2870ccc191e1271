/**
 * Malformed HTTP on a real listening server, sent over raw sockets: whatever the parser or router
 * refuses is still answered with an HTTP response whose body is the `{code, msg, data}` envelope
 * with a Chinese message, and the server goes on answering.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { answerWhileClosing } from '../../src/server/http/malformed.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** Sends raw bytes and collects everything the server writes until it closes (or 5 s pass). */
function rawExchange(request: string | Buffer, to = port, halfClose = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // half-closing tells the parser no more bytes come; a pipelining client keeps its side open
    socket.on('connect', () => (halfClose ? socket.end(request) : socket.write(request)));
    socket.on('timeout', () => reject(new Error('timeout')));
  });
}

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseResponse(text: string): Parsed {
  const split = text.indexOf('\r\n\r\n');
  expect(split, `not an HTTP response: ${JSON.stringify(text.slice(0, 200))}`).toBeGreaterThan(0);
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine!);
  expect(m, statusLine).not.toBeNull();
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  else if (headers['content-length'])
    body = Buffer.from(body).subarray(0, Number(headers['content-length'])).toString('utf8');
  return { status: Number(m![1]), headers, body };
}

function dechunk(text: string): string {
  let out = '';
  let rest = Buffer.from(text);
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, eol).toString(), 16);
    if (!size) return out;
    out += rest.subarray(eol + 2, eol + 2 + size).toString('utf8');
    rest = rest.subarray(eol + 4 + size);
  }
}

function expectEnvelope(p: Parsed, status: number): void {
  expect(p.status).toBe(status);
  const body = JSON.parse(p.body);
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  expect(body.code).toBe(-1);
  expect(body.data).toBeNull();
  expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  expect(p.headers['content-type']).toMatch(/^application\/json/);
}

async function stillServing(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${encodeEnpath('/v1/lottery/getLotteryList')}`);
  expect(res.status).toBeLessThan(500);
  expect(Object.keys(await res.json()).sort()).toEqual(['code', 'data', 'msg']);
}

const host = 'Host: 127.0.0.1\r\n';

describe('malformed HTTP gets the envelope', () => {
  it.each([
    ['an unknown method', `FROB /v1/users/login HTTP/1.1\r\n${host}\r\n`, 405],
    [
      'two different Content-Length headers',
      `POST /v1/users/login HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nContent-Length: 9\r\n\r\na=1&b`,
      400,
    ],
    [
      'a 20 KB header',
      `GET /v1/lottery/getLotteryList HTTP/1.1\r\n${host}X-Junk: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    [
      'bad chunked encoding',
      `POST /v1/users/login HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
      400,
    ],
    ['a bad URL (control bytes)', `GET /v1/\x01bad HTTP/1.1\r\n${host}\r\n`, 400],
    [
      'both Content-Length and chunked',
      `POST /v1/users/login HTTP/1.1\r\n${host}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
      400,
    ],
    ['a garbage request line (read as a bad method)', `\x00\x01\x02 nonsense\r\n\r\n`, 405],
  ])('%s', async (_name, request, status) => {
    const answer = parseResponse(await rawExchange(request));
    expectEnvelope(answer, status);
    expect(answer.body).not.toContain('statusCode');
    await stillServing();
  });

  it('a URL the router cannot decode gets the envelope without echoing it', async () => {
    const answer = parseResponse(
      await rawExchange(`GET /v1/lottery/%zz<script> HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    );
    expectEnvelope(answer, 400);
    expect(answer.body).not.toContain('script');
    await stillServing();
  });

  it('an unsupported but known method on an API path gets the envelope', async () => {
    const answer = parseResponse(
      await rawExchange(
        `PROPFIND /v1/lottery/getLotteryList HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      ),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(Object.keys(JSON.parse(answer.body)).sort()).toEqual(['code', 'data', 'msg']);
  });

  it('survives a burst of all of them at once', async () => {
    const junk = [
      `FROB / HTTP/1.1\r\n${host}\r\n`,
      `GET / HTTP/1.1\r\n${host}X: ${'y'.repeat(20_000)}\r\n\r\n`,
      `POST /v1/users/login HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\nqq\r\n`,
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => rawExchange(junk[i % junk.length]!)),
    );
    for (const a of answers) expect(JSON.parse(parseResponse(a).body).code).toBe(-1);
    await stillServing();
  });
});

describe('requests arriving while the server closes', () => {
  it("get a 503 envelope (not Fastify's own JSON) and the connection is closed", async () => {
    const app = Fastify({ return503OnClosing: false });
    // the moments the test waits for: /fast reached the app (ahead of the hook under test), and
    // the close has begun (after the hook's own preClose, so it already answers 503)
    let fastArrived!: () => void;
    const fastReached = new Promise<void>((r) => (fastArrived = r));
    app.addHook('onRequest', async (req) => {
      if (req.url === '/fast') fastArrived();
    });
    answerWhileClosing(app);
    let closeBegun!: () => void;
    const closing = new Promise<void>((r) => (closeBegun = r));
    app.addHook('preClose', async () => closeBegun());
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const slowStarted = new Promise<void>((r) => (started = r));
    app.get('/slow', async () => {
      started();
      await released;
      return { code: 1, msg: '成功', data: null };
    });
    app.get('/fast', async () => ({ code: 1, msg: '成功', data: null }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as AddressInfo).port;
    // the second request is sent on the kept-alive connection after the close has begun
    const socket = net.connect(appPort, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const ended = new Promise((r) => socket.on('close', r));
    socket.write(`GET /slow HTTP/1.1\r\n${host}\r\n`);
    await slowStarted;
    const closed = app.close();
    await closing;
    socket.write(`GET /fast HTTP/1.1\r\n${host}\r\n`);
    await fastReached;
    release();
    await ended;
    await closed;
    const text = Buffer.concat(chunks).toString('utf8');
    const second = text.slice(text.indexOf('HTTP/1.1', 10));
    const answer = parseResponse(second);
    expectEnvelope(answer, 503);
    expect(answer.headers.connection).toBe('close');
  });
});
