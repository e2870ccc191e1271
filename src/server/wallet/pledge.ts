/**
 * Pledge products and orders. An order's principal moves virtual_wallet → pledge_escrow (614,
 * `pledge-buy:<orderId>`) in the same transaction that inserts the order; the order row is unique
 * per (user, requestId), so a repeated create makes one order and moves money once. Cancel and
 * maturity change the status under a conditional update (`where status = 'holding' and term = $t`)
 * in the same transaction as their transfers, so each happens once.
 */
import { formatFen } from '../../domain/money.ts';
import {
  earlyExitName,
  earlyExitOutcome,
  formatBp,
  pledgeProfitFen,
  pledgeStatusNames,
  termEndMs,
  VW_TYPES,
  type EarlyExit,
  type PledgeStatus,
} from '../../domain/wallet.ts';
import { transferIds } from '../../domain/transferIds.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { insufficientBalance, isInsufficientBalance, transferInTx } from '../ledger/ledger.ts';
import { assertSameRequest } from '../http/idempotency.ts';
import { refuseState, VW_SHORT_MSG } from './service.ts';

export const NOT_FOUND_MSG = '记录不存在';
export const PRODUCT_GONE_MSG = '该质押产品不存在或已下架';

export interface ProductRow {
  id: number;
  name: string;
  term_days: number;
  rate_bp: number;
  min_fen: number;
  max_fen: number;
  user_limit_fen: number;
  early_exit: EarlyExit;
  penalty_bp: number;
  sort: number;
  enabled: boolean;
}

export function productItem(p: ProductRow) {
  return {
    productId: p.id,
    name: p.name,
    termDays: p.term_days,
    annualRate: formatBp(p.rate_bp),
    minAmount: formatFen(p.min_fen),
    maxAmount: formatFen(p.max_fen),
    userLimit: formatFen(p.user_limit_fen),
    earlyExit: p.early_exit,
    earlyExitName: earlyExitName(p.early_exit, p.penalty_bp),
    penaltyPercent: formatBp(p.penalty_bp),
    enabled: p.enabled,
    sort: p.sort,
  };
}

export async function listProducts(sql: Sql, onlyEnabled: boolean): Promise<ProductRow[]> {
  return sql<ProductRow[]>`
    select * from pledge_products where ${onlyEnabled ? sql`enabled` : sql`true`} order by sort, id`;
}

export interface OrderRow {
  id: number;
  user_id: number;
  product_id: number;
  request_id: string;
  product_name: string;
  term_days: number;
  rate_bp: number;
  early_exit: EarlyExit;
  penalty_bp: number;
  principal: number;
  auto_renew: boolean;
  status: PledgeStatus;
  term: number;
  start_at: Date;
  end_at: Date;
  profit_total: number;
  refund: number;
  penalty: number;
  created_at: Date;
  settled_at: Date | null;
  user_name?: string;
}

export function orderItem(o: OrderRow) {
  return {
    orderId: o.id,
    productId: o.product_id,
    productName: o.product_name,
    termDays: o.term_days,
    annualRate: formatBp(o.rate_bp),
    amount: formatFen(o.principal),
    amountFen: o.principal,
    autoRenew: o.auto_renew,
    status: o.status,
    statusName: pledgeStatusNames[o.status],
    term: o.term,
    startAt: o.start_at.getTime(),
    endAt: o.end_at.getTime(),
    expectedProfit: formatFen(pledgeProfitFen(o.principal, o.rate_bp, o.term_days)),
    profitTotal: formatFen(o.profit_total),
    earlyExit: o.early_exit,
    earlyExitName: earlyExitName(o.early_exit, o.penalty_bp),
    penaltyPercent: formatBp(o.penalty_bp),
    refund: formatFen(o.refund),
    penalty: formatFen(o.penalty),
    createdAt: o.created_at.getTime(),
    settledAt: o.settled_at ? o.settled_at.getTime() : null,
    ...(o.user_name !== undefined ? { userName: o.user_name } : {}),
  };
}

/** The player's own order, or a -110005 refusal as if it did not exist. */
export async function ownOrder(
  sql: Db,
  userId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const [o] = lock
    ? await sql<
        OrderRow[]
      >`select * from pledge_orders where id = ${orderId} and user_id = ${userId} for update`
    : await sql<
        OrderRow[]
      >`select * from pledge_orders where id = ${orderId} and user_id = ${userId}`;
  if (!o) refuseState(NOT_FOUND_MSG);
  return o;
}

