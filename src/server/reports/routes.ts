/**
 * The report calls (docs/agents.md "Reports"): the agent's team reports and records under
 * /v1/report/agentReport/, /v1/betting/getAgentBetData and /v1/game/frontAgent*GameRecord (route
 * level 'agent'), the player's own profit and rank under /v1/report/userReport/, and the operator's
 * site report /v1/admin/agents/report. Ranges: startTime/endTime Beijing dates, inclusive (range.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { BET_STATUSES } from '../betting/rows.ts';
import { Form, ok } from '../http/envelope.ts';
import { parseTypeCodes } from '../records/bills.ts';
import { reportRange } from './range.ts';
import { teamBets, teamBills, teamCardGameRecords } from './records.ts';
import {
  childReport,
  siteReport,
  teamBalance,
  userAgentReport,
  userAgentReportDetail,
} from './team.ts';
import { rankRange, userProfit, userProfitRank } from './user.ts';
import { PageNum, pageSizeUpTo } from '../http/paging.ts';

/** The reports' pages are team roll-ups: at most 50 rows, as the agent's other lists (http/paging.ts). */
export const REPORT_MAX_PAGE_SIZE = 50;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Range = { startTime: Type.Optional(Day), endTime: Type.Optional(Day) };
const Paging = {
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(pageSizeUpTo(REPORT_MAX_PAGE_SIZE)),
};
const UserName = Type.String({ maxLength: 20 });

const RangeQuery = Form(Range);
const ChildQuery = Form({
  ...Range,
  ...Paging,
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  userName: Type.Optional(UserName),
});
const RankQuery = Form({
  dateType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
});
const BetQuery = Form({
  ...Range,
  ...Paging,
  userName: Type.Optional(UserName),
  lotteryCode: Type.Optional(Type.String({ pattern: '^\\d{4}$', maxLength: 4 })),
  status: Type.Optional(Type.Union(BET_STATUSES.map((s) => Type.Literal(s)))),
});
const BillQuery = Form({
  ...Range,
  ...Paging,
  userName: Type.Optional(UserName),
  type: Type.Optional(Type.String({ pattern: '^\\d{3}(,\\d{3}){0,49}$', maxLength: 200 })),
});
const PageRangeQuery = Form({ ...Range, ...Paging });
const EmptyQuery = Form({});

const AGENT = { auth: 'agent' as const };
const USER = { auth: 'user' as const };
const OPERATOR = { auth: 'operator' as const };

type Q<T extends { static: unknown }> = { Querystring: T['static'] };
const CARD_GAME_RECORDS = ['Battle', 'Banker', 'Multi', 'Fish'] as const;

export default async function reportRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const range = (q: Static<typeof RangeQuery>) => reportRange(q.startTime, q.endTime);

  app.get<Q<typeof RangeQuery>>(
    '/v1/report/agentReport/userAgentReport',
    { config: AGENT, schema: { querystring: RangeQuery } },
    async (req) => ok(await userAgentReport(sql, loggedIn(req).userId, range(req.query))),
  );

  app.get<Q<typeof RangeQuery>>(
    '/v1/report/agentReport/userAgentReport/detail',
    { config: AGENT, schema: { querystring: RangeQuery } },
    async (req) => ok(await userAgentReportDetail(sql, loggedIn(req).userId, range(req.query))),
  );

  app.get<Q<typeof ChildQuery>>(
    '/v1/report/agentReport/childReport',
    { config: AGENT, schema: { querystring: ChildQuery } },
    async (req) => ok(await childReport(sql, loggedIn(req).userId, req.query, range(req.query))),
  );

  app.get(
    '/v1/report/agentReport/teamBalance',
    { config: AGENT, schema: { querystring: EmptyQuery } },
    async (req) => ok(await teamBalance(sql, loggedIn(req).userId)),
  );

  app.get<Q<typeof BillQuery>>(
    '/v1/report/agentReport/teamBill',
    { config: AGENT, schema: { querystring: BillQuery } },
    async (req) =>
      ok(
        await teamBills(
          sql,
          loggedIn(req).userId,
          { ...req.query, typeCodes: parseTypeCodes(req.query.type) },
          range(req.query),
        ),
      ),
  );

  app.get<Q<typeof BetQuery>>(
    '/v1/betting/getAgentBetData',
    { config: AGENT, schema: { querystring: BetQuery } },
    async (req) => ok(await teamBets(sql, loggedIn(req).userId, req.query, range(req.query))),
  );

  for (const kind of CARD_GAME_RECORDS) {
    app.get<Q<typeof PageRangeQuery>>(
      `/v1/game/frontAgent${kind}GameRecord`,
      { config: AGENT, schema: { querystring: PageRangeQuery } },
      async (req) =>
        ok(await teamCardGameRecords(sql, loggedIn(req).userId, req.query, range(req.query))),
    );
  }

  app.get<Q<typeof RangeQuery>>(
    '/v1/report/userReport/userProfit',
    { config: USER, schema: { querystring: RangeQuery } },
    async (req) => ok(await userProfit(sql, loggedIn(req).userId, range(req.query))),
  );

  app.get<Q<typeof RankQuery>>(
    '/v1/report/userReport/userProfitRank',
    { config: USER, schema: { querystring: RankQuery } },
    async (req) =>
      ok(await userProfitRank(sql, loggedIn(req).userId, rankRange(req.query.dateType ?? 1))),
  );

  app.get<Q<typeof PageRangeQuery>>(
    '/v1/admin/agents/report',
    { config: OPERATOR, schema: { querystring: PageRangeQuery } },
    async (req) => ok(await siteReport(sql, range(req.query), req.query)),
  );
}
