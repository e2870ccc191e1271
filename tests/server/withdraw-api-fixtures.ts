/**
 * The setup shared by withdraw-request.test.ts, withdraw-records-review.test.ts. The withdraw
 * calls: settings, hold, records, pay, reject, and every kind of bad input refused without effect.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import {
  expectLedgerSound,
  holdBalance,
  SAVE,
  setSettings,
  walletOf,
  type Player,
} from './withdraw-fixtures.ts';

export const ctx = await setupTestApp();
export let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await setSettings(ctx.sql, {});
  await expectLedgerSound(ctx.sql);
});

export const orderCount = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from withdraw_orders where user_id = ${userId}`
  )[0]!.n;

/** The call is refused with `msg` and nothing changed: no order, the wallet as it was, nothing held. */
export async function expectRefused(
  p: Player,
  form: Record<string, string | number>,
  msg: string | RegExp,
  status = 200,
) {
  const before = await walletOf(ctx.sql, p.userId);
  const orders = await orderCount(p.userId);
  const held = await holdBalance(ctx.sql, p.userId);
  const res = await p.post(SAVE, form);
  expect(res.code, res.msg).not.toBe(1);
  expect(res.status).toBe(status);
  if (typeof msg === 'string') expect(res.msg).toBe(msg);
  else expect(res.msg).toMatch(msg);
  expect(await walletOf(ctx.sql, p.userId)).toBe(before);
  expect(await orderCount(p.userId)).toBe(orders);
  expect(await holdBalance(ctx.sql, p.userId)).toBe(held);
}
