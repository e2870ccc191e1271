/**
 * The virtual wallet's money calls: the feature switch, the annual rate setting, transfers in and
 * out (611/612), the summary and the journal view of the virtual wallet.
 *
 * A transfer's id is `vw-in:<userId>:<requestId>` / `vw-out:<userId>:<requestId>`: the client
 * makes the request id once per action and repeats it on a retry, so the ledger moves the money at
 * most once; a request id reused for a different amount is refused. The two directions are two
 * name spaces (each answers its own transfer), as the client makes its ids per direction.
 */
import { ResponseCode } from '../../domain/errors.ts';
import { formatFen } from '../../domain/money.ts';
import { beijingDate, beijingDayStartOf, DAY_MS } from '../../domain/time.ts';
import { parseTransferRef, type TransferRef } from '../../domain/transferRefs.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { txTypeName } from '../../domain/txTypes.ts';
import { DEFAULT_VW_RATE_BP, formatBp, VW_TYPES } from '../../domain/wallet.ts';
import type { Db, Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { assertSameRequest, refuseReusedRequest } from '../http/idempotency.ts';
import {
  insufficientBalance,
  isInsufficientBalance,
  transfer,
  type TransferResult,
} from '../ledger/ledger.ts';
import { getSetting, putSetting } from '../site/settings.ts';
import { getTenantConfig } from '../site/tenant.ts';

export const VW_SETTINGS_KEY = 'virtual_wallet';
export const FEATURE_OFF_MSG = '虚拟钱包功能未开放';
export const VW_SHORT_MSG = '虚拟钱包余额不足';

export interface VwSettings {
  annualRateBp: number;
}

export function getVwSettings(sql: Sql): Promise<VwSettings> {
  return getSetting<VwSettings>(sql, VW_SETTINGS_KEY, { annualRateBp: DEFAULT_VW_RATE_BP });
}

export function putVwSettings(sql: Sql, s: VwSettings, actorId?: number): Promise<void> {
  return putSetting(sql, VW_SETTINGS_KEY, s, actorId);
}

/** -110004 when the tenant has the feature off. */
export async function assertWalletEnabled(sql: Sql): Promise<void> {
  const cfg = await getTenantConfig(sql);
  if (!cfg.yuebaoEnable) throw new AppError(FEATURE_OFF_MSG, ResponseCode.WALLET_FAILED_INDEX, 200);
}

/** A refusal about the state of a wallet thing the page showed (-110005 → /accountTotal). */
export function refuseState(message: string): never {
  throw new AppError(message, ResponseCode.WALLET_FAILED_TOTAL, 200);
}

export async function vwBalance(sql: Db, userId: number): Promise<number> {
  const [row] = await sql<{ balance: number }[]>`
    select balance from ledger_accounts where kind = 'virtual_wallet' and user_id = ${userId}`;
  return row?.balance ?? 0;
}

/** The main and the virtual wallet balance in one round trip. */
export async function bothBalances(
  sql: Sql,
  userId: number,
): Promise<{ balanceFen: number; walletBalanceFen: number }> {
  const rows = await sql<{ kind: string; balance: number }[]>`
    select kind, balance from ledger_accounts where user_id = ${userId} and kind in ('player', 'virtual_wallet')`;
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balance ?? 0;
  return { balanceFen: of('virtual_wallet'), walletBalanceFen: of('player') };
}

export interface MoveResult {
  balanceFen: number;
  walletBalanceFen: number;
  applied: boolean;
}

/** 611 (in: main wallet → virtual wallet) or 612 (out). */
export async function moveVirtual(
  sql: Sql,
  userId: number,
  dir: 'in' | 'out',
  amountFen: number,
  requestId: string,
): Promise<MoveResult> {
  const player = { kind: 'player' as const, userId };
  const vw = { kind: 'virtual_wallet' as const, userId };
  const transferId =
    dir === 'in'
      ? transferIds.virtualWalletIn(userId, requestId)
      : transferIds.virtualWalletOut(userId, requestId);
  const typeCode = dir === 'in' ? VW_TYPES.transferIn : VW_TYPES.transferOut;
  let r: TransferResult;
  try {
    r = await transfer(sql, {
      transferId,
      from: dir === 'in' ? player : vw,
      to: dir === 'in' ? vw : player,
      amountFen,
      typeCode,
      userId,
      remark: dir === 'in' ? '转入虚拟钱包' : '转出虚拟钱包',
    });
  } catch (err) {
    if (isInsufficientBalance(err) && dir === 'out') throw insufficientBalance(VW_SHORT_MSG);
    throw err;
  }
  if (r.balancesFen) {
    // the transfer's own statement read both wallets right after the move: no second read
    const [vwFen, mainFen] =
      dir === 'in'
        ? [r.balancesFen.to, r.balancesFen.from]
        : [r.balancesFen.from, r.balancesFen.to];
    return { balanceFen: vwFen, walletBalanceFen: mainFen, applied: true };
  }
  const [prior] = await sql<{ amount: number; type_code: number }[]>`
    select amount, type_code from transfers where transfer_id = ${transferId}`;
  if (!prior) refuseReusedRequest();
  assertSameRequest(
    { amountFen: prior!.amount, typeCode: prior!.type_code },
    { amountFen, typeCode },
  );
  return { ...(await bothBalances(sql, userId)), applied: false };
}

export function moveAnswer(r: MoveResult) {
  return {
    balance: formatFen(r.balanceFen),
    balanceFen: r.balanceFen,
    walletBalance: formatFen(r.walletBalanceFen),
    walletBalanceFen: r.walletBalanceFen,
    applied: r.applied,
  };
}

/** The summary of /accountTotal. */
export async function walletInfo(sql: Sql, userId: number, nowMs: number) {
  const yesterday = beijingDate(nowMs, 1);
  const todayStart = new Date(beijingDayStartOf(nowMs));
  const yesterdayStart = new Date(todayStart.getTime() - DAY_MS);
  const [sums] = await sql<
    { total_interest: number; y_interest: number; total_profit: number; y_profit: number }[]
  >`
    select
      coalesce(sum(amount) filter (where type_code = ${VW_TYPES.interest}), 0)::bigint as total_interest,
      coalesce(sum(amount) filter (where type_code = ${VW_TYPES.interest}
        and transfer_id = ${transferIds.virtualWalletInterest(userId, yesterday)}), 0)::bigint as y_interest,
      coalesce(sum(amount) filter (where type_code = ${VW_TYPES.pledgeProfit}), 0)::bigint as total_profit,
      coalesce(sum(amount) filter (where type_code = ${VW_TYPES.pledgeProfit}
        and created_at >= ${yesterdayStart} and created_at < ${todayStart}), 0)::bigint as y_profit
    from transfers where user_id = ${userId} and type_code in (${VW_TYPES.interest}, ${VW_TYPES.pledgeProfit})`;
  const [pledged] = await sql<{ total: number; n: number }[]>`
    select coalesce(sum(principal), 0)::bigint as total, count(*)::int as n
    from pledge_orders where user_id = ${userId} and status = 'holding'`;
  const { balanceFen, walletBalanceFen } = await bothBalances(sql, userId);
  const { annualRateBp } = await getVwSettings(sql);
  return {
    enabled: true,
    balance: formatFen(balanceFen),
    balanceFen,
    walletBalance: formatFen(walletBalanceFen),
    walletBalanceFen,
    pledgedTotal: formatFen(pledged.total),
    pledgedTotalFen: pledged.total,
    annualRate: formatBp(annualRateBp),
    yesterdayInterest: formatFen(sums.y_interest),
    totalInterest: formatFen(sums.total_interest),
    yesterdayProfit: formatFen(sums.y_profit),
    totalProfit: formatFen(sums.total_profit),
    holdingCount: pledged.n,
  };
}

interface LogRow {
  id: number;
  type_code: number;
  amount: number;
  to_vw: boolean;
  remark: string | null;
  ref: string | null;
  transfer_id: string;
  created_at: Date;
}

/** The order id a pledge transfer belongs to (its ref is `pledge-order:<id>`). */
export function orderIdOfRef(ref: string | null): number | null {
  const p = ref === null ? null : parseTransferRef(ref);
  return p?.kind === 'pledgeOrder' ? p.parts.orderId : null;
}

export function logItem(r: LogRow) {
  const signed = r.to_vw ? r.amount : -r.amount;
  return {
    id: r.id,
    typeCode: r.type_code,
    typeName: txTypeName(r.type_code),
    amount: formatFen(signed),
    amountFen: signed,
    remark: r.remark ?? '',
    orderId: orderIdOfRef(r.ref),
    createdAt: r.created_at.getTime(),
  };
}

/** The player's 611-616 transfers (or the given types), newest first. */
export async function listVwTransfers(
  sql: Sql,
  userId: number,
  types: readonly number[],
  limit: number,
  offset: number,
  ref?: TransferRef,
) {
  const refFilter = ref === undefined ? sql`true` : sql`t.ref = ${ref}`;
  const rows = await sql<LogRow[]>`
    select t.id, t.type_code, t.amount, t.remark, t.ref, t.transfer_id, t.created_at,
           (c.kind = 'virtual_wallet') as to_vw
    from transfers t join ledger_accounts c on c.id = t.credit_account_id
    where t.user_id = ${userId} and t.type_code in ${sql(types as number[])} and ${refFilter}
    order by t.id desc limit ${limit} offset ${offset}`;
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from transfers t
    where t.user_id = ${userId} and t.type_code in ${sql(types as number[])} and ${refFilter}`;
  return { rows, total: n };
}
