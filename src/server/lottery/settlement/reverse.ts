/**
 * Reversing a settlement (correction, system cancel): every credit the settlement made for a bet at
 * its settled version (201 prize, 204 tie refund; 501/502 of older per-bet settlements) and every batch
 * rebate of the issue (501 rebate, 502 upline rebate, ref `issue:…`) goes back to the house as 310
 * `rev:{originalTransferId}`. A player who has spent it gives back what the balance allows;
 * the rest is recorded in settlement_shortfalls. No balance ever goes negative.
 */
import {
  parseTransferId,
  storedTransferId,
  type TransferId,
  transferIds,
} from '../../../domain/transferIds.ts';
import { parseTransferRef, storedTransferRef, transferRefs } from '../../../domain/transferRefs.ts';
import type { Tx } from '../../db/client.ts';
import type { TransferInput } from '../../ledger/ledger.ts';
import { rebateBatchFirstBet, SETTLEMENT_CREDIT_TYPES, TYPE } from './common.ts';

export interface ReversalPlan {
  transfers: TransferInput[];
  /** betId: the bet, or for a batch rebate the batch's first bet */
  shortfalls: {
    transferId: TransferId;
    originalTransferId: string;
    userId: number;
    betId: number;
    amount: number;
  }[];
}

interface Original {
  transfer_id: string;
  user_id: number;
  amount: number;
  ref: string;
}

/** Per-bet credits of `bets` at the version each was settled at (older versions were reversed before). */
async function betCredits(
  tx: Tx,
  bets: readonly { id: number; settled_version: number | null }[],
): Promise<Original[]> {
  const settled = bets.filter((b) => b.settled_version !== null);
  if (settled.length === 0) return [];
  const version = new Map(settled.map((b) => [transferRefs.bet(b.id), b.settled_version!]));
  const found = await tx<Original[]>`
    select transfer_id, user_id, amount, ref from transfers
    where ref = any(${tx.array([...version.keys()])}::text[])
      and type_code = any(${tx.array(SETTLEMENT_CREDIT_TYPES.map(String))}::integer[])
    order by id`;
  return found.filter((t) => settledAt(t.transfer_id) === version.get(storedTransferRef(t.ref)));
}

/** The result version a per-bet settlement credit was paid at (prize, tie refund, older per-bet rebates). */
function settledAt(transferId: string): number | null {
  const p = parseTransferId(transferId);
  if (
    p?.kind === 'prize' ||
    p?.kind === 'tieRefund' ||
    p?.kind === 'rebatePerBet' ||
    p?.kind === 'uplineRebatePerBet'
  )
    return p.parts.version;
  return null;
}

const reversalOf = (o: Original) => transferIds.reversal(storedTransferId(o.transfer_id));

/** The issue's batch rebates (501/502, ref `issue:…`); those already reversed are dropped by the caller. */
function issueRebates(tx: Tx, lotteryCode: string, issue: string): Promise<Original[]> {
  return tx<Original[]>`
    select transfer_id, user_id, amount, ref from transfers
    where ref = ${transferRefs.issue(lotteryCode, issue)}
      and type_code = any(${tx.array([String(TYPE.rebate), String(TYPE.uplineRebate)])}::integer[])
    order by id`;
}

/**
 * Plans the reversal of the settlement of `bets` (those with a settled version), or with `rebatesOf`
 * of every batch rebate of that issue not reversed yet (call it once the issue's bets are done).
 * `credits` are transfers to players that the same bulk write applies before the reversals (e.g.
 * system-cancel refunds): the balances they add can be taken back. Locks the house and the players' wallets.
 */
export async function planReversals(
  tx: Tx,
  bets: readonly { id: number; settled_version: number | null }[],
  credits: readonly TransferInput[],
  operatorId: number | null,
  remark: string,
  rebatesOf?: { lotteryCode: string; issue: string },
): Promise<ReversalPlan> {
  const originals = rebatesOf
    ? await issueRebates(tx, rebatesOf.lotteryCode, rebatesOf.issue)
    : await betCredits(tx, bets);
  if (originals.length === 0) return { transfers: [], shortfalls: [] };

  const reversalIds = originals.map(reversalOf);
  const already = new Set(
    (
      await tx<{ transfer_id: string }[]>`
      select transfer_id from transfers where transfer_id = any(${tx.array(reversalIds)}::text[])
      union all
      select transfer_id from settlement_shortfalls
      where transfer_id = any(${tx.array(reversalIds)}::text[])`
    ).map((r) => r.transfer_id),
  );
  const users = [...new Set(originals.map((o) => o.user_id))];
  // Lock in id order, house (the lowest id) included, as the bulk write will.
  const wallets = await tx<{ id: number; kind: string; user_id: number | null; balance: number }[]>`
    select id, kind, user_id, balance from ledger_accounts
    where kind = 'house' or (kind = 'player' and user_id = any(${tx.array(users.map(String))}::bigint[]))
    order by id for update`;
  const balance = new Map<number, number>();
  for (const w of wallets) if (w.kind === 'player') balance.set(w.user_id!, w.balance);
  for (const c of credits) {
    if (c.to.kind === 'player' && balance.has(c.to.userId!))
      balance.set(c.to.userId!, balance.get(c.to.userId!)! + c.amountFen);
  }

  const plan: ReversalPlan = { transfers: [], shortfalls: [] };
  for (const [i, o] of originals.entries()) {
    const transferId = reversalIds[i]!;
    if (already.has(transferId)) continue;
    const ref = parseTransferRef(o.ref);
    const betId = ref?.kind === 'bet' ? ref.parts.betId : rebateBatchFirstBet(o.transfer_id)!;
    const have = balance.get(o.user_id) ?? 0;
    const take = Math.min(have, o.amount);
    balance.set(o.user_id, have - take);
    if (take > 0) {
      plan.transfers.push({
        transferId,
        from: { kind: 'player', userId: o.user_id },
        to: { kind: 'house', userId: null },
        amountFen: take,
        typeCode: TYPE.reversal,
        userId: o.user_id,
        ref: storedTransferRef(o.ref),
        remark,
        operatorId,
      });
    }
    if (take < o.amount) {
      plan.shortfalls.push({
        transferId,
        originalTransferId: o.transfer_id,
        userId: o.user_id,
        betId,
        amount: o.amount - take,
      });
    }
  }
  return plan;
}

export async function recordShortfalls(tx: Tx, plan: ReversalPlan): Promise<void> {
  const s = plan.shortfalls;
  if (s.length === 0) return;
  await tx`
    insert into settlement_shortfalls (transfer_id, original_transfer_id, user_id, bet_id, amount)
    select * from unnest(
      ${tx.array(s.map((x) => x.transferId))}::text[],
      ${tx.array(s.map((x) => x.originalTransferId))}::text[],
      ${tx.array(s.map((x) => String(x.userId)))}::bigint[],
      ${tx.array(s.map((x) => String(x.betId)))}::bigint[],
      ${tx.array(s.map((x) => String(x.amount)))}::bigint[])
    on conflict (transfer_id) do nothing`;
}
