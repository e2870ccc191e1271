/**
 * Recharge orders: a player creates one (rechargeFrontPaymentRecord), the operator approves or
 * rejects it.
 *
 * Invariants:
 * - a player's request id makes one order: (user_id, request_id) is unique, and a repeat answers
 *   the first order; concurrent repeats are serialised by a per-player advisory lock;
 * - a player has at most MAX_PENDING_RECHARGES pending orders (counted under the same lock);
 * - an order is credited at most once: approval is a conditional update pending → approved and
 *   the ledger transfer 'recharge:<id>' and the turnover requirement in the SAME transaction, so
 *   a second or concurrent approval finds no pending row and moves nothing.
 */
import crypto from 'node:crypto';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import {
  channelByCode,
  checkPayerName,
  checkRechargeAmount,
  coinToFen,
  DIGITAL_CURRENCY_CHANNEL,
  fillGatewayUrl,
  MAX_PENDING_RECHARGES,
  parseDecimal8,
  formatDecimal8,
  parseRechargeYuan,
  rechargeMessages,
  rechargeStatusNames,
  type RechargeStatus,
} from '../../domain/payments.ts';
import { transferIds } from '../../domain/transferIds.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { assertSameRequest, type RequestFields } from '../http/idempotency.ts';
import { transferInTx } from '../ledger/ledger.ts';
import { addTurnover } from '../withdraw/turnover.ts';
import { sendLetter } from '../letters/store.ts';
import { moneyOrderLetter } from '../../domain/letters.ts';
import { findConfig, getPaymentSettings } from './configs.ts';

export const NOT_FOUND_MSG = '记录不存在';
export const ALREADY_REVIEWED_MSG = '订单已处理';

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  request_id: string;
  channel: string;
  config_id: number;
  config_name: string | null;
  type_code: number;
  amount_fen: number;
  coin_amount: string;
  coin_rate: string;
  currency: string;
  payer_name: string;
  pay_url: string;
  status: RechargeStatus;
  remark: string;
  operator_id: number | null;
  created_at: Date;
  reviewed_at: Date | null;
  user_name?: string;
  operator_name?: string | null;
}

export function orderView(r: OrderRow) {
  return {
    id: r.id,
    orderNo: r.order_no,
    channel: r.channel,
    channelName: channelByCode(r.channel)?.name ?? r.channel,
    typeCode: r.type_code,
    configId: r.config_id,
    configName: r.config_name ?? '',
    amount: formatFen(r.amount_fen),
    amountFen: r.amount_fen,
    coinAmount: r.coin_amount,
    coinRate: r.coin_rate,
    currency: r.currency,
    payerName: r.payer_name,
    status: r.status,
    statusName: rechargeStatusNames[r.status],
    payUrl: r.pay_url,
    remark: r.remark,
    createdAt: r.created_at.getTime(),
    reviewedAt: r.reviewed_at?.getTime() ?? null,
  };
}

/** The select every reader uses: the order with its config's name (and names for the operator). */
export function orderSelect(sql: Db) {
  return sql`
    select o.*, c.name as config_name, u.user_name, op.user_name as operator_name
    from recharge_orders o
    join payment_configs c on c.id = o.config_id
    join users u on u.id = o.user_id
    left join users op on op.id = o.operator_id`;
}

export async function findOrder(
  sql: Db,
  id: number,
  userId?: number,
): Promise<OrderRow | undefined> {
  const [row] = await sql<OrderRow[]>`
    ${orderSelect(sql)} where o.id = ${id} ${userId === undefined ? sql`` : sql`and o.user_id = ${userId}`}`;
  return row;
}

export interface CreateOrderInput {
  userId: number;
  channel: string;
  configId: number;
  amount: string;
  payerName: string;
  requestId: string;
}

