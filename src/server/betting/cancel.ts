/**
 * The player takes bets back before their issue closes:
 * - cancelBetting: one pending bet → USER_CANCELLED, stake back (202 `cancel:{betId}`);
 * - cancelAutoChaseBetting: a chase's unstarted bets (issue not closed) → USER_CANCELLED, stakes back
 *   (203 `chase:{betId}`, the id settlement uses when a chase stops, so a bet is refunded once).
 * The bet rows are locked (FOR UPDATE) and must still be PENDING: settlement guards on the same
 * status, so a bet is either settled or refunded, never both. A chase with nothing pending left
 * becomes 'cancelled'.
 */
import { formatFen } from '../../domain/money.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { TxType } from '../../domain/txTypes.ts';
import type { Sql, Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { bulkTransfersInTx } from '../ledger/ledger.ts';
import { playerBalance } from '../ledger/ledger.ts';
import { refundTransfer } from './store.ts';

export const USER_CANCEL_TYPE = TxType.BET_CANCEL_REFUND;
export const CHASE_CANCEL_TYPE = TxType.CHASE_CANCEL_REFUND;

interface LockedBet {
  id: number;
  user_id: number;
  amount: number;
  status: string;
  chase_id: number | null;
  open: boolean;
}

const fail = (msg: string): never => {
  throw new AppError(msg);
};

async function markCancelled(tx: Tx, bets: readonly LockedBet[]): Promise<void> {
  const ids = bets.map((b) => String(b.id));
  const done = await tx`
    update bets set status = 'USER_CANCELLED', payout = amount, refund = amount, settled_at = now()
    where id = any(${tx.array(ids)}::bigint[]) and status = 'PENDING'`;
  if (done.count !== bets.length) throw new Error('cancelled bets changed while locked');
}

/** A chase whose bets are all done and one was taken back by the player is cancelled. */
async function closeChases(tx: Tx, chaseIds: readonly number[]): Promise<void> {
  if (chaseIds.length === 0) return;
  await tx`
    update chases c set status = 'cancelled'
    where c.id = any(${tx.array([...new Set(chaseIds)].map(String))}::bigint[]) and c.status = 'running'
      and not exists (select 1 from bets b where b.chase_id = c.id and b.status = 'PENDING')`;
}

/** Cancels one of the player's own pending bets; answers the balance after the refund. */
export async function cancelBet(
  sql: Sql,
  userId: number,
  betId: number,
): Promise<{ balance: string }> {
  await sql.begin(async (tx) => {
    const [bet] = await tx<LockedBet[]>`
      select b.id, b.user_id, b.amount, b.status, b.chase_id, li.close_at > now() as open
      from bets b join lottery_issues li on li.lottery_code = b.lottery_code and li.issue = b.issue
      where b.id = ${betId} and b.user_id = ${userId}
      for update of b`;
    if (!bet) fail('订单不存在');
    if (bet!.status === 'USER_CANCELLED') fail('该订单已撤单');
    if (bet!.status !== 'PENDING') fail('该订单已开奖，不能撤单');
    if (!bet!.open) fail('当前期已封盘，不能撤单');
    await markCancelled(tx, [bet!]);
    await bulkTransfersInTx(tx, [
      refundTransfer(
        transferIds.betCancelRefund(bet!.id),
        USER_CANCEL_TYPE,
        { id: bet!.id, userId, amountFen: bet!.amount },
        '撤单返还',
      ),
    ]);
    if (bet!.chase_id !== null) await closeChases(tx, [bet!.chase_id]);
  });
  return { balance: formatFen(await playerBalance(sql, userId)) };
}

/**
 * Cancels a chase's bets whose issue has not closed (all of them, or those of `issues`); answers
 * the amount refunded and the balance.
 */
export async function cancelChase(
  sql: Sql,
  userId: number,
  chaseId: number,
  issues: readonly string[] | null,
): Promise<{ refunded: string; balance: string }> {
  const refundedFen = await sql.begin(async (tx) => {
    // Not locked: settlement locks a chase's bets before its row, and so does this (no deadlock).
    const [chase] = await tx<{ id: number; status: string }[]>`
      select id, status from chases where id = ${chaseId} and user_id = ${userId}`;
    if (!chase) fail('追号记录不存在');
    if (chase!.status !== 'running') fail('该追号已结束，不能撤销');
    const bets = await tx<LockedBet[]>`
      select b.id, b.user_id, b.amount, b.status, b.chase_id, true as open
      from bets b join lottery_issues li on li.lottery_code = b.lottery_code and li.issue = b.issue
      where b.chase_id = ${chaseId} and b.status = 'PENDING' and li.close_at > now()
        and (${issues === null} or b.issue = any(${tx.array([...(issues ?? [])])}::text[]))
      order by b.id
      for update of b`;
    if (bets.length === 0) fail('没有可撤销的追号期');
    await markCancelled(tx, bets);
    await bulkTransfersInTx(
      tx,
      bets.map((b) =>
        refundTransfer(
          transferIds.chaseRefund(b.id),
          CHASE_CANCEL_TYPE,
          { id: b.id, userId, amountFen: b.amount },
          '追号撤单返还',
        ),
      ),
    );
    await closeChases(tx, [chaseId]);
    return bets.reduce((s, b) => s + b.amount, 0);
  });
  return { refunded: formatFen(refundedFen), balance: formatFen(await playerBalance(sql, userId)) };
}
