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
 * Accounts are never created inside a money transaction when it can be avoided: a row inserted
 * there stays locked until commit, outside the id order (40P01 between a new player's first
 * transfers). A user's first account makes all of their kinds at once, in one statement, and
 * `transfer` resolves ids through the pool (autocommit) before it moves anything.
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

/** Every kind a user owns, in the order they are created (a fixed order: no deadlock between creators). */
const USER_KINDS: readonly AccountKind[] = ['player', 'pledge_escrow', 'red_envelope_escrow', 'virtual_wallet', 'withdraw_hold'];

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

type Owner = { kind: AccountKind; userId: number | null };
type Db = Sql | Tx;

/**
 * Account ids per database handle (a pool, or a transaction for ids it saw). Keyed by the handle:
 * tests run several databases in one process. Accounts are never deleted, so an id never changes.
 */
const idCache = new WeakMap<object, Map<string, number>>();
const ID_CACHE_MAX = 200_000;
const keyOf = (a: Owner) => `${a.kind}:${a.userId ?? 0}`;

function cacheOf(db: Db): Map<string, number> {
  let m = idCache.get(db);
  if (!m || m.size > ID_CACHE_MAX) idCache.set(db, (m = new Map()));
  return m;
}

function checkOwner(a: Owner): void {
  if ((a.kind === 'house') !== (a.userId === null)) throw new Error(`account ${a.kind} owner mismatch`);
}

async function findIds(db: Db, list: Owner[]): Promise<{ id: number; kind: AccountKind; uid: number }[]> {
  return db<{ id: number; kind: AccountKind; uid: number }[]>`
    select a.id, a.kind, coalesce(a.user_id, 0)::bigint as uid
    from ledger_accounts a
    join unnest(${db.array(list.map((p) => p.kind))}::text[], ${db.array(list.map((p) => String(p.userId ?? 0)))}::bigint[]) as k(kind, uid)
      on a.kind = k.kind and coalesce(a.user_id, 0) = k.uid`;
}

/**
 * Ids of these accounts; a user without one of them gets all of their accounts made at once, in
 * (user, kind) order. Through a pool this runs in autocommit, holding no other lock while it waits
 * for a concurrent creator; a user's first account (insertUser) therefore makes the rest too.
 */
async function resolveIds(db: Db, list: Owner[]): Promise<number[]> {
  list.forEach(checkOwner);
  const cache = cacheOf(db);
  const missing = list.filter((a) => !cache.has(keyOf(a)));
  if (missing.length > 0) {
    let rows = await findIds(db, missing);
    const found = new Set(rows.map((r) => `${r.kind}:${r.uid}`));
    const users = [...new Set(missing.filter((a) => !found.has(keyOf(a)) && a.userId !== null).map((a) => a.userId!))];
    if (users.length > 0) {
      users.sort((a, b) => a - b);
      await db`
        insert into ledger_accounts (kind, user_id)
        select k, u from unnest(${db.array(users.map(String))}::bigint[]) as u, unnest(${db.array([...USER_KINDS])}::text[]) as k
        order by u, k
        on conflict (kind, coalesce(user_id, 0)) do nothing`;
      rows = await findIds(db, missing);
    }
    for (const r of rows) cache.set(`${r.kind}:${r.uid}`, r.id);
  }
  return list.map((a) => {
    const id = cache.get(keyOf(a));
    if (id === undefined) throw new Error(`no ledger account ${keyOf(a)}`);
    return id;
  });
}

export async function accountId(tx: Tx | Sql, kind: AccountKind, userId: number | null): Promise<number> {
  return (await resolveIds(tx, [{ kind, userId }]))[0]!;
}

function checkInput(t: TransferInput): void {
  if (!Number.isSafeInteger(t.amountFen) || t.amountFen <= 0) throw new Error(`bad amount ${t.amountFen}`);
  if (!t.transferId || t.transferId.length > 100) throw new Error('a transfer needs an id');
  checkOwner(t.from);
  checkOwner(t.to);
  if (t.from.kind === t.to.kind && t.from.userId === t.to.userId) throw new Error('a transfer needs two accounts');
}

/** Which side of the transfer is the player's wallet the transfer is about, if either. */
function playerSide(t: TransferInput): 'from' | 'to' | null {
  if (t.userId === null) return null;
  if (t.from.kind === 'player' && t.from.userId === t.userId) return 'from';
  if (t.to.kind === 'player' && t.to.userId === t.userId) return 'to';
  return null;
}

async function findPrior(db: Db, transferId: string): Promise<TransferResult | null> {
  const [prior] = await db<{ id: number; balance_after: number | null }[]>`
    select id, balance_after from transfers where transfer_id = ${transferId}`;
  return prior ? { id: prior.id, transferId, balanceAfterFen: prior.balance_after, applied: false } : null;
}

const isOverdraft = (err: unknown) =>
  (err as { code?: string }).code === '23514' && (err as { constraint_name?: string }).constraint_name === 'ledger_accounts_no_overdraft';

/**
 * Moves money inside the caller's transaction, in three statements: the prior check; both accounts
 * locked in id order and read; both updated and the journal row inserted, unless a concurrent
 * duplicate committed the same id while this one waited for the locks (answered like a prior).
 * Throws AppError(余额不足) on overdraft before changing anything: the caller's transaction stays usable.
 */
