/**
 * Draw correction (开奖纠错, lottery-rules.md §2.4): one transaction under the issue lock sets the new
 * result, bumps result_version, reverses every settlement credit of the previous version (310
 * `rev:{id}`, shortfalls recorded) and puts those bets back to PENDING; then the issue is settled again
 * at the new version (ids `…:v{new}`), resumably like any settlement.
 *
 * Only official games are corrected: a self-run result is fixed by its seed (domain correction.ts).
 * Every correction writes its audit row (lottery_result_corrections: who, when, before, after, why) in
 * the same transaction, so the result and its history can never disagree.
 */
import { SELF_RUN_NOT_CORRECTABLE, resultCorrectable } from '../../../domain/lottery/correction.ts';
import {
  formatDraw,
  parseDraw,
  validateDraw,
  type LotteryFamily,
} from '../../../domain/lottery/index.ts';
import type { Sql, Tx } from '../../db/client.ts';
import { AppError } from '../../http/envelope.ts';
import { bulkTransfersInTx } from '../../ledger/ledger.ts';
import { requireLottery } from '../lotteries.ts';
import { BATCH_SIZE, inTx, issueRow, lockIssue } from './common.ts';
import { planReversals, recordShortfalls } from './reverse.ts';
import { settleIssue } from './settle.ts';

const SETTLED_STATUSES = ['WON', 'LOST', 'TIE_REFUND'];

/** The canonical result text, or AppError with the reason in Chinese. */
export function canonicalResult(family: LotteryFamily, text: string): string {
  const trimmed = text.trim();
  const numbers = parseDraw(family, trimmed);
  if (numbers) return formatDraw(family, numbers);
  const parts = trimmed.split(',');
  if (!parts.every((p) => /^\d{1,2}$/.test(p)))
    throw new AppError('开奖号码格式错误，请用英文逗号分隔数字');
  throw new AppError(validateDraw(family, parts.map(Number)) ?? '开奖号码无效');
}

/** Reverses the settlement of every settled bet of the issue (their batch rebates too) and puts them back to PENDING. */
export async function unsettleBets(
  tx: Tx,
  lotteryCode: string,
  issue: string,
  operatorId: number | null,
  remark: string,
): Promise<number> {
  const bets = await tx<{ id: number; settled_version: number | null }[]>`
    select id, settled_version from bets
    where lottery_code = ${lotteryCode} and issue = ${issue} and status = any(${tx.array(SETTLED_STATUSES)}::text[])
    order by id for update`;
  for (let i = 0; i < bets.length; i += BATCH_SIZE) {
    const chunk = bets.slice(i, i + BATCH_SIZE);
    const plan = await planReversals(tx, chunk, [], operatorId, remark);
    await bulkTransfersInTx(tx, plan.transfers);
    await recordShortfalls(tx, plan);
  }
  const rebates = await planReversals(tx, [], [], operatorId, remark, { lotteryCode, issue });
  await bulkTransfersInTx(tx, rebates.transfers);
  await recordShortfalls(tx, rebates);
  if (bets.length) {
    await tx`
      update bets set status = 'PENDING', payout = 0, refund = 0, rebate = 0, win_detail = null,
        uncapped_prize = null, cap_kind = null, settled_version = null, settled_at = null
      where id = any(${tx.array(bets.map((b) => String(b.id)))}::bigint[])`;
  }
  return bets.length;
}

export interface Correction {
  operatorId: number;
  operatorName: string;
  correctedAt: Date;
  before: string;
  after: string;
  resultVersion: number;
  reason: string | null;
}

/** The corrections of an issue, oldest first. */
export async function correctionsOf(
  sql: Sql,
  lotteryCode: string,
  issue: string,
): Promise<Correction[]> {
  return sql<Correction[]>`
    select operator_id as "operatorId", operator_name as "operatorName", corrected_at as "correctedAt",
      before_result as before, after_result as after, result_version as "resultVersion", reason
    from lottery_result_corrections where lottery_code = ${lotteryCode} and issue = ${issue} order by id`;
}

async function recordCorrection(
  tx: Tx,
  lotteryCode: string,
  issue: string,
  c: Omit<Correction, 'operatorName' | 'correctedAt'>,
): Promise<void> {
  const [audit] = await tx`
    insert into lottery_result_corrections
      (lottery_code, issue, operator_id, operator_name, before_result, after_result, result_version, reason)
    select ${lotteryCode}, ${issue}, u.id, u.user_name, ${c.before}, ${c.after}, ${c.resultVersion}, ${c.reason}
    from users u where u.id = ${c.operatorId}
    returning id`;
  // an unknown operator would leave a correction without its audit row: roll the correction back
  if (!audit) throw new AppError('操作员不存在，不能更正');
}

export async function correctIssue(
  sql: Sql,
  lotteryCode: string,
  issue: string,
  result: string,
  operatorId: number,
  reason: string | null = null,
): Promise<{ resultVersion: number }> {
  const lottery = await requireLottery(sql, lotteryCode);
  if (!resultCorrectable(lottery.source)) throw new AppError(SELF_RUN_NOT_CORRECTABLE);
  const canonical = canonicalResult(lottery.family, result);
  const resultVersion = await inTx(sql, async (tx) => {
    await lockIssue(tx, lotteryCode, issue);
    const row = await issueRow(tx, lotteryCode, issue);
    if (!row) throw new AppError('期号不存在');
    if (row.status === 'cancelled') throw new AppError('该期已撤单，不能更正开奖号码');
    if (row.status === 'pending' || row.result === null)
      throw new AppError('该期尚未开奖，不能更正');
    if (row.result === canonical) throw new AppError('开奖号码与原结果相同');
    await unsettleBets(tx, lotteryCode, issue, operatorId, `开奖更正 ${row.result} → ${canonical}`);
    const [updated] = await tx<{ result_version: number }[]>`
      update lottery_issues set result = ${canonical}, result_version = result_version + 1,
        status = 'drawn', settled_at = null
      where lottery_code = ${lotteryCode} and issue = ${issue}
      returning result_version`;
    const version = updated!.result_version;
    await recordCorrection(tx, lotteryCode, issue, {
      operatorId,
      before: row.result,
      after: canonical,
      resultVersion: version,
      reason: reason?.trim() || null,
    });
    return version;
  });
  await settleIssue(sql, lotteryCode, issue);
  return { resultVersion };
}
