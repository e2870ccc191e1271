/** Drawn results: the recent list of the betting page and the paged history with a date filter. */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { localDayStartMs } from '../../domain/lottery/index.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { requireLottery } from './lotteries.ts';

/** Lottery codes and issues are checked by the handlers (with Chinese messages); the schema bounds them. */
export const LotteryCodeText = Type.String({ minLength: 1, maxLength: 8 });
export const IssueText = Type.String({ minLength: 1, maxLength: 20 });
export const CodeQuery = Form({ lotteryCode: LotteryCodeText });

const MAX_OPEN_DATA = 200;
const DAY_MS = 86_400_000;

const OpenDataQuery = Form({
  lotteryCode: LotteryCodeText,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_OPEN_DATA })),
});
const OpenResultQuery = Form({
  lotteryCode: LotteryCodeText,
  date: Type.Optional(Type.String({ maxLength: 10 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

interface ResultRow {
  issue: string;
  result: string;
  draw_at: Date;
  status: string;
  total: number;
}

export async function resultsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof OpenDataQuery> }>(
    '/v1/betting/lotteryOpenData', { config: { auth: 'none' }, schema: { querystring: OpenDataQuery } }, async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const rows = await sql<ResultRow[]>`
        select issue, result, draw_at, status from lottery_issues
        where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null
        order by draw_at desc limit ${req.query.pageSize ?? 30}`;
      return ok({ list: rows.map((r) => ({ issue: r.issue, openNumber: r.result, openTime: r.draw_at.getTime(), status: r.status })) });
    });

  app.get<{ Querystring: Static<typeof OpenResultQuery> }>(
    '/v1/lottery/openResult', { config: { auth: 'none' }, schema: { querystring: OpenResultQuery } }, async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const q = req.query;
      let range = sql`true`;
      if (q.date) {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(q.date);
        const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
        if (!m || new Date(utc).toISOString().slice(0, 10) !== q.date) refuse('日期格式不正确，应为YYYY-MM-DD');
        // the local day of the lottery: after its midnight up to and including the 24:00 draw
        const start = localDayStartMs(lottery.schedule, utc + 12 * 3600_000);
        range = sql`draw_at > ${new Date(start)} and draw_at <= ${new Date(start + DAY_MS)}`;
      }
      const size = q.pageSize ?? 20;
      const rows = await sql<ResultRow[]>`
        select issue, result, draw_at, status, count(*) over ()::int as total from lottery_issues
        where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null and ${range}
        order by draw_at desc limit ${size} offset ${((q.page ?? 1) - 1) * size}`;
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && (q.page ?? 1) > 1) {
        const [c] = await sql<{ n: number }[]>`
          select count(*)::int as n from lottery_issues
          where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null and ${range}`;
        total = c!.n;
      }
      return ok({ list: rows.map((r) => ({ issue: r.issue, openNumber: r.result, openTime: r.draw_at.getTime() })), total });
    });
}
