/**
 * Drawn results: the recent list of the betting page, the paged history with a date filter, and the
 * public check of one issue (verifyDraw): a self-run draw recomputed from its revealed seed
 * (docs/provably-fair.md), and for every game the corrections its result went through.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { localDayStartMs } from '../../domain/lottery/index.ts';
import { maskName } from '../../domain/money.ts';
import { calendarDayUtcMs } from '../../domain/time.ts';
import type { Sql } from '../db/client.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { drawFromSeedHex, DRAW_ALGORITHM, seedHashOf } from './draw.ts';
import { requireLottery, type Lottery } from './lotteries.ts';
import { correctionsOf } from './settlement/correct.ts';
import { PageNum, PageSize, pageSizeUpTo, paging } from '../http/paging.ts';

/** Lottery codes and issues are checked by the handlers (with Chinese messages); the schema bounds them. */
export const LotteryCodeText = Type.String({ minLength: 1, maxLength: 8 });
export const IssueText = Type.String({ minLength: 1, maxLength: 20 });
export const CodeQuery = Form({ lotteryCode: LotteryCodeText });

const MAX_OPEN_DATA = 200;
const DAY_MS = 86_400_000;

const OpenDataQuery = Form({
  lotteryCode: LotteryCodeText,
  pageSize: Type.Optional(pageSizeUpTo(MAX_OPEN_DATA)),
});
const OpenResultQuery = Form({
  lotteryCode: LotteryCodeText,
  date: Type.Optional(Type.String({ maxLength: 10 })),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

/** What verifyDraw says of an official game instead of the seed scheme. */
const OFFICIAL_DRAW_NOTE =
  '官方彩种的开奖号码照录官方开奖结果，不能由种子复算；录入后的每一次更正（操作员、时间、更正前后号码）都公开列出。';

const VerifyQuery = Form({ lotteryCode: LotteryCodeText, issue: IssueText });

interface ResultRow {
  issue: string;
  result: string;
  draw_at: Date;
  status: string;
  total: number;
}

/**
 * A correction as published: the operator only by a masked user name. The full name and id stay in
 * the audit table for internal review; publishing the login name of an account that can change
 * results would hand it to password guessers and phishers, while the masked form still shows which
 * corrections one operator made.
 */
async function publicCorrections(sql: Sql, lotteryCode: string, issue: string) {
  return (await correctionsOf(sql, lotteryCode, issue)).map((c) => ({
    operator: maskName(c.operatorName),
    correctedAt: c.correctedAt.getTime(),
    before: c.before,
    after: c.after,
    reason: c.reason,
  }));
}

/** The verifyDraw answer of a drawn issue; the seed part is null for official games. */
async function verification(sql: Sql, lottery: Lottery, issue: string) {
  const [row] = await sql<
    { seed: string | null; seed_hash: string | null; result: string | null; status: string }[]
  >`
    select seed, seed_hash, result, status from lottery_issues where lottery_code = ${lottery.code} and issue = ${issue}`;
  if (!row) refuse('期号不存在');
  if (row.status === 'cancelled') refuse('本期已撤销，全部投注已退款，没有开奖号码可验证');
  // a self-run seed stays secret until the issue is drawn
  if (!row.result || (row.status !== 'drawn' && row.status !== 'settled'))
    refuse('本期尚未开奖，开奖后可验证');
  const base = { lotteryCode: lottery.code, issue, source: lottery.source, openNumber: row.result };
  const corrections = await publicCorrections(sql, lottery.code, issue);
  if (lottery.source !== 'self') {
    return {
      ...base,
      seedHash: null,
      seed: null,
      recomputed: null,
      hashMatches: null,
      resultMatches: null,
      algorithm: OFFICIAL_DRAW_NOTE,
      corrections,
    };
  }
  if (!row.seed || !row.seed_hash) refuse('本期没有开奖种子，无法验证');
  const recomputed = drawFromSeedHex(lottery.family, row.seed);
  return {
    ...base,
    seedHash: row.seed_hash,
    seed: row.seed,
    recomputed,
    hashMatches: seedHashOf(row.seed) === row.seed_hash,
    resultMatches: recomputed === row.result,
    algorithm: DRAW_ALGORITHM,
    corrections,
  };
}

export async function resultsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof OpenDataQuery> }>(
    '/v1/betting/lotteryOpenData',
    { config: { auth: 'none' }, schema: { querystring: OpenDataQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const rows = await sql<ResultRow[]>`
        select issue, result, draw_at, status from lottery_issues
        where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null
        order by draw_at desc limit ${req.query.pageSize ?? 30}`;
      return ok({
        list: rows.map((r) => ({
          issue: r.issue,
          openNumber: r.result,
          openTime: r.draw_at.getTime(),
          status: r.status,
        })),
      });
    },
  );

  app.get<{ Querystring: Static<typeof OpenResultQuery> }>(
    '/v1/lottery/openResult',
    { config: { auth: 'none' }, schema: { querystring: OpenResultQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const q = req.query;
      let range = sql`true`;
      if (q.date) {
        const utc = calendarDayUtcMs(q.date) ?? refuse('日期格式不正确，应为YYYY-MM-DD');
        // the local day of the lottery: after its midnight up to and including the 24:00 draw
        const start = localDayStartMs(lottery.schedule, utc + 12 * 3600_000);
        range = sql`draw_at > ${new Date(start)} and draw_at <= ${new Date(start + DAY_MS)}`;
      }
      const { limit, offset } = paging(q.page, q.pageSize);
      const rows = await sql<ResultRow[]>`
        select issue, result, draw_at, status, count(*) over ()::int as total from lottery_issues
        where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null and ${range}
        order by draw_at desc limit ${limit} offset ${offset}`;
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && (q.page ?? 1) > 1) {
        const [c] = await sql<{ n: number }[]>`
          select count(*)::int as n from lottery_issues
          where lottery_code = ${lottery.code} and status in ('drawn', 'settled') and result is not null and ${range}`;
        total = c!.n;
      }
      return ok({
        list: rows.map((r) => ({
          issue: r.issue,
          openNumber: r.result,
          openTime: r.draw_at.getTime(),
        })),
        total,
      });
    },
  );

  app.get<{ Querystring: Static<typeof VerifyQuery> }>(
    '/v1/lottery/verifyDraw',
    { config: { auth: 'none' }, schema: { querystring: VerifyQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      return ok(await verification(sql, lottery, req.query.issue));
    },
  );
}
