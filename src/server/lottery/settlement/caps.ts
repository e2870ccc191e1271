/**
 * Payout caps at settlement (domain/lottery/caps.ts): a batch's prizes are cut per bet, then per player
 * over the issue, consumed in bet id order. A batch holds all of a player's PENDING bets of the issue
 * (settle.ts claimPlayers), and prize the player was already paid at this result version (none, as long
 * as players are settled whole; counted all the same) is taken off the per-issue cap first. The cut
 * prize is what the `win:{betId}:v{version}` transfer pays (none when cut to 0), so exactly-once holds
 * as before; the bet keeps the prize before the cut and which cap cut it. Ties' stake back is not cut.
 */
import { capPrizes, type PayoutCaps } from '../../../domain/lottery/caps.ts';
import { transferIds } from '../../../domain/transferIds.ts';
import type { Tx } from '../../db/client.ts';
import type { BetRow } from './common.ts';
import type { BetOutcome } from './compute.ts';

export interface CapContext {
  lotteryCode: string;
  issue: string;
  version: number;
  caps: PayoutCaps;
}

/** Prize already paid per player in this issue at this version (bets settled WON before this batch). */
async function paidBefore(
  tx: Tx,
  c: CapContext,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await tx<{ user_id: number; paid: number }[]>`
    select user_id, sum(payout - refund)::bigint as paid from bets
    where lottery_code = ${c.lotteryCode} and issue = ${c.issue} and user_id = any(${tx.array(userIds.map(String))}::bigint[])
      and status = 'WON' and settled_version = ${c.version}
    group by user_id`;
  return new Map(rows.map((r) => [r.user_id, r.paid]));
}

/** Cuts `outcomes` (parallel to `bets`, bet id order) to the caps, in place: amounts, win transfers, cap marks. */
export async function capOutcomes(
  tx: Tx,
  c: CapContext,
  bets: readonly BetRow[],
  outcomes: BetOutcome[],
): Promise<void> {
  const byUser = new Map<number, BetOutcome[]>();
  outcomes.forEach((o, i) => {
    const bet = bets[i]!;
    if (bet.id !== o.id) throw new Error('outcomes out of step with their bets');
    if (o.status !== 'WON') return;
    const list = byUser.get(bet.user_id);
    if (list) list.push(o);
    else byUser.set(bet.user_id, [o]);
  });
  if (byUser.size === 0) return;
  const paid = await paidBefore(tx, c, [...byUser.keys()]);
  for (const [userId, won] of byUser) {
    const capped = capPrizes(
      won.map((o) => o.payout - o.refund),
      c.caps,
      paid.get(userId) ?? 0,
    );
    won.forEach((o, i) => {
      const cut = capped[i]!;
      if (cut.cutBy === null) return;
      o.payout = o.refund + cut.prizeFen;
      o.uncappedPrize = cut.uncappedFen;
      o.capKind = cut.cutBy;
      const winId = transferIds.prize(o.id, c.version);
      o.transfers = o.transfers.flatMap((t) => {
        if (t.transferId !== winId) return [t];
        return cut.prizeFen > 0 ? [{ ...t, amountFen: cut.prizeFen }] : [];
      });
    });
  }
}
