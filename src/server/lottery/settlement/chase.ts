/**
 * Chase continuation (lottery-rules.md §2.5), inside the settlement transaction of the winning bet:
 * a chase with stop-after-win whose bet won stops; every later bet of it still on sale (its issue not
 * yet closed) becomes CHASE_STOPPED with its stake refunded (203 `chase:{betId}`). A chase with no
 * pending bet left is finished.
 */
import { transferIds } from '../../../domain/transferIds.ts';
import type { Tx } from '../../db/client.ts';
import type { TransferInput } from '../../ledger/ledger.ts';
import { houseToPlayer, TYPE, updateBets } from './common.ts';

export interface ChaseStops {
  /** the chases that stop */
  chaseIds: number[];
  bets: { id: number; amount: number }[];
  transfers: TransferInput[];
}

/** Locks and lists the bets to stop after wins of these chases (call before the ledger writes). */
export async function planChaseStops(tx: Tx, wonChaseIds: readonly number[]): Promise<ChaseStops> {
  if (wonChaseIds.length === 0) return { chaseIds: [], bets: [], transfers: [] };
  const rows = await tx<{ id: number; user_id: number; amount: number; chase_id: number }[]>`
    select b.id, b.user_id, b.amount, b.chase_id
    from bets b
    join chases c on c.id = b.chase_id
    join lottery_issues li on li.lottery_code = b.lottery_code and li.issue = b.issue
    where b.chase_id = any(${tx.array(wonChaseIds.map(String))}::bigint[])
      and c.stop_after_win and c.status = 'running'
      and b.status = 'PENDING' and li.close_at > now()
    order by b.id
    for update of b`;
  return {
    chaseIds: [...new Set(rows.map((r) => r.chase_id))],
    bets: rows.map((r) => ({ id: r.id, amount: r.amount })),
    transfers: rows.map((r) =>
      houseToPlayer(
        transferIds.chaseRefund(r.id),
        r.user_id,
        r.amount,
        TYPE.chaseRefund,
        r.id,
        '追中即停，退还本金',
      ),
    ),
  };
}

/** Applies planned stops (after their transfers) and closes chases with nothing left pending. */
export async function finishChases(
  tx: Tx,
  stops: ChaseStops,
  touchedChaseIds: readonly number[],
): Promise<void> {
  if (stops.bets.length) {
    const rows = stops.bets.map((b) => ({
      id: b.id,
      status: 'CHASE_STOPPED',
      payout: b.amount,
      refund: b.amount,
      rebate: 0,
      winDetail: null,
    }));
    const changed = await updateBets(tx, rows, ['PENDING'], null);
    if (changed !== rows.length) throw new Error('chase bets changed while locked');
    await tx`update chases set status = 'stopped' where id = any(${tx.array(stops.chaseIds.map(String))}::bigint[]) and status = 'running'`;
  }
  const ids = [...new Set(touchedChaseIds)];
  if (ids.length === 0) return;
  await tx`
    update chases c set status = 'finished'
    where c.id = any(${tx.array(ids.map(String))}::bigint[]) and c.status = 'running'
      and not exists (select 1 from bets b where b.chase_id = c.id and b.status = 'PENDING')`;
}