export async function transferInTx(tx: Tx, t: TransferInput): Promise<TransferResult> {
  checkInput(t);
  const prior = await findPrior(tx, t.transferId);
  if (prior) return prior;

  const side = playerSide(t);
  const lock = () => tx<{ id: number; kind: AccountKind; uid: number; balance: number; player_balance: number | null }[]>`
    select a.id, a.kind, coalesce(a.user_id, 0)::bigint as uid, a.balance,
           ${t.userId !== null && side === null
             ? tx`(select p.balance from ledger_accounts p where p.kind = 'player' and p.user_id = ${t.userId})`
             : tx`null::bigint`} as player_balance
    from ledger_accounts a
    where (a.kind = ${t.from.kind} and coalesce(a.user_id, 0) = ${t.from.userId ?? 0})
       or (a.kind = ${t.to.kind} and coalesce(a.user_id, 0) = ${t.to.userId ?? 0})
    order by a.id for update`;
  let rows = await lock();
  if (rows.length < 2) {
    // Accounts missing: made here, in the caller's transaction (all of the users' kinds at once).
    await resolveIds(tx, [t.from, t.to]);
    rows = await lock();
    if (rows.length < 2) throw new Error(`transfer ${t.transferId}: accounts not found`);
  }
  const isFrom = (r: { kind: AccountKind; uid: number }) => r.kind === t.from.kind && r.uid === (t.from.userId ?? 0);
  const from = rows.find(isFrom)!;
  const to = rows.find((r) => !isFrom(r))!;
  if (from.kind !== 'house' && from.balance < t.amountFen) {
    // a concurrent duplicate that moved the money first is answered, not refused
    const won = await findPrior(tx, t.transferId);
    if (won) return won;
    throw new AppError(INSUFFICIENT_BALANCE_MSG, -1, 200);
  }
  const balanceAfter = side === 'from' ? from.balance - t.amountFen
    : side === 'to' ? to.balance + t.amountFen
    : t.userId !== null ? (rows[0]!.player_balance ?? 0) : null;
  // A new statement, so it sees a duplicate that committed while the lock above waited.
  const [row] = await tx<{ id: number; balance_after: number | null; applied: boolean }[]>`
    with prior as (select id, balance_after from transfers where transfer_id = ${t.transferId}),
    moved as (
      update ledger_accounts set balance = balance + case when id = ${to.id} then ${t.amountFen}::bigint else ${-t.amountFen}::bigint end
      where id in (${from.id}, ${to.id}) and not exists (select 1 from prior)
      returning id),
    made as (
      insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                             user_id, balance_after, ref, remark, operator_id)
      select ${t.transferId}, ${from.id}, ${to.id}, ${t.amountFen}, ${t.typeCode}, ${t.userId},
             ${balanceAfter}, ${t.ref ?? null}, ${t.remark ?? null}, ${t.operatorId ?? null}
      where (select count(*) from moved) = 2
      returning id, balance_after)
    select id, balance_after, true as applied from made
    union all
    select id, balance_after, false as applied from prior`;
  if (!row) throw new Error(`transfer ${t.transferId} moved nothing`);
  return { id: row.id, transferId: t.transferId, balanceAfterFen: row.balance_after, applied: row.applied };
}

/**
 * One transfer on its own, as ONE statement (autocommit) once the account ids are known (resolved
 * through the pool and cached). Inside it, `locked` takes both rows in id order, and neither update
 * can touch a row before `locked` has been read to its end (the updates are gated on its count):
 * the lock order is the same as transferInTx's. An overdraft fails the CHECK and a duplicate id the
 * unique index; either aborts the statement, so nothing half-moves. A transfer id applied before
 * (or by a concurrent duplicate that won) is answered with the first result, applied = false.
 */
export async function transfer(sql: Sql, t: TransferInput): Promise<TransferResult> {
  checkInput(t);
  for (let attempt = 0; ; attempt++) {
    const [fromId, toId] = await resolveIds(sql, [t.from, t.to]);
    const side = playerSide(t);
    const after = side === 'from' ? sql`(select balance from moved where id = ${fromId!})`
      : side === 'to' ? sql`(select balance from moved where id = ${toId!})`
      : t.userId !== null ? sql`coalesce((select balance from ledger_accounts where kind = 'player' and user_id = ${t.userId}), 0)`
      : sql`null::bigint`;
    try {
      const [row] = await sql<{ id: number; balance_after: number | null }[]>`
        with locked as materialized (
          select id from ledger_accounts
          where id in (${fromId!}, ${toId!})
            and not exists (select 1 from transfers where transfer_id = ${t.transferId})
          order by id for update),
        moved as (
          update ledger_accounts set balance = balance + case when id = ${toId!} then ${t.amountFen}::bigint else ${-t.amountFen}::bigint end
          where id in (${fromId!}, ${toId!}) and (select count(*) from locked) = 2
          returning id, balance)
        insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                               user_id, balance_after, ref, remark, operator_id)
        select ${t.transferId}, ${fromId!}, ${toId!}, ${t.amountFen}, ${t.typeCode}, ${t.userId},
               ${after}, ${t.ref ?? null}, ${t.remark ?? null}, ${t.operatorId ?? null}
        where (select count(*) from moved) = 2
        returning id, balance_after`;
      if (row) return { id: row.id, transferId: t.transferId, balanceAfterFen: row.balance_after, applied: true };
    } catch (err) {
      const overdraft = isOverdraft(err);
      if (!overdraft && (err as { code?: string }).code !== '23505') throw err;
      // a concurrent duplicate that moved the money first (unique index, or its debit left too
      // little for this copy) is answered with its result
      const prior = await findPrior(sql, t.transferId);
      if (prior) return prior;
      if (overdraft) throw new AppError(INSUFFICIENT_BALANCE_MSG, -1, 200);
      throw err;
    }
    const prior = await findPrior(sql, t.transferId);
    if (prior) return prior;
    // Nothing moved and no prior: the cached ids are not this database's (recreated). Once more, fresh.
    if (attempt > 0) throw new Error(`transfer ${t.transferId} moved nothing`);
    idCache.delete(sql);
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
