/**
 * The SQL of placing bets, shared by single bets, quick bets and chases: wallet locks, the bet rows
 * (many in one statement) and their stake transfers (`bet:{betId}`, player → house).
 *
 * Invariant: a bet row and its stake transfer are written in the same transaction, so a bet exists
 * exactly when its stake has left the wallet; the (user, request, index) key makes a retried
 * submission find its first bets instead of betting twice.
 */
import { beijingDateKey } from '../../domain/time.ts';
import { type TransferId, transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Db, Tx } from '../db/client.ts';
import { bulkTransfersInTx } from '../ledger/ledger.ts';
import type { TransferInput } from '../ledger/ledger.ts';
import type { PricedTicket } from './tickets.ts';

export interface BetInsert {
  userId: number;
  requestId: string;
  requestIndex: number;
  ticket: PricedTicket;
  stakeType: number;
  chaseId: number | null;
  /** the submission's request fingerprint, kept on its first bet (request index 0); null for a chase's bets */
  requestHash: string | null;
}

/** The orders a request id made before, and the fingerprint of the request that made them. */
export interface StoredSubmission {
  orders: { id: number; orderNo: string }[];
  requestHash: string | null;
}

export interface PlacedOrder {
  id: number;
  orderNo: string;
  issue: string;
  userId: number;
  amountFen: number;
  stakeType: number;
}

/**
 * Locks the wallets of these players and the house account in account-id order (the order every
 * ledger writer uses, so no deadlock) and returns each player's balance (0 without a wallet).
 */
export async function lockWallets(
  tx: Tx,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)].map(String);
  const rows = await tx<{ user_id: number | null; balance: number }[]>`
    select user_id, balance from ledger_accounts
    where (kind = 'player' and coalesce(user_id, 0) = any(${tx.array(ids)}::bigint[]))
       or (kind = 'house' and coalesce(user_id, 0) = 0)
    order by id for update`;
  const out = new Map<number, number>(userIds.map((u) => [u, 0]));
  for (const r of rows) if (r.user_id !== null) out.set(Number(r.user_id), r.balance);
  return out;
}

/** Fresh bet ids (unused ones are gaps, as any sequence has). */
export async function allocateBetIds(tx: Tx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await tx<
    { id: number }[]
  >`select nextval('bets_id_seq') as id from generate_series(1, ${n})`;
  return rows.map((r) => r.id);
}

/** The order of a bet about to be inserted with this id (order number: Beijing date + id). */
export function orderOf(row: BetInsert, id: number, nowMs: number): PlacedOrder {
  return {
    id,
    orderNo: `${beijingDateKey(nowMs)}${String(id).padStart(10, '0')}`,
    issue: row.ticket.issue,
    userId: row.userId,
    amountFen: row.ticket.amountFen,
    stakeType: row.stakeType,
  };
}

/** Inserts the bets, with their ids and order numbers given, in one statement. */
export async function insertBets(
  tx: Tx,
  rows: readonly BetInsert[],
  orders: readonly PlacedOrder[],
): Promise<void> {
  if (rows.length === 0) return;
  if (orders.length !== rows.length) throw new Error('one order per bet row');
  const col = <T>(f: (r: BetInsert) => T) => rows.map(f);
  const t = (r: BetInsert) => r.ticket;
  await tx`
    insert into bets (id, order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number,
                      betting_count, unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type, odds, chase_id,
                      request_hash)
    select id, order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number, betting_count,
           unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type, odds::jsonb, chase_id, request_hash
    from unnest(
      ${tx.array(orders.map((o) => String(o.id)))}::bigint[], ${tx.array(orders.map((o) => o.orderNo))}::text[],
      ${tx.array(col((r) => String(r.userId)))}::bigint[], ${tx.array(col((r) => r.requestId))}::text[],
      ${tx.array(col((r) => String(r.requestIndex)))}::int[], ${tx.array(col((r) => t(r).lottery.code))}::text[],
      ${tx.array(col((r) => t(r).issue))}::text[], ${tx.array(col((r) => t(r).play.code))}::text[],
      ${tx.array(col((r) => t(r).bettingNumber))}::text[], ${tx.array(col((r) => String(t(r).bettingCount)))}::int[],
      ${tx.array(col((r) => t(r).unit))}::text[], ${tx.array(col((r) => String(t(r).multiple)))}::int[],
      ${tx.array(col((r) => String(t(r).amountFen)))}::bigint[], ${tx.array(col((r) => String(t(r).rebatePermille)))}::int[],
      ${tx.array(col((r) => String(t(r).userGroup)))}::int[], ${tx.array(col((r) => String(t(r).betGroup)))}::int[],
      ${tx.array(col((r) => String(r.stakeType)))}::int[],
      ${tx.array(col((r) => (t(r).odds ? JSON.stringify(t(r).odds) : null)) as string[])}::text[],
      ${tx.array(col((r) => (r.chaseId === null ? null : String(r.chaseId))) as string[])}::bigint[],
      ${tx.array(col((r) => (r.requestIndex === 0 ? r.requestHash : null)) as string[])}::text[]
    ) as s(id, order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number,
           betting_count, unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type, odds, chase_id,
           request_hash)`;
}

