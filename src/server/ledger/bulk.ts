/**
 * Many ledger transfers in one transaction with a handful of statements (settlement pays thousands of
 * bets per batch). Same invariants as ledger.ts `transferInTx`, applied in input order:
 * - a transfer id already in `transfers` is skipped (idempotent), as is a repeat inside the input;
 * - the involved accounts are locked in id order (no deadlock with single transfers);
 * - if any non-house account would go below zero at any point, AppError(余额不足) and nothing moves;
 * - balances change in one UPDATE, the journal rows are inserted in one INSERT, each row carrying the
 *   player's balance after it (computed here, in order).
 */
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { accountId, INSUFFICIENT_BALANCE_MSG, type AccountKind, type TransferInput } from './ledger.ts';

export interface BulkResult {
  /** the transfers that moved money this time, in input order */
  applied: TransferInput[];
  /** ids skipped because they had been applied before (or repeated in the input) */
  skipped: string[];
}

function key(kind: AccountKind, userId: number | null): string {
  return `${kind}:${userId ?? 0}`;
}

/** Account ids of every (kind, user) pair, creating the missing accounts. */
async function resolveAccounts(tx: Tx, pairs: Map<string, { kind: AccountKind; userId: number | null }>): Promise<Map<string, number>> {
  const list = [...pairs.values()];
  const rows = await tx<{ id: number; kind: string; uid: number }[]>`
    select a.id, a.kind, coalesce(a.user_id, 0)::bigint as uid
    from ledger_accounts a
    join unnest(${tx.array(list.map((p) => p.kind))}::text[], ${tx.array(list.map((p) => String(p.userId ?? 0)))}::bigint[]) as k(kind, uid)
      on a.kind = k.kind and coalesce(a.user_id, 0) = k.uid`;
  const ids = new Map(rows.map((r) => [`${r.kind}:${r.uid}`, r.id]));
  for (const p of list) {
    const k = key(p.kind, p.userId);
    if (!ids.has(k)) ids.set(k, await accountId(tx, p.kind, p.userId));
  }
  return ids;
}

export async function bulkTransfersInTx(tx: Tx, transfers: readonly TransferInput[]): Promise<BulkResult> {
  const skipped: string[] = [];
  const seen = new Set<string>();
  const todo: TransferInput[] = [];
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amountFen) || t.amountFen <= 0) throw new Error(`bad amount ${t.amountFen}`);
    if (!t.transferId || t.transferId.length > 100) throw new Error('a transfer needs an id');
    if ((t.from.kind === 'house') !== (t.from.userId === null) || (t.to.kind === 'house') !== (t.to.userId === null)) {
      throw new Error(`account owner mismatch in ${t.transferId}`);
    }
    if (seen.has(t.transferId)) skipped.push(t.transferId);
    else {
      seen.add(t.transferId);
      todo.push(t);
    }
  }
  if (todo.length === 0) return { applied: [], skipped };

  const pairs = new Map<string, { kind: AccountKind; userId: number | null }>();
  for (const t of todo) {
    pairs.set(key(t.from.kind, t.from.userId), t.from);
    pairs.set(key(t.to.kind, t.to.userId), t.to);
  }
  const ids = await resolveAccounts(tx, pairs);
  const accountIds = [...new Set(ids.values())].sort((a, b) => a - b);
  // Lock in id order, then look for prior applications: a concurrent writer of the same ids has
  // committed (or rolled back) by the time the locks are ours.
  const locked = await tx<{ id: number; kind: string; balance: number }[]>`
    select id, kind, balance from ledger_accounts where id = any(${tx.array(accountIds.map(String))}::bigint[])
    order by id for update`;
  const prior = new Set(
    (await tx<{ transfer_id: string }[]>`
      select transfer_id from transfers where transfer_id = any(${tx.array(todo.map((t) => t.transferId))}::text[])`).map((r) => r.transfer_id),
  );

  const balance = new Map(locked.map((a) => [a.id, a.balance]));
  const isHouse = new Map(locked.map((a) => [a.id, a.kind === 'house']));
  const applied: TransferInput[] = [];
  const rows: { t: TransferInput; from: number; to: number; after: number | null }[] = [];
  for (const t of todo) {
    if (prior.has(t.transferId)) {
      skipped.push(t.transferId);
      continue;
    }
    const from = ids.get(key(t.from.kind, t.from.userId))!;
    const to = ids.get(key(t.to.kind, t.to.userId))!;
    if (from === to) throw new Error('a transfer needs two accounts');
    const fromBalance = balance.get(from)! - t.amountFen;
    if (!isHouse.get(from) && fromBalance < 0) throw new AppError(INSUFFICIENT_BALANCE_MSG, -1, 200);
    balance.set(from, fromBalance);
    balance.set(to, balance.get(to)! + t.amountFen);
    let after: number | null = null;
    if (t.userId !== null) {
      const own = ids.get(key('player', t.userId));
      after = own === undefined ? null : balance.get(own)!;
    }
    rows.push({ t, from, to, after });
    applied.push(t);
  }
  // A player's balance after a transfer that does not touch their wallet: read it (rare).
  for (const r of rows) {
    if (r.t.userId !== null && r.after === null) {
      const [row] = await tx<{ balance: number }[]>`
        select balance from ledger_accounts where kind = 'player' and user_id = ${r.t.userId}`;
      r.after = row?.balance ?? 0;
    }
  }
  if (rows.length === 0) return { applied, skipped };

  const deltas = new Map<number, number>();
  for (const r of rows) {
    deltas.set(r.from, (deltas.get(r.from) ?? 0) - r.t.amountFen);
    deltas.set(r.to, (deltas.get(r.to) ?? 0) + r.t.amountFen);
  }
  const changed = [...deltas].filter(([, d]) => d !== 0);
  if (changed.length) {
    await tx`
      update ledger_accounts a set balance = a.balance + d.delta
      from unnest(${tx.array(changed.map(([id]) => String(id)))}::bigint[], ${tx.array(changed.map(([, d]) => String(d)))}::bigint[]) as d(id, delta)
      where a.id = d.id`;
  }
  const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));
  await tx`
    insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code,
                           user_id, balance_after, ref, remark, operator_id)
    select * from unnest(
      ${tx.array(rows.map((r) => r.t.transferId))}::text[],
      ${tx.array(rows.map((r) => String(r.from)))}::bigint[],
      ${tx.array(rows.map((r) => String(r.to)))}::bigint[],
      ${tx.array(rows.map((r) => String(r.t.amountFen)))}::bigint[],
      ${tx.array(rows.map((r) => String(r.t.typeCode)))}::integer[],
      ${tx.array(rows.map((r) => str(r.t.userId)) as string[])}::bigint[],
      ${tx.array(rows.map((r) => str(r.after)) as string[])}::bigint[],
      ${tx.array(rows.map((r) => r.t.ref ?? null) as string[])}::text[],
      ${tx.array(rows.map((r) => r.t.remark ?? null) as string[])}::text[],
      ${tx.array(rows.map((r) => str(r.t.operatorId)) as string[])}::bigint[])`;
  return { applied, skipped };
}
