/**
 * The setup shared by wallet-pledge-create.test.ts, wallet-pledge-end.test.ts.
 *
 * Pledge products and orders: the operator's product calls, create (limits, idempotency), cancel
 * by each early-exit rule with exact amounts, auto-renew, maturity through the wallet job with a
 * fake `now`, another player's ids, bad input. The virtual wallet's rate is 0 here, so the job
 * pays no interest and balances stay exact.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, expect } from 'vitest';
import { ledgerMismatches, transfer } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

export const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

export const V = '/v1/virtualWallet';
export const DAY = 86_400_000;
export const rid = () => crypto.randomUUID();
export let op: TestClient;
export const product: Record<string, number> = {};

export async function saveProduct(form: Record<string, string | number>) {
  const r = await op.post('/v1/admin/pledge/products/save', form);
  expect(r.code, r.msg).toBe(1);
  return r.data.productId as number;
}

beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  expect((await op.post('/v1/admin/virtualWallet/settings', { annualRate: '0' })).data).toEqual({
    annualRate: '0.00',
  });
  product.principal = await saveProduct({
    name: '7天灵活',
    termDays: 7,
    annualRate: '5',
    minAmount: '100',
    earlyExit: 'principal',
  });
  product.penalty = await saveProduct({
    name: '30天稳健',
    termDays: 30,
    annualRate: '8.00',
    minAmount: '100',
    maxAmount: '5000',
    userLimit: '6000',
    earlyExit: 'penalty',
    penaltyPercent: '5',
  });
  product.none = await saveProduct({
    name: '90天锁定',
    termDays: 90,
    annualRate: '12',
    minAmount: '10.5',
    earlyExit: 'none',
  });
  product.off = await saveProduct({
    name: '已下架',
    termDays: 10,
    annualRate: '1',
    minAmount: '1',
    earlyExit: 'none',
    enabled: 0,
  });
});

/** A player with `fen` in the virtual wallet. */
export async function player(fen: number) {
  const c = await ctx.userClient();
  if (fen > 0) {
    await transfer(ctx.sql, {
      transferId: transferIds.fixture(`test-fund:${rid()}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: c.userId },
      amountFen: fen,
      typeCode: 401,
      userId: c.userId,
    });
    expect(
      (await c.post(`${V}/transferIn`, { amount: (fen / 100).toFixed(2), requestId: rid() })).code,
    ).toBe(1);
  }
  return c;
}
export const escrow = async (userId: number) =>
  (
    await ctx.sql<
      { balance: number }[]
    >`select balance from ledger_accounts where kind = 'pledge_escrow' and user_id = ${userId}`
  )[0]?.balance ?? 0;
export const create = (
  c: TestClient,
  productId: number,
  amount: string,
  autoRenew = 0,
  requestId = rid(),
) => c.post(`${V}/pledgeCreate`, { productId, amount, autoRenew, requestId });