/** 'R' + Beijing yyyymmddHHMMss + 6 random digits: sortable, unguessable enough to show, and dated as shown. */
function newOrderNo(): string {
  const stamp = formatBeijing(Date.now(), 'YYYYMMDDHHmmss');
  return `R${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** Checks a new order against the channel, its config and the rules; the amounts to store. */
async function priceOrder(sql: Sql, input: CreateOrderInput) {
  const channel = channelByCode(input.channel);
  if (!channel) refuse('充值通道不存在');
  const settings = await getPaymentSettings(sql);
  if (!settings.paySort.includes(channel.code)) refuse('该充值通道暂未开放');
  const config = await findConfig(sql, input.configId);
  if (!config?.enabled || config.channel !== channel.code) refuse('收款账户不存在或已停用');
  const payerMsg = checkPayerName(input.payerName, settings.payerNameRequired);
  if (payerMsg) refuse(payerMsg);
  let amountFen: number | null;
  let coinAmount = '';
  if (channel.code === DIGITAL_CURRENCY_CHANNEL) {
    amountFen = coinToFen(input.amount, config.rate);
    if (amountFen === null) refuse(rechargeMessages.coinFormat);
    coinAmount = formatDecimal8(parseDecimal8(input.amount)!);
  } else {
    amountFen = parseRechargeYuan(input.amount);
    if (amountFen === null) refuse(rechargeMessages.amountFormat);
  }
  const amountMsg = checkRechargeAmount(amountFen, {
    minFen: config.min_fen,
    maxFen: config.max_fen,
    fixedFen: config.fixed_fen,
  });
  if (amountMsg) refuse(amountMsg);
  return { channel, config, amountFen, coinAmount };
}

/** A stored order and a request as the fields that make them the same order: channel, config, amount, payer. */
function sameOrderFields(prior: OrderRow, input: CreateOrderInput): [RequestFields, RequestFields] {
  // a coin order compares its coin amount (1e-8 units, as text), any other its fen
  const coin = (text: string) => parseDecimal8(text)?.toString() ?? null;
  const stored = prior.coin_amount ? coin(prior.coin_amount) : prior.amount_fen;
  const asked = prior.coin_amount ? coin(input.amount) : parseRechargeYuan(input.amount);
  return [
    {
      channel: prior.channel,
      configId: prior.config_id,
      amount: stored,
      payerName: prior.payer_name,
    },
    {
      channel: input.channel,
      configId: input.configId,
      amount: asked,
      payerName: input.payerName.trim(),
    },
  ];
}

async function priorOrder(sql: Db, input: CreateOrderInput) {
  const [prior] = await sql<OrderRow[]>`
    select * from recharge_orders where user_id = ${input.userId} and request_id = ${input.requestId}`;
  if (!prior) return null;
  assertSameRequest(...sameOrderFields(prior, input));
  return { order: (await findOrder(sql, prior.id))!, created: false };
}

/**
 * Creates the order of a request id once; a repeat answers the first order (created: false),
 * even when the config has changed since, so a client's retry always finds its order.
 */
export async function createOrder(
  sql: Sql,
  input: CreateOrderInput,
): Promise<{ order: OrderRow; created: boolean }> {
  const known = await priorOrder(sql, input);
  if (known) return known;
  const p = await priceOrder(sql, input);
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`recharge:${input.userId}`}, 0))`;
    const raced = await priorOrder(tx, input);
    if (raced) return raced;
    const [{ n }] = await tx<{ n: number }[]>`
      select count(*)::int as n from recharge_orders where user_id = ${input.userId} and status = 'pending'`;
    if (n >= MAX_PENDING_RECHARGES) refuse(`您有${n}笔待审核的充值订单，请等待处理后再提交`);
    const orderNo = newOrderNo();
    const payUrl = p.config.gateway_url
      ? fillGatewayUrl(p.config.gateway_url, orderNo, p.amountFen)
      : '';
    const [made] = await tx<{ id: number }[]>`
      insert into recharge_orders (order_no, user_id, request_id, channel, config_id, type_code, amount_fen,
                                   coin_amount, coin_rate, currency, payer_name, pay_url)
      values (${orderNo}, ${input.userId}, ${input.requestId}, ${p.channel.code}, ${p.config.id},
              ${p.channel.typeCode}, ${p.amountFen}, ${p.coinAmount},
              ${p.coinAmount ? p.config.rate : ''}, ${p.coinAmount ? p.config.currency : ''},
              ${input.payerName.trim()}, ${payUrl})
      returning id`;
    return { order: (await findOrder(tx, made.id))!, created: true };
  });
}

