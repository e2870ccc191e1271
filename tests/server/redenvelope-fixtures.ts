/** Shared pieces of the red envelope tests: funded players with a safety password, rooms, sends. */
import crypto from 'node:crypto';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { playerBalance } from '../../src/server/ledger/ledger.ts';
import { fund } from './betting-fixtures.ts';
import { makeRoom, operator, type Member } from './chat-fixtures.ts';
import type { Json, TestContext } from './helpers.ts';
import { SAFETY, setSafety } from './withdraw-fixtures.ts';

export type Player = Member & { safety: string };

export const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/** A player with a safety password and `fen` in the wallet. */
export async function player(ctx: TestContext, fen = 1_000_000): Promise<Player> {
  const c = await ctx.userClient();
  await setSafety(ctx.sql, c.userId, c.userName);
  if (fen > 0) await fund(ctx.sql, c.userId, fen);
  return Object.assign(c, { safety: safetyPasswordHash(c.userName, SAFETY) });
}

export async function room(ctx: TestContext, fields: Record<string, string | number> = {}) {
  return makeRoom(await operator(ctx), fields);
}

export interface SendOpts {
  num?: number | string;
  type?: number;
  amount?: string;
  wishingRemark?: string;
  requestId?: string;
  safetyPassword?: string;
}

/** addMessage with a type-3 body. */
export function sendIn(p: Player, roomCode: string, o: SendOpts = {}) {
  const message = JSON.stringify({
    num: o.num ?? 10,
    type: o.type ?? 2,
    amount: o.amount ?? '100.00',
    wishingRemark: o.wishingRemark ?? '恭喜发财',
  });
  return p.post('/v1/chat/addMessage', {
    roomCode,
    messageTypeId: 3,
    status: 0,
    userIds: '',
    message,
    safetyPassword: o.safetyPassword ?? p.safety,
    requestId: o.requestId ?? newRequestId(),
  });
}

export const recordOf = (msg: Json): string => JSON.parse(msg.message).recordId;

export function open(p: Member, recordId: string, roomCode: string) {
  return p.post('/v1/transfer/openRedEnvelope', { recordId, roomCode, roomId: '', isDirect: 0 });
}

export async function escrowOf(sql: Sql, userId: number): Promise<number> {
  const [r] = await sql<
    { balance: number }[]
  >`select balance from ledger_accounts where kind = 'red_envelope_escrow' and user_id = ${userId}`;
  return r!.balance;
}

export { playerBalance };

/**
 * n logged-in members made in two statements (users with an unusable password and a session each),
 * each client on its own address (the per-address rate limit is not what these tests measure).
 */
export async function bulkMembers(
  ctx: TestContext,
  n: number,
  tag = crypto.randomBytes(3).toString('hex'),
): Promise<Member[]> {
  const { newToken } = await import('../../src/server/auth/kdf.ts');
  const { SESSION_COOKIE } = await import('../../src/server/auth/sessions.ts');
  const { TestClient } = await import('./helpers.ts');
  const names = Array.from({ length: n }, (_, i) => `b${tag}${i}`);
  const users = await ctx.sql<{ id: number; user_name: string }[]>`
    insert into users (user_name, password_kdf) select unnest(${names}::text[]), 'x' returning id, user_name`;
  const tokens = users.map(() => newToken());
  await ctx.sql`
    insert into sessions (token_hash, user_id, expires_at)
    select decode(unnest(${tokens.map((t) => t.hash.toString('hex'))}::text[]), 'hex'), unnest(${users.map((u) => u.id)}::bigint[]),
           now() + interval '1 day'`;
  return users.map((u, i) => {
    const c = new TestClient(ctx.app, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    c.cookies.set(SESSION_COOKIE, tokens[i]!.token);
    return Object.assign(c, { userId: u.id, userName: u.user_name, password: '' });
  });
}
