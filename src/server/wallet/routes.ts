/**
 * The virtual wallet (yuebao) player calls under /v1/virtualWallet/: info, logs, transfers in and
 * out, pledge products, create, cancel, auto-renew, orders, order detail and profit logs.
 * Payloads and refusal codes: docs/virtual-wallet.md. With yuebaoEnable off every call answers
 * -110004 (a preValidation hook of this plugin, after the session check and before the schema).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AMOUNT_MSG, parseYuanToFen } from '../../domain/money.ts';
import { transferRefs } from '../../domain/transferRefs.ts';
import { beijingDate } from '../../domain/time.ts';
import { parseTransferId } from '../../domain/transferIds.ts';
import {
  VW_TYPE_CODES,
  VW_TYPES,
  PLEDGE_STATUSES,
  type PledgeStatus,
} from '../../domain/wallet.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse, RequestId } from '../http/envelope.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Flag, Id } from '../http/schemas.ts';
import {
  cancelPledge,
  createPledge,
  listProducts,
  orderItem,
  ownOrder,
  productItem,
  setAutoRenew,
  type OrderRow,
} from './pledge.ts';
import {
  assertWalletEnabled,
  listVwTransfers,
  logItem,
  moveAnswer,
  moveVirtual,
  walletInfo,
} from './service.ts';

export const Amount = Type.String({ minLength: 1, maxLength: 20 });

/** A yuan amount > 0 by the money rule, or a clear refusal. */
export function amountFen(text: string): number {
  const fen = parseYuanToFen(text);
  if (fen === null) refuse(AMOUNT_MSG.format);
  if (fen === 0) refuse(AMOUNT_MSG.zero);
  return fen;
}

/** The day an interest transfer paid (its id says it: `vw-interest:{userId}:{day}`). */
function interestDay(transferId: string): string | null {
  const p = parseTransferId(transferId);
  return p?.kind === 'virtualWalletInterest' ? p.parts.day : null;
}

const VwType = Type.Integer({ minimum: VW_TYPES.transferIn, maximum: VW_TYPES.pledgeProfit });
const Status = Type.Union(PLEDGE_STATUSES.map((s) => Type.Literal(s)));

