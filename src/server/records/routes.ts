/**
 * Bill records (getTransactionRecordsFront, under /v1/transaction/) and the money side of the
 * profit-and-loss statement (/v1/report/userReport/profitLoss). Own rows only. docs/bill-records.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok } from '../http/envelope.ts';
import { listBills, parseTypeCodes } from './bills.ts';
import { dayRange } from './dates.ts';
import { profitLoss } from './profitLoss.ts';

export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** One type code or a comma-separated group of them (the client sends a group as its codes). */
const TypeCodes = Type.String({ pattern: '^\\d{3}(,\\d{3}){0,49}$', maxLength: 200 });

const BillQuery = Form({
  typeCode: Type.Optional(TypeCodes),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
const ProfitLossQuery = Form({ date: Type.Optional(Day) });

const USER = { auth: 'user' as const };

export default async function recordsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof BillQuery> }>(
    '/v1/transaction/getTransactionRecordsFront',
    { config: USER, schema: { querystring: BillQuery } },
    async (req) => {
      const q = req.query;
      const range = dayRange(q.startDate, q.endDate);
      const size = q.pageSize ?? DEFAULT_PAGE_SIZE;
      return ok(await listBills(sql, loggedIn(req).userId, {
        range,
        typeCodes: parseTypeCodes(q.typeCode),
        limit: size,
        offset: ((q.page ?? 1) - 1) * size,
      }));
    },
  );

  app.get<{ Querystring: Static<typeof ProfitLossQuery> }>(
    '/v1/report/userReport/profitLoss',
    { config: USER, schema: { querystring: ProfitLossQuery } },
    async (req) => ok(await profitLoss(sql, loggedIn(req).userId, dayRange(req.query.date, req.query.date))),
  );
}
