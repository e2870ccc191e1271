/**
 * The setup shared by chat-guest-switch.test.ts, chat-guest-mutes.test.ts.
 *
 * Guest chat (spec 001 sections 6-7): the operator's switch 游客可发言, guest identities, guests
 * sending text and images through the one pipeline, flood limits and mutes per guest, and the
 * live socket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import { floodClock, listen, type Member, operator, type SocketClient } from './chat-fixtures.ts';

export const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-guest-'));
export const ctx = await setupTestApp({ DATA_DIR: dataDir }, { now: floodClock.now });
export let op: Member;
export let alice: Member;
export let base: string;
export const sockets: SocketClient[] = [];
afterAll(async () => {
  for (const s of sockets) await s.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeAll(async () => {
  op = await operator(ctx);
  alice = await ctx.userClient();
  base = await listen(ctx.app);
});

export let ipSeq = 0;
/** A guest browser: its own cookies and address. */
export const guestClient = () => ctx.client(`10.9.0.${++ipSeq}`);
export const enter = (g: TestClient, roomCode: string, guestCode: string) =>
  g.get('/v1/chat/getRoomWebGuest', { roomCode, guestCode });
export const sayAsGuest = (g: TestClient, roomCode: string, guestCode: string, message: string) =>
  g.post('/v1/chat/addMessageGuest', {
    roomCode,
    guestCode,
    messageTypeId: 1,
    message,
    status: 0,
    userIds: '',
  });
