/**
 * The double-entry ledger: the one module that moves money (amounts in integer fen).
 *
 * Invariants, enforced by the database and asserted here:
 * - every movement of money is one row of `transfers`, from one account to another, amount > 0;
 * - the sum of all account balances is zero at all times (the house account may go negative);
 * - a player-owned account never goes below zero, at any point of a batch (checked here in input
 *   order before anything is written; CHECK ledger_accounts_no_overdraft as the last word);
 * - a transfer id is unique: applying the same id twice moves money once and answers the first
 *   result, so a retried request can never move money twice;
 * - a transfer id is a `TransferId` of the registry (src/domain/transferIds.ts), never a string built
 *   at the call site: two features can then never write the same id by accident;
 * - accounts are locked in id order, in every path, so concurrent transfers cannot deadlock;
 * - accounts are never created here, least of all inside a money transaction (a row inserted there
 *   stays locked until commit, outside the id order): a user's accounts, every kind, are made with
 *   the user row by the database (migration 015). A transfer naming a missing account is a bug.
 *
 * Life cycle of a transfer: checked (checkInput) → account ids resolved (cached per pool, shared
 * with its transactions) → accounts locked in id order → prior applications read → planned in
 * memory (overdraft, balance after) → balances and journal rows written in one statement.
 * `bulkTransfersInTx` is that path; `transferInTx` is a batch of one. `transfer`, outside any
 * transaction, runs the same checks and ids as ONE autocommit statement (statements.ts
 * transferStatement): a wallet call then costs one round trip, not five, and that statement answers
 * both accounts' balances after the move, so the caller needs no read after it. The account rows'
 * pages are kept half full (migration 016) so a balance update is HOT: no index entry per transfer.
 */
import type { TransferId } from '../../domain/transferIds.ts';
import type { TransferRef } from '../../domain/transferRefs.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { RefusalReason, ResponseCode, refusalData, refusalReasonOf } from '../../domain/errors.ts';
import {
  findIds,
  lockAccounts,
  priorTransfers,
  transferStatement,
  writePlanned,
  type LockedAccount,
  type Owner,
  type Planned,
  type PriorTransfer,
} from './statements.ts';

export type AccountKind =
  | 'house'
  | 'player'
  | 'withdraw_hold'
  | 'red_envelope_escrow'
  | 'pledge_escrow'
  | 'virtual_wallet';

export interface TransferInput {
  /** made by the registry (src/domain/transferIds.ts), never by hand */
  transferId: TransferId;
  from: { kind: AccountKind; userId: number | null };
  to: { kind: AccountKind; userId: number | null };
  amountFen: number;
  typeCode: number;
  /** the player the transfer is about: their 'player' account balance is recorded after it */
  userId: number | null;
  /** what the transfer is about, made by the registry (src/domain/transferRefs.ts) */
  ref?: TransferRef | null;
  remark?: string | null;
  operatorId?: number | null;
}

export interface TransferResult {
  id: number;
  transferId: TransferId;
  balanceAfterFen: number | null;
  /** false when the transfer id had been applied before: nothing moved this time */
  applied: boolean;
  /** the two accounts' balances right after this transfer; null when it was applied before */
  balancesFen: { from: number; to: number } | null;
}

export const INSUFFICIENT_BALANCE_MSG = '余额不足';

/** An overdraft refused: its data says why (RefusalReason), so no caller and no client reads the text. */
export function insufficientBalance(msg: string = INSUFFICIENT_BALANCE_MSG): AppError {
  return new AppError(
    msg,
    ResponseCode.FAILED,
    200,
    refusalData(RefusalReason.INSUFFICIENT_BALANCE),
  );
}

export function isInsufficientBalance(err: unknown): boolean {
  return (
    err instanceof AppError && refusalReasonOf(err.data) === RefusalReason.INSUFFICIENT_BALANCE
  );
}

