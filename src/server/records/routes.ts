/**
 * Bill records (getTransactionRecordsFront, under /v1/transaction/) and the money side of the
 * profit-and-loss statement (/v1/report/userReport/profitLoss). Own rows only. docs/bill-records.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok } from '../http/envelope.ts';
import { listBills, parseTypeCodes } from './bills.ts';
import { dayRange } from '../http/dates.ts';
import { profitLoss } from './profitLoss.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** One type code or a comma-separated group of them (the client sends a group as its codes). */
const TypeCodes = Type.String({ pattern: '^\\d{3}(,\\d{3}){0,49}$', maxLength: 200 });

const BillQuery = Form({
  typeCode: Type.Optional(TypeCodes),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
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
      return ok(
        await listBills(sql, loggedIn(req).userId, {
          range,
          typeCodes: parseTypeCodes(q.typeCode),
          ...paging(q.page, q.pageSize),
        }),
      );
    },
  );

  app.get<{ Querystring: Static<typeof ProfitLossQuery> }>(
    '/v1/report/userReport/profitLoss',
    { config: USER, schema: { querystring: ProfitLossQuery } },
    async (req) =>
      ok(await profitLoss(sql, loggedIn(req).userId, dayRange(req.query.date, req.query.date))),
  );
}