/** Why a review found no pending order: it does not exist, or it was already reviewed. */
async function notPending(tx: Tx, id: number): Promise<never> {
  const [row] = await tx<{ id: number }[]>`select id from recharge_orders where id = ${id}`;
  refuse(row ? ALREADY_REVIEWED_MSG : NOT_FOUND_MSG);
}

/** Approves a pending order: status, credit and turnover requirement commit together, once. */
export async function approveOrder(sql: Sql, id: number, operatorId: number) {
  return sql.begin(async (tx) => {
    const [row] = await tx<OrderRow[]>`
      update recharge_orders set status = 'approved', operator_id = ${operatorId}, reviewed_at = now()
      where id = ${id} and status = 'pending' returning *`;
    if (!row) return notPending(tx, id);
    const credit = await transferInTx(tx, {
      transferId: transferIds.recharge(row.id),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: row.user_id },
      amountFen: row.amount_fen,
      typeCode: row.type_code,
      userId: row.user_id,
      ref: transferRefs.code(row.order_no),
      remark: `${channelByCode(row.channel)?.name ?? row.channel}充值 ${row.order_no}`,
      operatorId,
    });
    // The status guard above makes a second credit impossible; a prior transfer would mean a bug.
    if (!credit.applied) throw new Error(`recharge ${row.id} was credited before its approval`);
    await addTurnover(tx, {
      userId: row.user_id,
      baseFen: row.amount_fen,
      source: 'recharge',
      ref: transferRefs.code(row.order_no),
    });
    await sendLetter(tx, {
      to: { userId: row.user_id },
      ...moneyOrderLetter.rechargeApproved(row.order_no, row.amount_fen),
    });
    return { order: (await findOrder(tx, row.id))!, balanceFen: credit.balanceAfterFen ?? 0 };
  });
}

/** Rejects a pending order; no money has moved for it, so none moves back. */
export async function rejectOrder(sql: Sql, id: number, operatorId: number, remark: string) {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: number; user_id: number; order_no: string; amount_fen: number }[]>`
      update recharge_orders set status = 'rejected', operator_id = ${operatorId}, reviewed_at = now(), remark = ${remark}
      where id = ${id} and status = 'pending' returning id, user_id, order_no, amount_fen`;
    if (!row) return notPending(tx, id);
    await sendLetter(tx, {
      to: { userId: row.user_id },
      ...moneyOrderLetter.rechargeRejected(row.order_no, row.amount_fen, remark),
    });
    return (await findOrder(tx, row.id))!;
  });
}

/** A pending order nobody approved within this long is closed, so it stops counting toward maxPending. */
export const PENDING_ORDER_TTL_HOURS = 24;
export const EXPIRED_ORDER_REMARK = '订单超时未审核，已自动关闭';

/** Closes stale pending orders (housekeeping); no money moved for them. Returns how many. */
export async function closeStaleOrders(sql: Sql, limit = 5000): Promise<number> {
  const rows = await sql`
    update recharge_orders set status = 'rejected', reviewed_at = now(), remark = ${EXPIRED_ORDER_REMARK}
    where id in (select id from recharge_orders where status = 'pending'
                   and created_at < now() - make_interval(hours => ${PENDING_ORDER_TTL_HOURS}) limit ${limit})
      and status = 'pending'`;
  return rows.count;
}
