/**
 * The setup shared by letters-delivery.test.ts, letters-operator.test.ts.
 *
 * Letters (站内信) and notices: every player call and operator call, with bad input of every kind;
 * one row per letter whatever its audience, per-player state rows only on read or delete; another
 * player's letter refused; a deleted letter stays deleted; a grade letter reaches exactly that
 * grade.
 */
import { beforeAll } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

export const ctx = await setupTestApp();
export let op: TestClient;
export let operatorId: number;
beforeAll(async () => {
  operatorId = (await insertUserWithPassword(ctx.sql, 'letterop', 'pass1234', {
    isOperator: true,
  }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${operatorId}, now() + interval '1 day')`;
  op = ctx.client();
  op.cookies.set('sid', token);
});

export type Player = Awaited<ReturnType<typeof ctx.userClient>>;
export async function player(grade = 0): Promise<Player> {
  const p = await ctx.userClient();
  if (grade) await ctx.sql`update users set grade = ${grade} where id = ${p.userId}`;
  return p;
}
/** letters sent "earlier" than players made in the test body need no backdating: players are made first */
export const count = async (p: Player) =>
  (await p.get('/v1/users/unReadMessage')).data.count as number;
export const inbox = async (p: Player, q: Record<string, number> = {}) =>
  (await p.get('/v1/users/messageList', q)).data;
export const stateRows = async (letterId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from letter_states where letter_id = ${letterId}`
  )[0].n;
export const chinese = /[\u4e00-\u9fa5]/;
