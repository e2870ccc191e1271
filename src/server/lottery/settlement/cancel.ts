/**
 * System cancel (系统撤单, lottery-rules.md §2.4): voids a whole issue. In one transaction under the
 * issue lock every live bet (PENDING, or settled — its settlement reversed first, 310 `rev:{id}`)
 * becomes SYSTEM_CANCELLED with its full stake back (205 `sys:{betId}`), no rebate; the issue is
 * 'cancelled' with the operator's remark. Chases go on with their later issues. Calling it again on a
 * cancelled issue changes nothing.
 */
import { transferIds } from '../../../domain/transferIds.ts';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../http/envelope.ts';
import { bulkTransfersInTx } from '../../ledger/ledger.ts';
import { requireLottery } from '../lotteries.ts';
import { finishChases } from './chase.ts';
import {
  BATCH_SIZE,
  houseToPlayer,
  inTx,
  issueRow,
  lockIssue,
  TYPE,
  updateBets,
} from './common.ts';
import { planReversals, recordShortfalls } from './reverse.ts';

const LIVE_STATUSES = ['PENDING', 'WON', 'LOST', 'TIE_REFUND'];

export async function cancelIssue(
  sql: Sql,
  lotteryCode: string,
  issue: string,
  remark: string,
  operatorId: number,
): Promise<{ refunded: number }> {
  await requireLottery(sql, lotteryCode);
  const why = remark.trim();
  if (!why) throw new AppError('请填写撤单原因');
  if (why.length > 200) throw new AppError('撤单原因不能超过200字');
  return inTx(sql, async (tx) => {
    await lockIssue(tx, lotteryCode, issue);
    // the issue row before any account, as betting locks them: no bet commits on it while we cancel
    await tx`select 1 from lottery_issues where lottery_code = ${lotteryCode} and issue = ${issue} for update`;
    const row = await issueRow(tx, lotteryCode, issue);
    if (!row) throw new AppError('期号不存在');
    if (row.status === 'cancelled') return { refunded: 0 };
    const bets = await tx<
      {
        id: number;
        user_id: number;
        amount: number;
        chase_id: number | null;
        settled_version: number | null;
      }[]
    >`
      select id, user_id, amount, chase_id, settled_version from bets
      where lottery_code = ${lotteryCode} and issue = ${issue} and status = any(${tx.array(LIVE_STATUSES)}::text[])
      order by id for update`;
    const text = `系统撤单：${why}`;
    for (let i = 0; i < bets.length; i += BATCH_SIZE) {
      const chunk = bets.slice(i, i + BATCH_SIZE);
      const refunds = chunk.map((b) =>
        houseToPlayer(
          transferIds.systemRefund(b.id),
          b.user_id,
          b.amount,
          TYPE.systemRefund,
          b.id,
          text,
          operatorId,
        ),
      );
      // Refunds first: a player who spent a prize gives back what the refund leaves them.
      const plan = await planReversals(tx, chunk, refunds, operatorId, text);
      await bulkTransfersInTx(tx, [...refunds, ...plan.transfers]);
      await recordShortfalls(tx, plan);
      const rows = chunk.map((b) => ({
        id: b.id,
        status: 'SYSTEM_CANCELLED',
        payout: b.amount,
        refund: b.amount,
        rebate: 0,
        winDetail: null,
      }));
      const changed = await updateBets(tx, rows, LIVE_STATUSES, null);
      if (changed !== rows.length) throw new Error('bets changed while locked');
    }
    // the batch rebates last, once every refund is in: a player who spent them gives back what the refunds leave
    const rebates = await planReversals(tx, [], [], operatorId, text, { lotteryCode, issue });
    await bulkTransfersInTx(tx, rebates.transfers);
    await recordShortfalls(tx, rebates);
    await finishChases(
      tx,
      { chaseIds: [], bets: [], transfers: [] },
      bets.flatMap((b) => (b.chase_id === null ? [] : [b.chase_id])),
    );
    await tx`
      update lottery_issues set status = 'cancelled', cancel_remark = ${why}, cancelled_by = ${operatorId}, settled_at = now()
      where lottery_code = ${lotteryCode} and issue = ${issue}`;
    return { refunded: bets.length };
  });
}