export interface BulkResult {
  /** the transfers that moved money this time, in input order */
  applied: TransferInput[];
  /** ids skipped because they had been applied before (or repeated in the input) */
  skipped: TransferId[];
}

/**
 * Account ids per pool. Keyed by the pool's `array` helper, which postgres.js shares with every
 * transaction of that pool (a transaction has no other link to it): a transaction finds the ids its
 * pool already knows, without a round trip. Tests run several databases in one process, each its own
 * pool. Accounts are never deleted, so an id never changes; an id cached from a transaction that
 * rolled back is found missing on use and the cache dropped. (Were a transaction's `array` ever its
 * own, the cache would simply be per transaction again: slower, still right.)
 */
const idCache = new WeakMap<object, Map<string, number>>();
const ID_CACHE_MAX = 200_000;
const keyOf = (a: Owner) => `${a.kind}:${a.userId ?? 0}`;

function cacheOf(db: Db): Map<string, number> {
  const m = idCache.get(db.array);
  if (m && m.size <= ID_CACHE_MAX) return m;
  const fresh = new Map<string, number>();
  idCache.set(db.array, fresh);
  return fresh;
}

function checkOwner(a: Owner): void {
  if ((a.kind === 'house') !== (a.userId === null))
    throw new Error(`account ${a.kind} owner mismatch`);
}

/** The ids of these accounts, in list order; a missing account is a broken invariant (migration 015). */
async function resolveIds(db: Db, list: readonly Owner[]): Promise<number[]> {
  list.forEach(checkOwner);
  const cache = cacheOf(db);
  const missing = list.filter((a) => !cache.has(keyOf(a)));
  if (missing.length > 0) {
    for (const r of await findIds(db, missing)) cache.set(`${r.kind}:${r.uid}`, r.id);
  }
  return list.map((a) => {
    const id = cache.get(keyOf(a));
    if (id === undefined) throw new Error(`no ledger account ${keyOf(a)}`);
    return id;
  });
}

/** The id of an account (made with its user, never here). */
export async function accountId(db: Db, kind: AccountKind, userId: number | null): Promise<number> {
  return (await resolveIds(db, [{ kind, userId }]))[0]!;
}

function checkInput(t: TransferInput): void {
  if (!Number.isSafeInteger(t.amountFen) || t.amountFen <= 0)
    throw new Error(`bad amount ${t.amountFen}`);
  if (!t.transferId || t.transferId.length > 100) throw new Error('a transfer needs an id');
  checkOwner(t.from);
  checkOwner(t.to);
  if (t.from.kind === t.to.kind && t.from.userId === t.to.userId)
    throw new Error('a transfer needs two accounts');
}

/** Which side of the transfer is the player's wallet the transfer is about, if either. */
function playerSide(t: TransferInput): 'from' | 'to' | null {
  if (t.userId === null) return null;
  if (t.from.kind === 'player' && t.from.userId === t.userId) return 'from';
  if (t.to.kind === 'player' && t.to.userId === t.userId) return 'to';
  return null;
}

const isOverdraft = (err: unknown) =>
  (err as { code?: string }).code === '23514' &&
  (err as { constraint_name?: string }).constraint_name === 'ledger_accounts_no_overdraft';

/** The accounts a batch touches: both sides of each transfer and the wallet of each player it is about. */
function ownersOf(todo: readonly TransferInput[]): Owner[] {
  const owners = new Map<string, Owner>();
  const add = (o: Owner) => owners.set(keyOf(o), o);
  for (const t of todo) {
    add(t.from);
    add(t.to);
    if (t.userId !== null) add({ kind: 'player', userId: t.userId });
  }
  return [...owners.values()];
}

/**
 * Locks the batch's accounts in id order and reads their balances, all in one statement. An id the
 * cache held that is not there (its user rolled back) drops the cache and resolves once more.
 */
