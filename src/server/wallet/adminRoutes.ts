/**
 * Operator calls of the wallet feature under /v1/admin/ (every route carries config.auth = 'operator'):
 * pledge products (list, save, enable, disable), the virtual wallet's annual rate, the pledge orders.
 * Changes to a product apply to new orders only: an order keeps the terms it was bought with.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { parseYuanToFen } from '../../domain/money.ts';
import {
  EARLY_EXITS,
  MAX_TERM_DAYS,
  parsePercentToBp,
  PLEDGE_STATUSES,
  formatBp,
} from '../../domain/wallet.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Flag, Id, PlainText } from '../http/schemas.ts';
import { listProducts, orderItem, productItem, type OrderRow } from './pledge.ts';
import { getVwSettings, putVwSettings } from './service.ts';

const Money = Type.String({ minLength: 1, maxLength: 20 });
const Percent = Type.String({ minLength: 1, maxLength: 6 });

const SaveForm = Form({
  productId: Type.Optional(Id),
  name: PlainText(30, { minLength: 1 }),
  termDays: Type.Integer({ minimum: 1, maximum: MAX_TERM_DAYS }),
  annualRate: Percent,
  minAmount: Money,
  maxAmount: Type.Optional(Money),
  userLimit: Type.Optional(Money),
  earlyExit: Type.Union(EARLY_EXITS.map((e) => Type.Literal(e))),
  penaltyPercent: Type.Optional(Percent),
  sort: Type.Optional(Type.Integer({ minimum: -10000, maximum: 10000 })),
  enabled: Type.Optional(Flag),
});
const ProductForm = Form({ productId: Id });
const NoQuery = { querystring: Form({}) };
const RateForm = Form({ annualRate: Percent });
const OrdersQuery = Form({
  userName: Type.Optional(UserName),
  status: Type.Optional(Type.Union(PLEDGE_STATUSES.map((s) => Type.Literal(s)))),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

function fenOf(text: string | undefined, label: string, allowZero: boolean): number {
  if (text === undefined) return 0;
  const fen = parseYuanToFen(text);
  if (fen === null) refuse(`${label}格式不正确，最多两位小数`);
  if (fen === 0 && !allowZero) refuse(`${label}必须大于0`);
  return fen;
}

export default async function walletAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/admin/pledge/products', { config: OPERATOR, schema: NoQuery }, async () =>
    ok({ list: (await listProducts(sql, false)).map(productItem) }),
  );

  app.post<{ Body: Static<typeof SaveForm> }>(
    '/v1/admin/pledge/products/save',
    { config: OPERATOR, schema: { body: SaveForm } },
    async (req) => {
      const b = req.body;
      const name = b.name.trim();
      if (name === '') refuse('产品名称不能为空');
      const rateBp = parsePercentToBp(b.annualRate);
      if (rateBp === null || rateBp === 0) refuse('年化利率须在0.01到100之间，最多两位小数');
      const penaltyBp = b.penaltyPercent === undefined ? 0 : parsePercentToBp(b.penaltyPercent);
      if (penaltyBp === null) refuse('违约金比例须在0到100之间，最多两位小数');
      if (b.earlyExit === 'penalty' && penaltyBp === 0) refuse('扣违约金的产品须设置违约金比例');
      const minFen = fenOf(b.minAmount, '最低金额', false);
      const maxFen = fenOf(b.maxAmount, '单笔上限', true);
      const limitFen = fenOf(b.userLimit, '个人限额', true);
      if (maxFen > 0 && maxFen < minFen) refuse('单笔上限不能低于最低金额');
      if (limitFen > 0 && limitFen < minFen) refuse('个人限额不能低于最低金额');
      const penalty = b.earlyExit === 'penalty' ? penaltyBp : 0;
      const enabled = b.enabled === undefined ? true : b.enabled === '1';
      const sort = b.sort ?? 0;
      if (b.productId !== undefined) {
        const [row] = await sql<{ id: number }[]>`
          update pledge_products set name = ${name}, term_days = ${b.termDays}, rate_bp = ${rateBp}, min_fen = ${minFen},
                 max_fen = ${maxFen}, user_limit_fen = ${limitFen}, early_exit = ${b.earlyExit}, penalty_bp = ${penalty},
                 sort = ${sort}, enabled = ${enabled}, updated_at = now()
          where id = ${b.productId} returning id`;
        if (!row) refuse('记录不存在');
        return ok({ productId: row.id });
      }
      const [row] = await sql<{ id: number }[]>`
        insert into pledge_products (name, term_days, rate_bp, min_fen, max_fen, user_limit_fen, early_exit, penalty_bp, sort, enabled)
        values (${name}, ${b.termDays}, ${rateBp}, ${minFen}, ${maxFen}, ${limitFen}, ${b.earlyExit}, ${penalty}, ${sort}, ${enabled})
        returning id`;
      return ok({ productId: row.id });
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post<{ Body: Static<typeof ProductForm> }>(
      `/v1/admin/pledge/products/${action}`,
      { config: OPERATOR, schema: { body: ProductForm } },
      async (req) => {
        const [row] = await sql`
          update pledge_products set enabled = ${enabled}, updated_at = now() where id = ${req.body.productId} returning id`;
        if (!row) refuse('记录不存在');
        return ok(null);
      },
    );
  }

  app.get('/v1/admin/virtualWallet/settings', { config: OPERATOR, schema: NoQuery }, async () =>
    ok({ annualRate: formatBp((await getVwSettings(sql)).annualRateBp) }),
  );

  app.post<{ Body: Static<typeof RateForm> }>(
    '/v1/admin/virtualWallet/settings',
    { config: OPERATOR, schema: { body: RateForm } },
    async (req) => {
      const bp = parsePercentToBp(req.body.annualRate);
      if (bp === null) refuse('年化利率须在0到100之间，最多两位小数');
      await putVwSettings(sql, { annualRateBp: bp }, req.user?.userId);
      return ok({ annualRate: formatBp(bp) });
    },
  );

  app.get<{ Querystring: Static<typeof OrdersQuery> }>(
    '/v1/admin/pledge/orders',
    { config: OPERATOR, schema: { querystring: OrdersQuery } },
    async (req) => {
      const q = req.query;
      const { limit, offset } = paging(q.page, q.pageSize);
      let userId: number | null = null;
      if (q.userName) {
        const [u] = await sql<
          { id: number }[]
        >`select id from users where lower(user_name) = lower(${q.userName})`;
        if (!u) refuse('用户不存在');
        userId = u.id;
      }
      const where = sql`${userId === null ? sql`true` : sql`o.user_id = ${userId}`} and ${q.status ? sql`o.status = ${q.status}` : sql`true`}`;
      const rows = await sql<OrderRow[]>`
        select o.*, u.user_name from pledge_orders o join users u on u.id = o.user_id
        where ${where} order by o.id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from pledge_orders o where ${where}`;
      return ok({ list: rows.map(orderItem), total: n });
    },
  );
}