export interface CreateInput {
  userId: number;
  productId: number;
  amountFen: number;
  autoRenew: boolean;
  requestId: string;
  nowMs: number;
}

async function lockVirtualWallet(tx: Tx, userId: number) {
  // serialises one player's creates, so the per-player limit holds under concurrency
  await tx`select pg_advisory_xact_lock(727101, ${userId}::int)`;
}

export async function createPledge(
  sql: Sql,
  c: CreateInput,
): Promise<{ order: OrderRow; applied: boolean }> {
  const prior = async () => {
    const [o] = await sql<
      OrderRow[]
    >`select * from pledge_orders where user_id = ${c.userId} and request_id = ${c.requestId}`;
    if (!o) return null;
    assertSameRequest(
      { productId: o.product_id, principalFen: o.principal, autoRenew: o.auto_renew },
      { productId: c.productId, principalFen: c.amountFen, autoRenew: c.autoRenew },
    );
    return { order: o, applied: false };
  };
  const seen = await prior();
  if (seen) return seen;
  try {
    return await sql.begin(async (tx) => {
      await lockVirtualWallet(tx, c.userId);
      const [p] = await tx<ProductRow[]>`select * from pledge_products where id = ${c.productId}`;
      if (!p?.enabled) refuseState(PRODUCT_GONE_MSG);
      if (c.amountFen < p.min_fen) refuse(`最低质押金额为 ${formatFen(p.min_fen)} 元`);
      if (p.max_fen > 0 && c.amountFen > p.max_fen)
        refuse(`单笔最多质押 ${formatFen(p.max_fen)} 元`);
      if (p.user_limit_fen > 0) {
        const [{ held }] = await tx<{ held: number }[]>`
          select coalesce(sum(principal), 0)::bigint as held from pledge_orders
          where user_id = ${c.userId} and product_id = ${p.id} and status = 'holding'`;
        if (held + c.amountFen > p.user_limit_fen) {
          refuse(
            `超出个人质押限额，当前最多可质押 ${formatFen(Math.max(0, p.user_limit_fen - held))} 元`,
          );
        }
      }
      const start = new Date(c.nowMs);
      const end = new Date(termEndMs(c.nowMs, p.term_days));
      const [o] = await tx<OrderRow[]>`
        insert into pledge_orders (user_id, product_id, request_id, product_name, term_days, rate_bp, early_exit,
                                   penalty_bp, principal, auto_renew, start_at, end_at)
        values (${c.userId}, ${p.id}, ${c.requestId}, ${p.name}, ${p.term_days}, ${p.rate_bp}, ${p.early_exit},
                ${p.penalty_bp}, ${c.amountFen}, ${c.autoRenew}, ${start}, ${end})
        returning *`;
      await transferInTx(tx, {
        transferId: transferIds.pledgeBuy(o.id),
        from: { kind: 'virtual_wallet', userId: c.userId },
        to: { kind: 'pledge_escrow', userId: c.userId },
        amountFen: c.amountFen,
        typeCode: VW_TYPES.pledgeBuy,
        userId: c.userId,
        ref: transferRefs.pledgeOrder(o.id),
        remark: `质押买入 ${p.name}`,
      });
      return { order: o, applied: true };
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505') {
      const again = await prior();
      if (again) return again;
    }
    if (code === '23514' || isInsufficientBalance(err)) throw insufficientBalance(VW_SHORT_MSG);
    throw err;
  }
}

/** Early exit by the order's rule. */
export async function cancelPledge(
  sql: Sql,
  userId: number,
  orderId: number,
  nowMs: number,
): Promise<OrderRow> {
  return sql.begin(async (tx) => {
    const o = await ownOrder(tx, userId, orderId, true);
    if (o.status !== 'holding') refuseState('订单已结束，无法赎回');
    const outcome = earlyExitOutcome(o.early_exit, o.principal, o.penalty_bp);
    if (!outcome) refuseState('该产品不支持提前赎回');
    const [done] = await tx<OrderRow[]>`
      update pledge_orders set status = 'cancelled', refund = ${outcome.refundFen}, penalty = ${outcome.penaltyFen},
             settled_at = ${new Date(nowMs)}
      where id = ${o.id} and status = 'holding' and term = ${o.term} returning *`;
    if (!done) refuseState('订单已结束，无法赎回');
    const escrow = { kind: 'pledge_escrow' as const, userId };
    if (outcome.refundFen > 0) {
      await transferInTx(tx, {
        transferId: transferIds.pledgeRedeem(o.id, o.term),
        from: escrow,
        to: { kind: 'virtual_wallet', userId },
        amountFen: outcome.refundFen,
        typeCode: VW_TYPES.pledgeRedeem,
        userId,
        ref: transferRefs.pledgeOrder(o.id),
        remark: `提前赎回 ${o.product_name}`,
      });
    }
    if (outcome.penaltyFen > 0) {
      await transferInTx(tx, {
        transferId: transferIds.pledgePenalty(o.id, o.term),
        from: escrow,
        to: { kind: 'house', userId: null },
        amountFen: outcome.penaltyFen,
        typeCode: VW_TYPES.pledgeRedeem,
        userId,
        ref: transferRefs.pledgeOrder(o.id),
        remark: '提前赎回违约金',
      });
    }
    return done;
  });
}

export async function setAutoRenew(
  sql: Sql,
  userId: number,
  orderId: number,
  on: boolean,
): Promise<OrderRow> {
  const o = await ownOrder(sql, userId, orderId);
  if (o.status !== 'holding') refuseState('订单已结束');
  const [done] = await sql<OrderRow[]>`
    update pledge_orders set auto_renew = ${on} where id = ${o.id} and status = 'holding' returning *`;
  if (!done) refuseState('订单已结束');
  return done;
}

/**
 * Settles one matured term: profit (616) always; without auto-renew also the principal back (615)
 * and status matured; with it a new term. Returns false when another run settled it first.
 */
export async function settleTerm(sql: Sql, o: OrderRow, nowMs: number): Promise<boolean> {
  return sql.begin(async (tx) => {
    const profit = pledgeProfitFen(o.principal, o.rate_bp, o.term_days);
    const vw = { kind: 'virtual_wallet' as const, userId: o.user_id };
    const nextStart = o.end_at;
    const nextEnd = new Date(termEndMs(o.end_at.getTime(), o.term_days));
    const [done] = o.auto_renew
      ? await tx`
          update pledge_orders set term = term + 1, start_at = ${nextStart}, end_at = ${nextEnd},
                 profit_total = profit_total + ${profit}
          where id = ${o.id} and status = 'holding' and term = ${o.term} and auto_renew
            and end_at <= ${new Date(nowMs)} returning id`
      : await tx`
          update pledge_orders set status = 'matured', profit_total = profit_total + ${profit},
                 refund = principal, settled_at = ${new Date(nowMs)}
          where id = ${o.id} and status = 'holding' and term = ${o.term} and not auto_renew
            and end_at <= ${new Date(nowMs)} returning id`;
    if (!done) return false;
    if (profit > 0) {
      await transferInTx(tx, {
        transferId: transferIds.pledgeProfit(o.id, o.term),
        from: { kind: 'house', userId: null },
        to: vw,
        amountFen: profit,
        typeCode: VW_TYPES.pledgeProfit,
        userId: o.user_id,
        ref: transferRefs.pledgeOrder(o.id),
        remark: `质押收益 ${o.product_name} 第${o.term}期`,
      });
    }
    if (!o.auto_renew) {
      await transferInTx(tx, {
        transferId: transferIds.pledgeRedeem(o.id, o.term),
        from: { kind: 'pledge_escrow', userId: o.user_id },
        to: vw,
        amountFen: o.principal,
        typeCode: VW_TYPES.pledgeRedeem,
        userId: o.user_id,
        ref: transferRefs.pledgeOrder(o.id),
        remark: `到期赎回 ${o.product_name}`,
      });
    }
    return true;
  });
}

/** Demo products for a fresh site (seed.ts). */
export async function seedPledgeProducts(sql: Sql): Promise<void> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from pledge_products`;
  if (n > 0) return;
  await sql`
    insert into pledge_products (name, term_days, rate_bp, min_fen, max_fen, user_limit_fen, early_exit, penalty_bp, sort)
    values ('7天灵活宝', 7, 500, 10000, 0, 0, 'principal', 0, 1),
           ('30天稳健宝', 30, 800, 100000, 5000000, 10000000, 'penalty', 500, 2),
           ('90天锁定宝', 90, 1200, 500000, 0, 0, 'none', 0, 3)`;
}