async function lockOwners(
  tx: Tx,
  owners: readonly Owner[],
): Promise<{ ids: Map<string, number>; locked: Map<number, LockedAccount> }> {
  for (let attempt = 0; ; attempt++) {
    const idList = await resolveIds(tx, owners);
    const ids = new Map(owners.map((o, i) => [keyOf(o), idList[i]!]));
    const sorted = [...new Set(idList)].sort((a, b) => a - b);
    const rows = await lockAccounts(tx, sorted);
    if (rows.length === sorted.length) return { ids, locked: new Map(rows.map((r) => [r.id, r])) };
    if (attempt > 0) throw new Error(`ledger accounts missing: ${sorted.length - rows.length}`);
    idCache.delete(tx.array);
  }
}

/**
 * The journal rows of a batch, in input order, against the locked balances: an overdraft of any
 * non-house account at any point refuses the whole batch (AppError 余额不足) before anything is
 * written; each row carries the player's wallet balance right after it.
 */
function plan(
  todo: readonly TransferInput[],
  ids: Map<string, number>,
  locked: Map<number, LockedAccount>,
): Planned[] {
  const balanceFen = new Map([...locked].map(([id, a]) => [id, a.balance]));
  return todo.map((t) => {
    const fromId = ids.get(keyOf(t.from))!;
    const toId = ids.get(keyOf(t.to))!;
    if (fromId === toId) throw new Error('a transfer needs two accounts');
    if (!locked.has(fromId) || !locked.has(toId))
      throw new Error(`transfer ${t.transferId}: an account is not locked`);
    const fromAfterFen = balanceFen.get(fromId)! - t.amountFen;
    if (locked.get(fromId)!.kind !== 'house' && fromAfterFen < 0) throw insufficientBalance();
    const toAfterFen = balanceFen.get(toId)! + t.amountFen;
    balanceFen.set(fromId, fromAfterFen);
    balanceFen.set(toId, toAfterFen);
    const afterFen =
      t.userId === null
        ? null
        : balanceFen.get(ids.get(keyOf({ kind: 'player', userId: t.userId }))!)!;
    return { t, fromId, toId, afterFen, fromAfterFen, toAfterFen };
  });
}

/** The batch engine: returns what it wrote (with the new row ids) and the prior applications it met. */
async function applyBatch(tx: Tx, transfers: readonly TransferInput[], withIds: boolean) {
  const skipped: TransferId[] = [];
  const seen = new Set<TransferId>();
  const todo: TransferInput[] = [];
  for (const t of transfers) {
    checkInput(t);
    if (seen.has(t.transferId)) skipped.push(t.transferId);
    else {
      seen.add(t.transferId);
      todo.push(t);
    }
  }
  if (todo.length === 0)
    return {
      written: [] as Planned[],
      newIds: new Map<string, number>(),
      prior: new Map<string, PriorTransfer>(),
      skipped,
    };
  // Priors are read once the locks are ours: a concurrent writer of the same id, which must lock the
  // same accounts, has committed (or rolled back) by then.
  const { ids, locked } = await lockOwners(tx, ownersOf(todo));
  const prior = await priorTransfers(
    tx,
    todo.map((t) => t.transferId),
  );
  const fresh = todo.filter((t) => !prior.has(t.transferId));
  for (const t of todo) if (prior.has(t.transferId)) skipped.push(t.transferId);
  const written = plan(fresh, ids, locked);
  const newIds =
    written.length > 0 ? await writePlanned(tx, written, withIds) : new Map<string, number>();
  return { written, newIds, prior, skipped };
}

/**
 * Many transfers in the caller's transaction, applied in input order, in three statements whatever
 * their number (lock, priors, write; one more to look up account ids not yet cached). A transfer id
 * applied before, or repeated in the input, is skipped; AppError(余额不足) refuses the whole batch
 * and moves nothing.
 */
export async function bulkTransfersInTx(
  tx: Tx,
  transfers: readonly TransferInput[],
): Promise<BulkResult> {
  const { written, skipped } = await applyBatch(tx, transfers, false);
  return { applied: written.map((w) => w.t), skipped };
}

