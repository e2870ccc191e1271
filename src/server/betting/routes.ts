/**
 * The player's betting calls under /v1/betting/ (docs/lottery-design.md, Betting). Every call but
 * getNewestBounsList needs a login. Bets go through the group-commit queue (place.ts); chases and
 * cancellations are single transactions.
 */
import type { FastifyInstance } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { ok } from '../http/envelope.ts';
import { cancelBet, cancelChase } from './cancel.ts';
import { parseChase, placeChase } from './chase.ts';
import { BetQueue } from './place.ts';
import { allRebates, familyRebate, newestWins } from './rebate.ts';
import {
  betDetail,
  betSummary,
  chaseCounts,
  chaseDetail,
  listBets,
  listChases,
} from './records.ts';
import {
  AddBettingBody,
  AddChaseBody,
  AddFastBettingBody,
  BetDataQuery,
  BetListQuery,
  CancelBody,
  CancelChaseBody,
  ChaseListQuery,
  IdQuery,
  RebateQuery,
  type AddBetting,
  type AddChase,
  type AddFastBetting,
  type BetData,
  type BetList,
  type Cancel,
  type CancelChase,
  type ChaseList,
  type IdQ,
  type RebateQ,
} from './schemas.ts';
import { parseFastSlip, parseSlip } from './tickets.ts';
import { leaveInflight } from '../http/inflight.ts';
import { STAKE_TYPE } from './rows.ts';

/** Ledger type of a stake by where it was placed. */

const USER = { auth: 'user' as const };

export default async function bettingRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const queue = new BetQueue(sql);
  app.addHook('onClose', () => queue.drained());

  app.post<{ Body: AddBetting }>(
    '/v1/betting/addBetting',
    { config: USER, schema: { body: AddBettingBody } },
    async (req) => {
      const tickets = await parseSlip(sql, req.body.bettingData);
      leaveInflight(req); // the bet queue bounds its own work from here
      const placed = await queue.submit({
        userId: loggedIn(req).userId,
        requestId: req.body.requestId,
        tickets,
        stakeType: STAKE_TYPE.bet,
      });
      return ok(placed, '投注成功');
    },
  );

  app.post<{ Body: AddFastBetting }>(
    '/v1/betting/addFastBetting',
    { config: USER, schema: { body: AddFastBettingBody } },
    async (req) => {
      const tickets = await parseFastSlip(sql, req.body.bettingData);
      leaveInflight(req);
      const stakeType = STAKE_TYPE[req.body.source];
      const placed = await queue.submit({
        userId: loggedIn(req).userId,
        requestId: req.body.requestId,
        tickets,
        stakeType,
      });
      return ok(placed, '投注成功');
    },
  );

  app.post<{ Body: AddChase }>(
    '/v1/betting/addChaseBetting',
    { config: USER, schema: { body: AddChaseBody } },
    async (req) => {
      const plan = await parseChase(
        sql,
        loggedIn(req).userId,
        req.body.requestId,
        req.body.chaseBettingData,
      );
      return ok(await placeChase(sql, plan), '追号成功');
    },
  );

  app.post<{ Body: Cancel }>(
    '/v1/betting/cancelBetting',
    { config: USER, schema: { body: CancelBody } },
    async (req) => {
      return ok(await cancelBet(sql, loggedIn(req).userId, req.body.orderId), '撤单成功');
    },
  );

  app.post<{ Body: CancelChase }>(
    '/v1/betting/cancelAutoChaseBetting',
    { config: USER, schema: { body: CancelChaseBody } },
    async (req) => {
      const issues = req.body.issues ? [...new Set(req.body.issues.split(','))] : null;
      return ok(await cancelChase(sql, loggedIn(req).userId, req.body.chaseId, issues), '撤销成功');
    },
  );

  app.get<{ Querystring: BetList }>(
    '/v1/betting/getBetting',
    { config: USER, schema: { querystring: BetListQuery } },
    async (req) => ok(await listBets(sql, loggedIn(req).userId, req.query)),
  );

  app.get<{ Querystring: IdQ }>(
    '/v1/betting/getBetDetail',
    { config: USER, schema: { querystring: IdQuery } },
    async (req) => ok(await betDetail(sql, loggedIn(req).userId, req.query.id)),
  );

  app.get<{ Querystring: BetData }>(
    '/v1/betting/getBetData',
    { config: USER, schema: { querystring: BetDataQuery } },
    async (req) => ok(await betSummary(sql, loggedIn(req).userId, req.query)),
  );

  app.get<{ Querystring: ChaseList }>(
    '/v1/betting/getChaseBetting',
    { config: USER, schema: { querystring: ChaseListQuery } },
    async (req) => ok(await listChases(sql, loggedIn(req).userId, req.query)),
  );

  app.get<{ Querystring: IdQ }>(
    '/v1/betting/getChaseDetail',
    { config: USER, schema: { querystring: IdQuery } },
    async (req) => ok(await chaseDetail(sql, loggedIn(req).userId, req.query.id)),
  );

  app.get('/v1/betting/getChaseBetData', { config: USER }, async (req) =>
    ok(await chaseCounts(sql, loggedIn(req).userId)),
  );

  app.get('/v1/betting/getAllBetRebate', { config: USER }, async (req) =>
    ok(await allRebates(sql, loggedIn(req).userId)),
  );

  app.get<{ Querystring: RebateQ }>(
    '/v1/betting/getBetRebate',
    { config: USER, schema: { querystring: RebateQuery } },
    async (req) => ok(await familyRebate(sql, loggedIn(req).userId, req.query.lotteryType)),
  );

  app.get('/v1/betting/getNewestBounsList', { config: { auth: 'none' } }, async () =>
    ok(await newestWins(sql)),
  );
}
