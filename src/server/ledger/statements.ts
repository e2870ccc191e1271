/**
 * The ledger's SQL, internal to ledger.ts (which states the invariants). Every statement here takes
 * whole arrays: a batch costs the same number of round trips whatever its size.
 */
import { storedTransferId, type TransferId } from '../../domain/transferIds.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import type { AccountKind, TransferInput } from './ledger.ts';

export type Owner = { kind: AccountKind; userId: number | null };

export interface LockedAccount {
  id: number;
  kind: AccountKind;
  balance: number;
}

export interface PriorTransfer {
  id: number;
  transferId: TransferId;
  balanceAfterFen: number | null;
}

/** One journal row to write: the transfer, its two account ids and the player's balance after it. */
export interface Planned {
  t: TransferInput;
  fromId: number;
  toId: number;
  afterFen: number | null;
  /** the debited and the credited account's balances right after this row */
  fromAfterFen: number;
  toAfterFen: number;
}

/**
 * An integer array as PostgreSQL's array text ('{1,2,NULL}', cast with ::bigint[] in the statement):
 * postgres.js would quote and escape each element, which costs more than the database's whole
 * insert for a settlement batch. Integers only: nothing in them needs escaping (asserted).
 */
export function intArray(values: readonly (number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined && !Number.isSafeInteger(v))
      throw new Error(`not an integer: ${v}`);
    out += (i ? ',' : '') + (v === null || v === undefined ? 'NULL' : String(v));
  }
  return `${out}}`;
}

/** The ids of these accounts that exist (a user's accounts are made with the user row, migration 015). */
export function findIds(db: Db, list: readonly Owner[]) {
  return db<{ id: number; kind: AccountKind; uid: number }[]>`
    select a.id, a.kind, coalesce(a.user_id, 0)::bigint as uid
    from ledger_accounts a
    join unnest(${db.array(list.map((p) => p.kind))}::text[], ${db.array(list.map((p) => String(p.userId ?? 0)))}::bigint[]) as k(kind, uid)
      on a.kind = k.kind and coalesce(a.user_id, 0) = k.uid`;
}

/** Locks the accounts in id order (the one lock order of the ledger) and reads their balances. */
export function lockAccounts(tx: Tx, sortedIds: readonly number[]) {
  return tx<LockedAccount[]>`
    select id, kind, balance from ledger_accounts where id = any(${intArray(sortedIds)}::bigint[])
    order by id for update`;
}

/** The transfers of these ids already in the journal. */
export async function priorTransfers(
  db: Db,
  transferIds: readonly string[],
): Promise<Map<string, PriorTransfer>> {
  const rows = await db<{ id: number; transfer_id: string; balance_after: number | null }[]>`
    select id, transfer_id, balance_after from transfers where transfer_id = any(${db.array([...transferIds])}::text[])`;
  return new Map(
    rows.map((r) => [
      r.transfer_id,
      { id: r.id, transferId: storedTransferId(r.transfer_id), balanceAfterFen: r.balance_after },
    ]),
  );
}

/**
 * Applies planned rows in ONE statement: every balance changed by its net delta (one UPDATE over
 * unnest) and every journal row inserted (one INSERT over unnest). Returns the new rows' ids when
 * asked (a single transfer answers with its id; a settlement batch needs none of its thousands).
 */
export async function writePlanned(
  tx: Tx,
  rows: readonly Planned[],
  withIds: boolean,
): Promise<Map<string, number>> {
  const deltas = new Map<number, number>();
  for (const r of rows) {
    deltas.set(r.fromId, (deltas.get(r.fromId) ?? 0) - r.t.amountFen);
    deltas.set(r.toId, (deltas.get(r.toId) ?? 0) + r.t.amountFen);
  }
  const changed = [...deltas].filter(([, d]) => d !== 0);
  const made = await tx<{ id: number; transfer_id: string }[]>`
    with moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from unnest(${intArray(changed.map(([id]) => id))}::bigint[], ${intArray(changed.map(([, d]) => d))}::bigint[]) as d(id, delta)
      where a.id = d.id
      returning a.id)
    insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                           user_id, balance_after, ref, remark, operator_id)
    select * from unnest(
      ${tx.array(rows.map((r) => r.t.transferId))}::text[],
      ${intArray(rows.map((r) => r.fromId))}::bigint[],
      ${intArray(rows.map((r) => r.toId))}::bigint[],
      ${intArray(rows.map((r) => r.t.amountFen))}::bigint[],
      ${intArray(rows.map((r) => r.t.typeCode))}::integer[],
      ${intArray(rows.map((r) => r.t.userId))}::bigint[],
      ${intArray(rows.map((r) => r.afterFen))}::bigint[],
      ${tx.array(rows.map((r) => r.t.ref ?? null) as string[])}::text[],
      ${tx.array(rows.map((r) => r.t.remark ?? null) as string[])}::text[],
      ${intArray(rows.map((r) => r.t.operatorId))}::bigint[])
    ${withIds ? tx`returning id, transfer_id` : tx``}`;
  if (made.count !== rows.length)
    throw new Error(`ledger wrote ${made.count} of ${rows.length} transfers`);
  return new Map(made.map((m) => [m.transfer_id, m.id]));
}

/**
 * One transfer on its own as ONE autocommit statement (the ids known): `locked` takes both rows in
 * id order, and neither update can touch a row before `locked` has been read to its end (the
 * updates are gated on its count), so the lock order is the batch's. An overdraft fails the CHECK
 * and a duplicate id the unique index; either aborts the statement, so nothing half-moves. The row
 * back carries both accounts' balances after the move (a wallet answers with them, no second read);
 * no row back: a prior application of the id (the caller then reads it).
 */
export async function transferStatement(
  sql: Sql,
  t: TransferInput,
  fromId: number,
  toId: number,
  side: 'from' | 'to' | null,
) {
  const after =
    side === 'from'
      ? sql`(select balance from moved where id = ${fromId})`
      : side === 'to'
        ? sql`(select balance from moved where id = ${toId})`
        : t.userId !== null
          ? sql`coalesce((select balance from ledger_accounts where kind = 'player' and user_id = ${t.userId}), 0)`
          : sql`null::bigint`;
  const [row] = await sql<
    { id: number; balance_after: number | null; from_balance: number; to_balance: number }[]
  >`
    with locked as materialized (
      select id from ledger_accounts
      where id in (${fromId}, ${toId})
        and not exists (select 1 from transfers where transfer_id = ${t.transferId})
      order by id for update),
    moved as (
      update ledger_accounts set balance = balance + case when id = ${toId} then ${t.amountFen}::bigint else ${-t.amountFen}::bigint end
      where id in (${fromId}, ${toId}) and (select count(*) from locked) = 2
      returning id, balance),
    made as (
      insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                             user_id, balance_after, ref, remark, operator_id)
      select ${t.transferId}, ${fromId}, ${toId}, ${t.amountFen}, ${t.typeCode}, ${t.userId},
             ${after}, ${t.ref ?? null}, ${t.remark ?? null}, ${t.operatorId ?? null}
      where (select count(*) from moved) = 2
      returning id, balance_after)
    select made.id, made.balance_after, f.balance as from_balance, c.balance as to_balance
    from made, moved f, moved c where f.id = ${fromId} and c.id = ${toId}`;
  return row;
}
