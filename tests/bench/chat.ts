/**
 * Chat fan-out: SOCKETS sockets in one room of the real app (its own process, embedded
 * PostgreSQL) while SENDERS players send through the API at the room's flood limit (40 messages/s,
 * 5 per player); every socket should receive every message. The same offered load goes through a
 * bare `ws` broadcast server (its own process, this file's --ws-serve mode) measured in the same
 * run. Prints deliveries/s, p50 and p99 latency (send to receive) of both, the ratio app / bare,
 * and the app's memory per idle socket (its RSS before and after the sockets open).
 *
 * `npx tsx tests/bench/chat.ts` runs it alone (CHAT_BENCH_SOCKETS=200 for a quick look);
 * `benchChat()` is for `npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { ROOM_MESSAGES_PER_SEC, USER_MESSAGES_PER_SEC } from '../../src/domain/chat/constants.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';
import { startApp, stopApp } from './betting.ts';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 2000);
const SENDERS = ROOM_MESSAGES_PER_SEC / USER_MESSAGES_PER_SEC;
const DURATION_MS = 5000;
const SETTLE_MS = 1500;
const APP_PORT = 8794;
const BARE_PORT = 8795;
/** about the platform's message object: 200 bytes of frame */
const TEXT = '大家好，这一期开大还是开小？'.repeat(3);

export interface ChatBench {
  sockets: number;
  offeredPerSec: number;
  app: Fanout;
  bare: Fanout;
  ratio: number;
  idleKbPerSocket: number;
}

interface Fanout {
  deliveriesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  sent: number;
  expected: number;
  received: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** Opens sockets in batches; each counts deliveries and their latency from the sent time in the text. */
async function openReceivers(
  urls: string[],
  sentAt: Map<string, number>,
  latencies: number[],
  counter: { n: number },
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 100) {
    // 400 sockets per loopback address: the app's per-address rate limit (600 requests a minute)
    // stands for 400 players behind one address at most
    const localAddress = `127.0.1.${1 + Math.floor(i / 400)}`;
    const batch = urls.slice(i, i + 100).map(
      (url) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { localAddress });
          ws.on('message', (data) => {
            const text = String(data);
            const frame = JSON.parse(text) as { code: number; body?: string };
            if (frame.code === 6) ws.send('{"code":9}');
            if (frame.code === 2) resolve(ws);
            if (frame.code !== 1 || !frame.body) return;
            const tag = /#(\w+)#/.exec(frame.body)?.[1];
            const at = tag ? sentAt.get(tag) : undefined;
            if (at === undefined) return;
            counter.n += 1;
            latencies.push(performance.now() - at);
          });
          ws.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sends at the offered rate for DURATION_MS; `send(i, text)` delivers one message. */
async function offer(
  sentAt: Map<string, number>,
  send: (sender: number, text: string) => Promise<boolean>,
): Promise<number> {
  const intervalMs = 1000 / USER_MESSAGES_PER_SEC;
  const end = performance.now() + DURATION_MS;
  let sent = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      await sleep((sender * intervalMs) / SENDERS); // spread the senders over the interval
      for (let next = performance.now(); next < end; next += intervalMs) {
        await sleep(Math.max(0, next - performance.now()));
        const tag = crypto.randomBytes(6).toString('hex');
        sentAt.set(tag, performance.now());
        if (await send(sender, `${TEXT}#${tag}#`)) sent += 1;
        else sentAt.delete(tag);
      }
    }),
  );
  return sent;
}

async function measure(
  urls: string[],
  send: (sender: number, text: string) => Promise<boolean>,
  onOpen?: () => void,
): Promise<Fanout> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const counter = { n: 0 };
  const sockets = await openReceivers(urls, sentAt, latencies, counter);
  onOpen?.();
  await sleep(500);
  const started = performance.now();
  const sent = await offer(sentAt, send);
  await sleep(SETTLE_MS);
  const elapsedSec = (performance.now() - started) / 1000;
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  return {
    deliveriesPerSec: counter.n / Math.max(elapsedSec - SETTLE_MS / 1000, 0.001),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    sent,
    expected: sent * urls.length,
    received: counter.n,
  };
}

