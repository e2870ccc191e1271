/**
 * The setup shared by payments-order-create.test.ts, payments-order-views.test.ts.
 *
 * Recharge as a player: the channel list and front* calls, creating orders with good and bad
 * input, one order per request id under 50 concurrent copies, the pending limit, my records, and
 * another player's order refused as if it did not exist. No money moves before approval.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, expect } from 'vitest';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';

export const ctx = await setupTestApp();
export type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;
export const T = '/v1/transaction';

export let op: UserClient;
export let alice: UserClient;
export let bob: UserClient;
/** the seeded config id per channel */
export const configOf: Record<string, number> = {};

beforeAll(async () => {
  expect(await seedPaymentChannels(ctx.sql)).toBe(12);
  expect(await seedPaymentChannels(ctx.sql)).toBe(0); // never re-seeded over existing configs
  for (const r of await ctx.sql<
    { id: number; channel: string }[]
  >`select id, channel from payment_configs`)
    configOf[r.channel] = r.id;
  op = await ctx.userClient({ userName: 'payop1', isOperator: true });
  alice = await ctx.userClient({ userName: 'pay_alice' });
  bob = await ctx.userClient({ userName: 'pay_bob' });
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

export const rid = () => crypto.randomUUID();
export const order = (c: UserClient, form: Record<string, string | number>) =>
  c.post(`${T}/rechargeFrontPaymentRecord`, { requestId: rid(), ...form });
export const pendingOf = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from recharge_orders where user_id = ${userId} and status = 'pending'`
  )[0].n;
export const clearPending = (userId: number) =>
  ctx.sql`update recharge_orders set status = 'rejected' where user_id = ${userId} and status = 'pending'`;
