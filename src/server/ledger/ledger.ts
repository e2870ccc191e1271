/**
 * The double-entry ledger.
 *
 * Invariants, enforced by the database and asserted here:
 * - every movement of money is one row of `transfers`, from one account to another, amount > 0;
 * - the sum of all account balances is zero at all times (the house account may go negative);
 * - a player-owned account never goes below zero (CHECK ledger_accounts_no_overdraft);
 * - a transfer id is unique: applying the same id twice moves money once and returns the
 *   first result, so a retried request can never move money twice.
 * Accounts are locked in id order inside one transaction, so concurrent transfers cannot deadlock.
 */
import type { Sql, Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';

export type AccountKind =
  | 'house'
  | 'player'
  | 'withdraw_hold'
  | 'red_envelope_escrow'
  | 'pledge_escrow'
  | 'virtual_wallet';

export interface TransferInput {
  transferId: string;
  from: { kind: AccountKind; userId: number | null };
  to: { kind: AccountKind; userId: number | null };
  amountFen: number;
  typeCode: number;
  /** the player the transfer is about: their 'player' account balance is recorded after it */
  userId: number | null;
  ref?: string | null;
  remark?: string | null;
  operatorId?: number | null;
}

export interface TransferResult {
  id: number;
  transferId: string;
  balanceAfterFen: number | null;
  /** false when the transfer id had been applied before: nothing moved this time */
  applied: boolean;
}

export const INSUFFICIENT_BALANCE_MSG = '余额不足';

export async function accountId(tx: Tx | Sql, kind: AccountKind, userId: number | null): Promise<number> {
  if ((kind === 'house') !== (userId === null)) throw new Error(`account ${kind} owner mismatch`);
  const [found] = await tx<{ id: number }[]>`
    select id from ledger_accounts where kind = ${kind} and coalesce(user_id, 0) = ${userId ?? 0}`;
  if (found) return found.id;
  const [made] = await tx<{ id: number }[]>`
    insert into ledger_accounts (kind, user_id) values (${kind}, ${userId})
    on conflict (kind, coalesce(user_id, 0)) do update set kind = excluded.kind
    returning id`;
  return made.id;
}

/** Moves money inside the caller's transaction. Throws AppError(余额不足) on overdraft. */
export async function transferInTx(tx: Tx, t: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(t.amountFen) || t.amountFen <= 0) throw new Error(`bad amount ${t.amountFen}`);
  if (!t.transferId || t.transferId.length > 100) throw new Error('a transfer needs an id');
  const [prior] = await tx<{ id: number; balance_after: number | null }[]>`
    select id, balance_after from transfers where transfer_id = ${t.transferId}`;
  if (prior) return { id: prior.id, transferId: t.transferId, balanceAfterFen: prior.balance_after, applied: false };

  const fromId = await accountId(tx, t.from.kind, t.from.userId);
  const toId = await accountId(tx, t.to.kind, t.to.userId);
  if (fromId === toId) throw new Error('a transfer needs two accounts');
  // Lock both rows in id order: no deadlock between opposite transfers.
  await tx`select id from ledger_accounts where id in (${fromId}, ${toId}) order by id for update`;
  const [from] = await tx<{ kind: string; balance: number }[]>`
    select kind, balance from ledger_accounts where id = ${fromId}`;
  if (from.kind !== 'house' && from.balance < t.amountFen) {
    throw new AppError(INSUFFICIENT_BALANCE_MSG, -1, 200);
  }
  const [debited] = await tx<{ balance: number }[]>`
    update ledger_accounts set balance = balance - ${t.amountFen} where id = ${fromId} returning balance`;
  const [credited] = await tx<{ balance: number }[]>`
    update ledger_accounts set balance = balance + ${t.amountFen} where id = ${toId} returning balance`;
  let balanceAfter: number | null = null;
  if (t.userId !== null) {
    if (t.from.kind === 'player' && t.from.userId === t.userId) balanceAfter = debited.balance;
    else if (t.to.kind === 'player' && t.to.userId === t.userId) balanceAfter = credited.balance;
    else balanceAfter = await playerBalance(tx, t.userId);
  }
  const [row] = await tx<{ id: number }[]>`
    insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                           user_id, balance_after, ref, remark, operator_id)
    values (${t.transferId}, ${fromId}, ${toId}, ${t.amountFen}, ${t.typeCode}, ${t.userId},
            ${balanceAfter}, ${t.ref ?? null}, ${t.remark ?? null}, ${t.operatorId ?? null})
    returning id`;
  return { id: row.id, transferId: t.transferId, balanceAfterFen: balanceAfter, applied: true };
}

/**
 * One transfer in its own transaction. A concurrent duplicate of the same id loses the race on
 * the unique index; it is answered with the winner's result, so callers see one effect.
 */
export async function transfer(sql: Sql, t: TransferInput): Promise<TransferResult> {
  try {
    return await sql.begin((tx) => transferInTx(tx, t));
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      const [prior] = await sql<{ id: number; balance_after: number | null }[]>`
        select id, balance_after from transfers where transfer_id = ${t.transferId}`;
      if (prior) return { id: prior.id, transferId: t.transferId, balanceAfterFen: prior.balance_after, applied: false };
    }
    if ((err as { code?: string }).code === '23514') throw new AppError(INSUFFICIENT_BALANCE_MSG, -1, 200);
    throw err;
  }
}

export async function playerBalance(sql: Sql | Tx, userId: number): Promise<number> {
  const [row] = await sql<{ balance: number }[]>`
    select balance from ledger_accounts where kind = 'player' and user_id = ${userId}`;
  return row?.balance ?? 0;
}

/** The zero-sum check: the sum of every balance, which must be 0. */
export async function ledgerSum(sql: Sql): Promise<number> {
  const [row] = await sql<{ total: number }[]>`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`;
  return row.total;
}

/** Every balance rebuilt from the journal, compared with the stored one: the rows that differ. */
export async function ledgerMismatches(sql: Sql): Promise<{ id: number; stored: number; journal: number }[]> {
  return sql<{ id: number; stored: number; journal: number }[]>`
    select a.id, a.balance as stored,
           (coalesce((select sum(amount) from transfers where credit_account_id = a.id), 0)
          - coalesce((select sum(amount) from transfers where debit_account_id = a.id), 0))::bigint as journal
    from ledger_accounts a
    where a.balance <> (coalesce((select sum(amount) from transfers where credit_account_id = a.id), 0)
                      - coalesce((select sum(amount) from transfers where debit_account_id = a.id), 0))`;
}
