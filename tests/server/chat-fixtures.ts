/**
 * Shared pieces of the chat tests: an operator who makes rooms, members and managers, and a
 * socket client that records every frame it receives.
 */
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { roomPasswordHash } from '../../src/domain/chat/password.ts';
import type { Json, TestClient, TestContext } from './helpers.ts';

export type Member = TestClient & { userId: number; userName: string; password: string };

let roomSeq = 0;
/** A fresh room code per call, so test files never share a room. */
export function nextRoomCode(): string {
  roomSeq += 1;
  return `${String(process.pid % 1000).padStart(3, '0')}${String(roomSeq).padStart(4, '0')}`;
}

export async function operator(ctx: TestContext): Promise<Member> {
  return ctx.userClient({ isOperator: true });
}

/** Creates a room through the admin API and returns its code and id. */
export async function makeRoom(op: TestClient, fields: Record<string, string | number> = {}) {
  const roomCode = nextRoomCode();
  const res = await op.post('/v1/admin/chat/rooms/save', {
    roomCode,
    title: `房间${roomCode}`,
    ...fields,
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
  return { roomCode, id: res.data.id as number };
}

export async function gradeUser(ctx: TestContext, userId: number, grade: number) {
  await ctx.sql`update users set grade = ${grade} where id = ${userId}`;
}

export const pw = roomPasswordHash;

/** A socket client keeping every frame, with helpers to wait for them. */
export class SocketClient {
  frames: Json[] = [];
  closed: { code: number } | null = null;
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** The new-message pushes so far, as message objects. */
  messages(): Json[] {
    return this.frames.filter((f) => f.code === 1).map((f) => JSON.parse(f.body));
  }

  async until(check: () => boolean, timeoutMs = 5000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end)
        throw new Error(`timed out; frames: ${JSON.stringify(this.frames).slice(0, 600)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** Opens a socket with a fresh key of this client; resolves once the connect result arrived. */
export async function openSocket(
  base: string,
  client: TestClient,
  query: Record<string, string | number>,
  keyQuery: Record<string, string> = {},
): Promise<SocketClient> {
  const key = await client.get('/v1/broadCast/generateKey', keyQuery);
  if (key.code !== 1) throw new Error(`no key: ${key.msg}`);
  return openWithKey(base, { ...query, key: key.data });
}

export async function openWithKey(
  base: string,
  query: Record<string, string | number>,
): Promise<SocketClient> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const s = new SocketClient(new WebSocket(`${base}/v1/broadCast/chat?${qs}`));
  await s.until(() => s.frames.some((f) => f.code === 2 || f.code === 14) || s.closed !== null);
  return s;
}

/**
 * The flood control's clock of a test file's app (setupTestApp(env, { now: floodClock.now })): the
 * wall clock, moved on by nextSecond instead of waiting for it.
 */
export const floodClock = {
  offsetMs: 0,
  now: (): number => Date.now() + floodClock.offsetMs,
};

/** The start of the next second on floodClock, at once: flood control counts per whole second. */
export function nextSecond(): Promise<void> {
  floodClock.offsetMs += 1000 - (floodClock.now() % 1000) + 10;
  return Promise.resolve();
}

/** A member's text message into a public room. */
export function say(c: TestClient, roomCode: string, message: string) {
  return c.post('/v1/chat/addMessage', {
    roomCode,
    messageTypeId: 1,
    message,
    status: 0,
    userIds: '',
  });
}

/**
 * The reconnect churn of the one-instance and the two-instance tests: the senders talk (each at 4
 * a second, under the flood limit) while a reader's socket is opened `rounds` times from the last
 * id it saw, killed or closed after a short random-looking while each time; then `open` once more
 * catches up the rest. Answers every id the reader received, in order of receipt, and every id
 * that was sent; the caller checks nothing was lost, repeated or reordered.
 */
export async function reconnectChurn(opts: {
  roomCode: string;
  senders: TestClient[];
  lastId: number;
  rounds: number;
  open(round: number, lastId: number): Promise<SocketClient>;
}): Promise<{ received: number[]; sent: number[] }> {
  let lastId = opts.lastId;
  const sent: number[] = [];
  let sending = true;
  const loops = opts.senders.map(async (s, i) => {
    let n = 0;
    while (sending) {
      const r = await say(s, opts.roomCode, `s${i}-${n++}`);
      if (r.code === 1) sent.push((r.data as { id: number }).id);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  const received: number[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    const s = await opts.open(round, lastId);
    if (s.frames[0]?.success !== true) throw new Error(`round ${round}: the socket was refused`);
    await new Promise((r) => setTimeout(r, 5 + (round % 7) * 7));
    if (round % 3 === 0) s.ws.terminate();
    else await s.close();
    await s.until(() => s.closed !== null);
    for (const m of s.messages()) {
      received.push(m.id);
      lastId = Math.max(lastId, m.id);
    }
  }
  sending = false;
  await Promise.all(loops);
  const last = await opts.open(opts.rounds, lastId);
  await last.until(() => received.length + last.messages().length >= sent.length, 10_000);
  received.push(...last.messages().map((m) => m.id));
  await last.close();
  return { received, sent: sent.sort((a, b) => a - b) };
}