/**
 * Writes bets and their stakes: the bet rows and the ledger transfers go on the wire together
 * (pipelined on the transaction's connection; no constraint orders them). Returns the orders.
 */
export async function writeBets(
  tx: Tx,
  rows: readonly BetInsert[],
  ids: readonly number[],
  nowMs: number,
): Promise<PlacedOrder[]> {
  const orders = rows.map((r, i) => orderOf(r, ids[i]!, nowMs));
  await Promise.all([
    insertBets(tx, rows, orders),
    bulkTransfersInTx(tx, orders.map(stakeTransfer)),
  ]);
  return orders;
}

/** A refund of a bet's stake: house → player. */
export function refundTransfer(
  transferId: TransferId,
  typeCode: number,
  bet: { id: number; userId: number; amountFen: number },
  remark: string,
): TransferInput {
  return {
    transferId,
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId: bet.userId },
    amountFen: bet.amountFen,
    typeCode,
    userId: bet.userId,
    // every transfer about a bet carries it as its ref (settlement finds them through it)
    ref: transferRefs.bet(bet.id),
    remark,
  };
}

/** The stake of a bet: player → house, `bet:{betId}`. */
export function stakeTransfer(o: PlacedOrder): TransferInput {
  return {
    transferId: transferIds.betStake(o.id),
    from: { kind: 'player', userId: o.userId },
    to: { kind: 'house', userId: null },
    amountFen: o.amountFen,
    typeCode: o.stakeType,
    userId: o.userId,
    ref: transferRefs.bet(o.id),
    remark: o.orderNo,
  };
}

/** The submission a request id made before, or null when it never bet. */
export async function storedOrders(
  db: Db,
  userId: number,
  requestId: string,
): Promise<StoredSubmission | null> {
  const rows = await db<{ id: number; order_no: string; request_hash: string | null }[]>`
    select id, order_no, request_hash from bets where user_id = ${userId} and request_id = ${requestId} order by request_index`;
  if (rows.length === 0) return null;
  return {
    orders: rows.map((r) => ({ id: r.id, orderNo: r.order_no })),
    requestHash: rows[0]!.request_hash,
  };
}

/** Stored submissions of many request ids at once: key `${userId}:${requestId}`. */
export async function storedOrdersOf(
  tx: Tx,
  keys: readonly { userId: number; requestId: string }[],
): Promise<Map<string, StoredSubmission>> {
  const out = new Map<string, StoredSubmission>();
  if (keys.length === 0) return out;
  const rows = await tx<
    {
      user_id: number;
      request_id: string;
      id: number;
      order_no: string;
      request_hash: string | null;
    }[]
  >`
    select b.user_id, b.request_id, b.id, b.order_no, b.request_hash
    from bets b join unnest(${tx.array(keys.map((k) => String(k.userId)))}::bigint[], ${tx.array(keys.map((k) => k.requestId))}::text[])
      as k(user_id, request_id) on b.user_id = k.user_id and b.request_id = k.request_id
    order by b.user_id, b.request_id, b.request_index`;
  for (const r of rows) {
    const key = `${r.user_id}:${r.request_id}`;
    const stored = out.get(key) ?? { orders: [], requestHash: r.request_hash };
    stored.orders.push({ id: r.id, orderNo: r.order_no });
    out.set(key, stored);
  }
  return out;
}