const LogsQuery = Form({
  type: Type.Optional(VwType),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const MoveForm = Form({ amount: Amount, requestId: RequestId });
const CreateForm = Form({ productId: Id, amount: Amount, autoRenew: Flag, requestId: RequestId });
const OrderForm = Form({ orderId: Id });
const RenewForm = Form({ orderId: Id, autoRenew: Flag });
const OrdersQuery = Form({
  status: Type.Optional(Status),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const ProfitQuery = Form({
  type: Type.Optional(
    Type.Union([Type.Literal(VW_TYPES.interest), Type.Literal(VW_TYPES.pledgeProfit)]),
  ),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const NoQuery = { querystring: Form({}) };
const P = '/v1/virtualWallet';

export default async function walletRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.addHook('preValidation', async () => {
    await assertWalletEnabled(sql);
  });

  app.get(`${P}/info`, { schema: NoQuery }, async (req) =>
    ok(await walletInfo(sql, loggedIn(req).userId, Date.now())),
  );

  app.get<{ Querystring: Static<typeof LogsQuery> }>(
    `${P}/logs`,
    { schema: { querystring: LogsQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const types = req.query.type === undefined ? VW_TYPE_CODES : [req.query.type];
      const { rows, total } = await listVwTransfers(
        sql,
        loggedIn(req).userId,
        types,
        limit,
        offset,
      );
      return ok({ list: rows.map(logItem), total });
    },
  );

  for (const dir of ['in', 'out'] as const) {
    const path = dir === 'in' ? `${P}/transferIn` : `${P}/transferOut`;
    app.post<{ Body: Static<typeof MoveForm> }>(
      path,
      { schema: { body: MoveForm } },
      async (req) => {
        const fen = amountFen(req.body.amount);
        return ok(
          moveAnswer(await moveVirtual(sql, loggedIn(req).userId, dir, fen, req.body.requestId)),
        );
      },
    );
  }

  app.get(`${P}/pledgeProducts`, { schema: NoQuery }, async () =>
    ok({ list: (await listProducts(sql, true)).map(productItem) }),
  );

  app.post<{ Body: Static<typeof CreateForm> }>(
    `${P}/pledgeCreate`,
    { schema: { body: CreateForm } },
    async (req) => {
      const b = req.body;
      const r = await createPledge(sql, {
        userId: loggedIn(req).userId,
        productId: b.productId,
        amountFen: amountFen(b.amount),
        autoRenew: b.autoRenew === '1',
        requestId: b.requestId,
        nowMs: Date.now(),
      });
      return ok({ order: orderItem(r.order), applied: r.applied });
    },
  );

  app.post<{ Body: Static<typeof OrderForm> }>(
    `${P}/pledgeCancel`,
    { schema: { body: OrderForm } },
    async (req) => {
      return ok({
        order: orderItem(
          await cancelPledge(sql, loggedIn(req).userId, req.body.orderId, Date.now()),
        ),
      });
    },
  );

  app.post<{ Body: Static<typeof RenewForm> }>(
    `${P}/pledgeAutoRenew`,
    { schema: { body: RenewForm } },
    async (req) => {
      const o = await setAutoRenew(
        sql,
        loggedIn(req).userId,
        req.body.orderId,
        req.body.autoRenew === '1',
      );
      return ok({ order: orderItem(o) });
    },
  );

  app.get<{ Querystring: Static<typeof OrdersQuery> }>(
    `${P}/pledgeOrders`,
    { schema: { querystring: OrdersQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const status = req.query.status as PledgeStatus | undefined;
      const where = status ? sql`status = ${status}` : sql`true`;
      const userId = loggedIn(req).userId;
      const rows = await sql<OrderRow[]>`
      select * from pledge_orders where user_id = ${userId} and ${where} order by id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from pledge_orders where user_id = ${userId} and ${where}`;
      return ok({ list: rows.map(orderItem), total: n });
    },
  );

  app.get<{ Querystring: Static<typeof OrderForm> }>(
    `${P}/pledgeOrderDetail`,
    { schema: { querystring: OrderForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const o = await ownOrder(sql, userId, req.query.orderId);
      const types = [VW_TYPES.pledgeBuy, VW_TYPES.pledgeRedeem, VW_TYPES.pledgeProfit];
      const { rows } = await listVwTransfers(
        sql,
        userId,
        types,
        1000,
        0,
        transferRefs.pledgeOrder(o.id),
      );
      const logs = rows.reverse().map((r) => {
        const { id, typeCode, typeName, amount, amountFen: fen, remark, createdAt } = logItem(r);
        return { id, typeCode, typeName, amount, amountFen: fen, remark, createdAt };
      });
      return ok({ order: orderItem(o), logs });
    },
  );

  app.get<{ Querystring: Static<typeof ProfitQuery> }>(
    `${P}/profitLogs`,
    { schema: { querystring: ProfitQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const types =
        req.query.type === undefined
          ? [VW_TYPES.interest, VW_TYPES.pledgeProfit]
          : [req.query.type];
      const userId = loggedIn(req).userId;
      const { rows, total } = await listVwTransfers(sql, userId, types, limit, offset);
      const orderIds = [
        ...new Set(rows.map((r) => logItem(r).orderId).filter((id): id is number => id !== null)),
      ];
      const names = new Map<number, string>();
      if (orderIds.length > 0) {
        const found = await sql<{ id: number; product_name: string }[]>`
        select id, product_name from pledge_orders where user_id = ${userId} and id in ${sql(orderIds)}`;
        for (const f of found) names.set(f.id, f.product_name);
      }
      const list = rows.map((r) => {
        const item = logItem(r);
        const day =
          r.type_code === VW_TYPES.interest
            ? (interestDay(r.transfer_id) ?? beijingDate(item.createdAt))
            : '';
        return { ...item, productName: item.orderId ? (names.get(item.orderId) ?? '') : '', day };
      });
      return ok({ list, total });
    },
  );
}
