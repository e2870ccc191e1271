/**
 * Manual balance adjustments by the operator (the manual group of type codes, 401-423).
 *
 * Life cycle: the operator's page makes a request id once per adjustment form and repeats it on
 * a retry; the transfer id is `admin-adjust:<requestId>`, so the ledger moves the money at most
 * once. A credit moves house → player, a debit player → house; a debit larger than the balance
 * is refused by the ledger (余额不足) and nothing moves. A request id reused for a different
 * adjustment (other user, amount or type) is refused, never silently answered with the first.
 */
import { transferIds } from '../../domain/transferIds.ts';
import {
  isManualType,
  MANUAL_CREDIT_TYPE,
  MANUAL_DEBIT_TYPE,
  TxType as T,
  txTypeGroup,
} from '../../domain/txTypes.ts';
import type { Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { assertSameRequest, refuseReusedRequest } from '../http/idempotency.ts';
import { transfer } from './ledger.ts';

/** Codes that only credit the player (money in) and codes that only debit; the rest go either way. */
const CREDIT_ONLY: ReadonlySet<number> = new Set([
  T.MANUAL_DEPOSIT,
  T.MANUAL_PRIZE_ADD,
  T.MANUAL_REBATE,
  T.MANUAL_ACTIVITY_GIFT,
  T.MANUAL_WITHDRAW_RETURN,
  T.WITHDRAW_REJECT,
  T.MANUAL_DIVIDEND,
  T.MANUAL_CANCEL,
  T.MANUAL_COMPENSATION,
  T.MANUAL_FROM_VIRTUAL_WALLET,
  T.MANUAL_ADJUST_UP,
]);
const DEBIT_ONLY: ReadonlySet<number> = new Set([
  T.MANUAL_DEDUCT,
  T.MANUAL_PRIZE_DEDUCT,
  T.MANUAL_REBATE_DEDUCT,
  T.MANUAL_ACTIVITY_CLAWBACK,
  T.MANUAL_WITHDRAW,
  T.RECHARGE_REJECT,
  T.MANUAL_DIVIDEND_DEDUCT,
  T.MANUAL_PENALTY,
  T.MANUAL_TO_VIRTUAL_WALLET,
  T.MANUAL_ADJUST_DOWN,
]);
const MANUAL = txTypeGroup('manual');

export interface AdjustInput {
  userName: string;
  /** signed: positive credits the player, negative debits */
  amountFen: number;
  remark: string;
  typeCode?: number;
  requestId: string;
  operatorId: number;
}

export interface AdjustResult {
  transferId: string;
  userId: number;
  balanceFen: number;
  /** false when this request id had been applied before */
  applied: boolean;
}

/** The type code to record, or a refusal when it does not fit the direction. */
export function adjustTypeCode(amountFen: number, typeCode?: number): number {
  const credit = amountFen > 0;
  if (typeCode === undefined) return credit ? MANUAL_CREDIT_TYPE : MANUAL_DEBIT_TYPE;
  if (!isManualType(typeCode)) refuse(`账变类型必须在${MANUAL.first}到${MANUAL.last}之间`);
  if (credit && DEBIT_ONLY.has(typeCode)) refuse('该账变类型只能用于扣款');
  if (!credit && CREDIT_ONLY.has(typeCode)) refuse('该账变类型只能用于加款');
  return typeCode;
}

export async function adjustBalance(sql: Sql, a: AdjustInput): Promise<AdjustResult> {
  if (!Number.isSafeInteger(a.amountFen) || a.amountFen === 0) refuse('调整金额不能为0');
  const typeCode = adjustTypeCode(a.amountFen, a.typeCode);
  const [user] = await sql<
    { id: number }[]
  >`select id from users where lower(user_name) = lower(${a.userName})`;
  if (!user) refuse('用户不存在');
  const player = { kind: 'player' as const, userId: user.id };
  const house = { kind: 'house' as const, userId: null };
  const transferId = transferIds.adminAdjust(a.requestId);
  const credit = a.amountFen > 0;
  const result = await transfer(sql, {
    transferId,
    from: credit ? house : player,
    to: credit ? player : house,
    amountFen: Math.abs(a.amountFen),
    typeCode,
    userId: user.id,
    remark: a.remark,
    operatorId: a.operatorId,
  });
  if (!result.applied) await assertSameAdjustment(sql, transferId, user.id, a.amountFen, typeCode);
  return {
    transferId,
    userId: user.id,
    balanceFen: result.balanceAfterFen ?? 0,
    applied: result.applied,
  };
}

/** A retried request id must describe the adjustment it first made. */
async function assertSameAdjustment(
  sql: Sql,
  transferId: string,
  userId: number,
  amountFen: number,
  typeCode: number,
) {
  const [prior] = await sql<
    { user_id: number; amount: number; type_code: number; to_player: boolean }[]
  >`
    select t.user_id, t.amount, t.type_code, (a.kind = 'player') as to_player
    from transfers t join ledger_accounts a on a.id = t.credit_account_id
    where t.transfer_id = ${transferId}`;
  if (!prior) refuseReusedRequest();
  const signedFen = prior!.to_player ? prior!.amount : -prior!.amount;
  assertSameRequest(
    { userId: prior!.user_id, amountFen: signedFen, typeCode: prior!.type_code },
    { userId, amountFen, typeCode },
  );
}
