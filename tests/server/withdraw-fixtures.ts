/** Shared pieces of the withdraw tests: a player with a safety password, a card and money; the operator. */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { kdfHash } from '../../src/server/auth/kdf.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { ledgerMismatches, ledgerSum, playerBalance } from '../../src/server/ledger/ledger.ts';
import { clearSettingsCache } from '../../src/server/site/settings.ts';
import { expectZeroSum, type TestClient, type TestContext } from './helpers.ts';
import { fund } from './betting-fixtures.ts';

export const SAFETY = '123456';
export const SAVE = '/v1/transaction/saveFrontWithdrawRecord';

export type Player = TestClient & {
  userId: number;
  userName: string;
  cardId: number;
  safety: string;
};

export async function setSafety(
  sql: Sql,
  userId: number,
  userName: string,
  digits = SAFETY,
): Promise<void> {
  await sql`update users set safety_kdf = ${await kdfHash(safetyPasswordHash(userName, digits))} where id = ${userId}`;
}

export async function insertCard(
  sql: Sql,
  userId: number,
  over: { status?: string; kind?: string; accountNo?: string } = {},
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into bank_cards (user_id, kind, bank_code, bank_name, account_no, real_name, status)
    values (${userId}, ${over.kind ?? 'bank'}, 'CMB', '招商银行', ${over.accountNo ?? `62258800${crypto.randomInt(1e8, 1e9)}`}, '张三丰',
            ${over.status ?? 'active'})
    returning id`;
  return row!.id;
}

export async function insertAddress(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into digital_addresses (user_id, currency, protocol, address)
    values (${userId}, 'USDT', 'TRC20', ${`T${crypto.randomBytes(16).toString('hex')}`}) returning id`;
  return row!.id;
}

/** A logged-in player with a safety password, one bank card and `balanceFen` in the wallet. */
export async function newPlayer(ctx: TestContext, balanceFen: number): Promise<Player> {
  const c = await ctx.userClient();
  await setSafety(ctx.sql, c.userId, c.userName);
  const cardId = await insertCard(ctx.sql, c.userId);
  if (balanceFen > 0) await fund(ctx.sql, c.userId, balanceFen);
  return Object.assign(c, { cardId, safety: safetyPasswordHash(c.userName, SAFETY) });
}

export const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

export function withdrawForm(
  p: Player,
  over: Record<string, string | number> = {},
): Record<string, string | number> {
  return {
    amount: '100',
    cardId: p.cardId,
    safetyPassword: p.safety,
    requestId: newRequestId(),
    ...over,
  };
}

/** Writes withdraw settings straight into site_settings (domain shape) and clears the cache. */
export async function setSettings(sql: Sql, over: Record<string, unknown>): Promise<void> {
  const base = {
    enabled: true,
    minFen: 10_000,
    maxFen: 5_000_000,
    dailyCount: 5,
    freeCount: 1,
    feeBp: 100,
    feeMinFen: 100,
    feeMaxFen: 5_000,
    turnoverPercent: 100,
    openStart: '00:00',
    openEnd: '00:00',
  };
  await sql`insert into site_settings (key, value) values ('withdraw', ${sql.json({ ...base, ...over } as never)})
            on conflict (key) do update set value = excluded.value`;
  clearSettingsCache();
}

export async function holdBalance(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<
    { balance: number }[]
  >`select balance from ledger_accounts where kind = 'withdraw_hold' and user_id = ${userId}`;
  return row?.balance ?? 0;
}

export async function transfersOf(sql: Sql, userId: number, prefix = 'withdraw:') {
  return sql<{ transfer_id: string; type_code: number; amount: number }[]>`
    select transfer_id, type_code, amount from transfers where user_id = ${userId} and transfer_id like ${`${prefix}%`} order by id`;
}

export const walletOf = playerBalance;

export async function expectLedgerSound(sql: Sql): Promise<void> {
  await expectZeroSum(sql);
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
}
