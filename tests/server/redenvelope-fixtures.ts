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
  const message = JSON.stringify({ num: o.num ?? 10, type: o.type ?? 2, amount: o.amount ?? '100.00', wishingRemark: o.wishingRemark ?? '恭喜发财' });
  return p.post('/v1/chat/addMessage', {
    roomCode, messageTypeId: 3, status: 0, userIds: '', message,
    safetyPassword: o.safetyPassword ?? p.safety, requestId: o.requestId ?? newRequestId(),
  });
}

export const recordOf = (msg: Json): string => JSON.parse(msg.message).recordId;

export function open(p: Member, recordId: string, roomCode: string) {
  return p.post('/v1/transfer/openRedEnvelope', { recordId, roomCode, roomId: '', isDirect: 0 });
}

export async function escrowOf(sql: Sql, userId: number): Promise<number> {
  const [r] = await sql<{ balance: number }[]>`select balance from ledger_accounts where kind = 'red_envelope_escrow' and user_id = ${userId}`;
  return r!.balance;
}

export { playerBalance };
