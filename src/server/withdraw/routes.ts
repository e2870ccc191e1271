/** Withdrawals: settings, turnover, two-phase withdrawal orders and their records (player side). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { formatFen } from '../../domain/money.ts';
import {
  isOpenAt,
  parseWithdrawAmount,
  settingsToWire,
  TURNOVER_SOURCE_NAMES,
  WITHDRAW_AMOUNT_MAX_CHARS,
} from '../../domain/withdraw.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { loggedIn } from '../auth/sessions.ts';
import { checkSafetyPassword } from '../cards/safety.ts';
import { CredentialHash, Form, ok, refuse, RequestId } from '../http/envelope.ts';
import { Id } from '../http/schemas.ts';
import { createWithdrawal, type OrderRow, type WithdrawTarget } from './orders.ts';
import { loadWithdrawSettings, usedToday } from './settings.ts';
import { turnoverProgress } from './turnover.ts';
import { playerOrderView } from './views.ts';

export const StatusFilter = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('rejected'),
]);

const Empty = Form({});
const SaveForm = Form({
  /** whole yuan (wMoney) */
  amount: Type.String({ minLength: 1, maxLength: WITHDRAW_AMOUNT_MAX_CHARS }),
  cardId: Type.Optional(Id),
  addressId: Type.Optional(Id),
  safetyPassword: CredentialHash,
  requestId: RequestId,
});
const ListQuery = Form({
  status: Type.Optional(StatusFilter),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const DetailQuery = Form({ id: Id });

function targetOf(b: Static<typeof SaveForm>): WithdrawTarget {
  if (b.cardId !== undefined && b.addressId !== undefined) refuse('只能选择一个收款账户');
  if (b.cardId !== undefined) return { kind: 'card', id: b.cardId };
  if (b.addressId !== undefined) return { kind: 'address', id: b.addressId };
  return refuse('请选择收款账户');
}

export default async function withdrawRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get(
    '/v1/users/queryUsersTenantConfigWithdrawSettingFront',
    { schema: { querystring: Empty } },
    async (req) => {
      const s = await loadWithdrawSettings(sql);
      const used = await usedToday(sql, loggedIn(req).userId);
      return ok({
        ...settingsToWire(s),
        usedToday: used,
        remainingCount: Math.max(0, s.dailyCount - used),
        isOpen: isOpenAt(s, Date.now()),
      });
    },
  );

  app.get(
    '/v1/transaction/getWithdrawLimitFlowList',
    { schema: { querystring: Empty } },
    async (req) => {
      const p = await turnoverProgress(sql, loggedIn(req).userId);
      return ok({
        list: p.flows.map((f) => ({
          id: f.id,
          source: f.source,
          sourceName: TURNOVER_SOURCE_NAMES[f.source] ?? f.source,
          amount: formatFen(f.baseFen),
          required: formatFen(f.requiredFen),
          done: formatFen(f.doneFen),
          remaining: formatFen(f.remainingFen),
          createdAt: f.createdAt.getTime(),
        })),
        totalRequired: formatFen(p.requiredFen),
        totalDone: formatFen(p.doneFen),
        totalRemaining: formatFen(p.remainingFen),
      });
    },
  );

  app.post<{ Body: Static<typeof SaveForm> }>(
    '/v1/transaction/saveFrontWithdrawRecord',
    { schema: { body: SaveForm } },
    async (req) => {
      const b = req.body;
      const userId = loggedIn(req).userId;
      const amountFen = parseWithdrawAmount(b.amount);
      if (amountFen === null) refuse('提现金额须为正整数（元）');
      const target = targetOf(b);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      const r = await createWithdrawal(sql, { userId, amountFen, target, requestId: b.requestId });
      return ok(
        {
          order: playerOrderView(r.order),
          balance: formatFen(r.balanceFen),
          balanceFen: r.balanceFen,
          applied: r.applied,
        },
        '提现申请已提交',
      );
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/transaction/withdrawRecordList',
    { schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const userId = loggedIn(req).userId;
      const where = req.query.status
        ? sql`user_id = ${userId} and status = ${req.query.status}`
        : sql`user_id = ${userId}`;
      const rows = await sql<OrderRow[]>`
        select * from withdraw_orders where ${where} order by created_at desc, id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from withdraw_orders where ${where}`;
      return ok({ list: rows.map(playerOrderView), total: n });
    },
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/v1/transaction/withdrawRecordDetail',
    { schema: { querystring: DetailQuery } },
    async (req) => {
      const [row] = await sql<OrderRow[]>`
        select * from withdraw_orders where id = ${req.query.id} and user_id = ${loggedIn(req).userId}`;
      if (!row) refuse('记录不存在');
      return ok(playerOrderView(row));
    },
  );
}