/**
 * One transfer in the caller's transaction: a batch of one. Throws AppError(余额不足) on overdraft
 * before changing anything, so the caller's transaction stays usable.
 */
export async function transferInTx(tx: Tx, t: TransferInput): Promise<TransferResult> {
  const { written, newIds, prior } = await applyBatch(tx, [t], true);
  const done = written[0];
  if (done) {
    const balancesFen = { from: done.fromAfterFen, to: done.toAfterFen };
    return {
      id: newIds.get(t.transferId)!,
      transferId: t.transferId,
      balanceAfterFen: done.afterFen,
      applied: true,
      balancesFen,
    };
  }
  const first = prior.get(t.transferId);
  if (!first) throw new Error(`transfer ${t.transferId} neither applied nor found`);
  return { ...first, applied: false, balancesFen: null };
}

/**
 * One transfer on its own, outside any transaction: the same checks and account ids, as ONE
 * statement (statements.ts transferStatement). A transfer id applied before, or by a concurrent
 * duplicate that won (unique index, or its debit left too little for this copy), is answered with
 * the first result, applied = false.
 */
export async function transfer(sql: Sql, t: TransferInput): Promise<TransferResult> {
  checkInput(t);
  const side = playerSide(t);
  for (let attempt = 0; ; attempt++) {
    const [fromId, toId] = await resolveIds(sql, [t.from, t.to]);
    let row: Awaited<ReturnType<typeof transferStatement>>;
    try {
      row = await transferStatement(sql, t, fromId!, toId!, side);
    } catch (err) {
      const overdraft = isOverdraft(err);
      if (!overdraft && (err as { code?: string }).code !== '23505') throw err;
      const won = (await priorTransfers(sql, [t.transferId])).get(t.transferId);
      if (won) return { ...won, applied: false, balancesFen: null };
      if (overdraft) throw insufficientBalance();
      throw err;
    }
    if (row) {
      const balancesFen = { from: row.from_balance, to: row.to_balance };
      if (side !== null && balancesFen[side] !== row.balance_after)
        throw new Error(`transfer ${t.transferId}: balances disagree`);
      return {
        id: row.id,
        transferId: t.transferId,
        balanceAfterFen: row.balance_after,
        applied: true,
        balancesFen,
      };
    }
    const prior = (await priorTransfers(sql, [t.transferId])).get(t.transferId);
    if (prior) return { ...prior, applied: false, balancesFen: null };
    // Nothing moved and no prior: a cached id is not this database's (its user rolled back). Once more, fresh.
    if (attempt > 0) throw new Error(`transfer ${t.transferId} moved nothing`);
    idCache.delete(sql.array);
  }
}

export async function playerBalance(sql: Db, userId: number): Promise<number> {
  const [row] = await sql<{ balance: number }[]>`
    select balance from ledger_accounts where kind = 'player' and user_id = ${userId}`;
  return row?.balance ?? 0;
}

/** The zero-sum check: the sum of every balance, which must be 0. */
export async function ledgerSum(sql: Sql): Promise<number> {
  const [row] = await sql<
    { total: number }[]
  >`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`;
  return row.total;
}

/** Every balance rebuilt from the journal, compared with the stored one: the rows that differ (one pass over the journal). */
export async function ledgerMismatches(
  sql: Sql,
): Promise<{ id: number; stored: number; journal: number }[]> {
  return sql<{ id: number; stored: number; journal: number }[]>`
    with moves as (
      select credit_account_id as id, amount from transfers
      union all
      select debit_account_id, -amount from transfers),
    sums as (select id, sum(amount) as total from moves group by id)
    select a.id, a.balance as stored, coalesce(s.total, 0)::bigint as journal
    from ledger_accounts a left join sums s on s.id = a.id
    where a.balance <> coalesce(s.total, 0)`;
}
