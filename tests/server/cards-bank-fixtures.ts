/**
 * The setup shared by cards-bank-add.test.ts, cards-bank-edit.test.ts. Bank cards: list, detail,
 * BIN lookup, bank list, real-name lock, add, edit with a permit, delete; wrong users and bad
 * input.
 */
import { expect } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

export const ctx = await setupTestApp();
export type Player = TestClient & { userId: number; userName: string };
export let ipSeq = 0;

/** A logged-in player on its own client IP (the card calls have a per-IP rate limit). */
export async function player(opts: { safety?: string | null } = {}): Promise<Player> {
  const userName = `cb${Date.now().toString(36)}${ipSeq}`;
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234'))!;
  const c = ctx.client(`10.40.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`);
  expect((await c.login(userName, 'pass1234')).code).toBe(1);
  const safety = opts.safety === undefined ? '123456' : opts.safety;
  if (safety) {
    const res = await c.post('/v1/users/setSafetyPassword', {
      safetyPassword: safetyPasswordHash(userName, safety),
      verifyType: 'password',
      password: loginPasswordHash(userName, 'pass1234'),
    });
    expect(res.code).toBe(1);
  }
  return Object.assign(c, { userId, userName });
}

export const sp = (p: Player, digits = '123456') => safetyPasswordHash(p.userName, digits);
export let cardSeq = 0;
/** A fresh ICBC-looking card number (19 digits), unique in this file. */
export const cardNo = (prefix = '622202') =>
  prefix + String(1_000_000_000_000 + cardSeq++).slice(0, 13);
export const addCard = (p: Player, extra: Record<string, string> = {}) =>
  p.post('/v1/users/addBankCard', {
    bankCode: 'ICBC',
    bankNumber: cardNo(),
    realName: '张三丰',
    branch: '北京朝阳支行',
    safetyPassword: sp(p),
    ...extra,
  });
export const cardsOf = async (userId: number) =>
  ctx.sql`select id, kind, bank_code, bank_name, account_no, real_name, branch, status from bank_cards where user_id = ${userId} order by id`;
