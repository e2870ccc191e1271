/**
 * The refund job (one job of the one runner, siteJobs.ts, every REFUND_EVERY_MS): envelopes
 * past their 12 hours with shares left give what is left back to the sender (the house for a
 * system envelope) in one transfer escrow → sender with the deterministic id rr:<recordCode>
 * (type 208), in the same transaction as the state change to refunded, under the envelope row's
 * lock. A second run, a concurrent run on another instance, or a run after a crash finds the row
 * refunded (state 4) or, were the state ever lost, the transfer id applied: money moves once.
 */
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Sql } from '../db/client.ts';
import { transferInTx } from '../ledger/ledger.ts';
import { TxType } from '../../domain/txTypes.ts';

export const REFUND_EVERY_MS = 20_000;
const BATCH = 200;

interface DueRow {
  id: number;
  record_code: string;
  sender_id: number;
  is_system: boolean;
  remaining_fen: number;
}

/** Refunds one envelope if it is still open and expired at `now`; true when this call refunded it. */
export async function refundOne(sql: Sql, id: number, now: Date): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [e] = await tx<DueRow[]>`
      select id, record_code, sender_id, is_system, remaining_fen from red_envelopes
      where id = ${id} and state = 0 and expires_at <= ${now} for update`;
    if (!e) return false;
    if (e.remaining_fen > 0) {
      await transferInTx(tx, {
        transferId: transferIds.envelopeRefund(e.record_code),
        from: { kind: 'red_envelope_escrow', userId: e.sender_id },
        to: e.is_system ? { kind: 'house', userId: null } : { kind: 'player', userId: e.sender_id },
        amountFen: e.remaining_fen,
        typeCode: TxType.CHAT_RED_ENVELOPE_RETURN,
        userId: e.is_system ? null : e.sender_id,
        ref: transferRefs.code(e.record_code),
      });
    }
    await tx`update red_envelopes set state = 4 where id = ${e.id}`;
    return true;
  });
}

/** One run: every envelope due at `nowMs`, in batches; answers how many this run refunded. */
export async function refundDue(sql: Sql, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  let refunded = 0;
  for (;;) {
    const due = await sql<{ id: number }[]>`
      select id from red_envelopes where state = 0 and expires_at <= ${now} order by expires_at, id limit ${BATCH}`;
    for (const d of due) if (await refundOne(sql, d.id, now)) refunded++;
    if (due.length < BATCH) return refunded;
  }
}