/** The room, its senders (session cookies) and one socket key per receiver, straight in the app's database. */
async function prepare(sql: Sql) {
  const roomCode = `b${Date.now().toString(36)}`;
  await sql`insert into chat_rooms (type, room_code, title) values (1, ${roomCode}, '压测房间')`;
  const firstId = (await insertUserWithPassword(sql, `cb${Date.now().toString(36)}`, 'bench123'))!;
  const [{ password_kdf }] = await sql<
    { password_kdf: string }[]
  >`select password_kdf from users where id = ${firstId}`;
  const session = async () => {
    const [u] = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf) values (${`cb${crypto.randomBytes(5).toString('hex')}`}, ${password_kdf}) returning id`;
    const { token, hash } = newToken();
    const [s] = await sql<{ id: number }[]>`
      insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${u!.id}, now() + interval '1 day') returning id`;
    return { userId: u!.id, sessionId: s!.id, cookie: `sid=${token}` };
  };
  const senders = [];
  for (let i = 0; i < SENDERS; i++) senders.push(await session());
  const readers = [];
  for (let i = 0; i < Math.ceil(SOCKETS / 20); i++) readers.push(await session()); // 20 tabs each
  const keys: string[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const reader = readers[i % readers.length]!;
    const { token, hash } = newToken();
    await sql`insert into chat_socket_keys (key_hash, user_id, session_id, expires_at)
              values (${hash}, ${reader.userId}, ${reader.sessionId}, now() + interval '10 minutes')`;
    keys.push(token);
  }
  return { roomCode, senders, keys };
}

async function benchApp(): Promise<{ fanout: Fanout; idleKbPerSocket: number }> {
  const { child, dbUrl } = await startApp(APP_PORT);
  try {
    const sql = connect(dbUrl, 2);
    const { roomCode, senders, keys } = await prepare(sql);
    await sql.end({ timeout: 5 });
    const urls = keys.map(
      (key) =>
        `ws://127.0.0.1:${APP_PORT}/v1/broadCast/chat?type=1&roomId=${roomCode}&key=${key}&api=/chat`,
    );
    const path = encodeEnpath('/v1/chat/addMessage');
    const send = async (sender: number, message: string) => {
      const body = new URLSearchParams({
        roomCode,
        messageTypeId: '1',
        message,
        status: '0',
        userIds: '',
      }).toString();
      const res = await fetch(`http://127.0.0.1:${APP_PORT}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: senders[sender]!.cookie,
          origin: `http://127.0.0.1:${APP_PORT}`,
        },
        body,
      });
      return ((await res.json()) as { code: number }).code === 1;
    };
    const before = rssKb(child.pid!);
    let after = before;
    const fanout = await measure(urls, send, () => {
      after = rssKb(child.pid!);
    });
    return { fanout, idleKbPerSocket: (after - before) / SOCKETS };
  } finally {
    await stopApp(child);
  }
}

function startBare(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--ws-serve'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout!.on('data', (c) => {
      if (String(c).includes('bare ws ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)));
  });
}

async function benchBare(): Promise<Fanout> {
  const child = await startBare();
  try {
    const urls = Array.from({ length: SOCKETS }, () => `ws://127.0.0.1:${BARE_PORT}/`);
    const senders = await Promise.all(
      Array.from(
        { length: SENDERS },
        () =>
          new Promise<WebSocket>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${BARE_PORT}/?sender=1`);
            ws.once('open', () => resolve(ws));
          }),
      ),
    );
    const fanout = await measure(urls, async (sender, text) => {
      senders[sender]!.send(text);
      return true;
    });
    for (const ws of senders) ws.terminate();
    return fanout;
  } finally {
    await stopApp(child);
  }
}

/** The bare server: every text a sender sends goes to every receiver as the app's frame, encoded once. */
function serveBare(): void {
  const wss = new WebSocketServer({ port: BARE_PORT, host: '127.0.0.1' });
  const receivers = new Set<WebSocket>();
  wss.on('connection', (ws, req) => {
    if (req.url?.includes('sender=1')) {
      ws.on('message', (data) => {
        const frame = Buffer.from(
          JSON.stringify({
            code: 1,
            body: JSON.stringify({ id: 1, messageTypeId: 1, message: String(data) }),
            extend: {},
          }),
        );
        for (const r of receivers) r.send(frame, { binary: false });
      });
      return;
    }
    receivers.add(ws);
    ws.send('{"code":2,"success":true}');
    ws.on('close', () => receivers.delete(ws));
  });
  wss.on('listening', () => console.log('bare ws ready'));
  process.once('SIGTERM', () => process.exit(0));
}

export async function benchChat(): Promise<ChatBench> {
  const bare = await benchBare();
  const { fanout: app, idleKbPerSocket } = await benchApp();
  return {
    sockets: SOCKETS,
    offeredPerSec: ROOM_MESSAGES_PER_SEC * SOCKETS,
    app,
    bare,
    ratio: app.deliveriesPerSec / bare.deliveriesPerSec,
    idleKbPerSocket,
  };
}

export function printChatBench(r: ChatBench): void {
  const line = (name: string, f: Fanout) =>
    `${name} ${f.deliveriesPerSec.toFixed(0).padStart(7)} deliveries/s   p50 ${f.p50Ms.toFixed(1).padStart(6)} ms   p99 ${f.p99Ms.toFixed(1).padStart(7)} ms   (${f.received} of ${f.expected} delivered, ${f.sent} sent)`;
  console.log(
    `\n== Chat fan-out: ${r.sockets} sockets in one room, ${SENDERS} senders at ${ROOM_MESSAGES_PER_SEC} messages/s (${r.offeredPerSec} deliveries/s offered), ${os.cpus().length} cores ==`,
  );
  console.log(line('app  addMessage → sockets', r.app));
  console.log(line('bare ws broadcast       ', r.bare));
  console.log(`ratio app / bare   ${r.ratio.toFixed(3)}   (aim ≥ 0.5, app p99 < 100 ms)`);
  console.log(`app memory per idle socket   ${r.idleKbPerSocket.toFixed(1)} KB   (aim < 30 KB)`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (process.argv.includes('--ws-serve')) serveBare();
  else printChatBench(await benchChat());
}
