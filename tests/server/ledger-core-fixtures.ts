/**
 * The setup shared by ledger-concurrency.test.ts, ledger-balances.test.ts.
 *
 * The ledger core under concurrency: a new player's first transfers across all their account kinds
 * (accounts made on the fly, no deadlock), many opposite transfers between the same two accounts
 * (lock order), concurrent duplicates of one id (moved once), overdraft refusals (nothing moved)
 * and the recorded balance_after. Through `transfer` (one statement) and `transferInTx` (caller's
 * tx).
 */
import crypto from 'node:crypto';
import { afterEach, expect } from 'vitest';
import { AppError } from '../../src/server/http/envelope.ts';
import {
  INSUFFICIENT_BALANCE_MSG,
  ledgerMismatches,
  ledgerSum,
  transferInTx,
  type AccountKind,
  type TransferInput,
  type TransferResult,
} from '../../src/server/ledger/ledger.ts';
import { transferIds } from '../../src/domain/transferIds.ts';
import { setupTestApp } from './helpers.ts';

export const ctx = await setupTestApp();
export const sql = ctx.sql;

afterEach(async () => {
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
});

export const HOUSE = { kind: 'house' as const, userId: null };
export const KINDS: AccountKind[] = [
  'player',
  'virtual_wallet',
  'pledge_escrow',
  'withdraw_hold',
  'red_envelope_escrow',
];
let n = 0;
/** A number unique in this test file, for user names. */
export const seq = (): number => n++;
export const tid = (tag: string) => transferIds.fixture(`lc-${tag}:${crypto.randomUUID()}`);

/** A user row with no ledger account at all (as rows made before the ledger knew them). */
export async function bareUser(): Promise<number> {
  const [u] = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf) values (${`lcb${n++}${Date.now().toString(36)}`}, 'x') returning id`;
  return u!.id;
}

export async function balanceOf(kind: AccountKind, userId: number): Promise<number> {
  const [row] = await sql<
    { balance: number }[]
  >`select balance from ledger_accounts where kind = ${kind} and user_id = ${userId}`;
  return row?.balance ?? 0;
}

export const transferCount = async (userId: number) =>
  (
    await sql<{ n: number }[]>`select count(*)::int as n from transfers where user_id = ${userId}`
  )[0]!.n;

/** Either API, chosen by the caller: `transferInTx` runs in a transaction of its own here. */
export const viaTx = (t: TransferInput) => sql.begin((tx) => transferInTx(tx, t));

/** Runs a transfer; an overdraft refusal is an allowed outcome (null), any other error is not. */
export async function attempt(run: () => Promise<TransferResult>): Promise<TransferResult | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.message === INSUFFICIENT_BALANCE_MSG && err.code === -1)
      return null;
    throw err;
  }
}
