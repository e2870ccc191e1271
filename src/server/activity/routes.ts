/**
 * The player's activity red envelope calls, under /v1/activity/ (spec 000; platform-api.md "Content"):
 * getActivityRedEnvelopeNumber (the toolbar badge), getActivityRedEnvelopeFrontList (the /redEnvelope
 * page) and receiveRedEnvelope. Guests get the session code (请先登录). docs/activity-red-envelopes.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  ENVELOPE_KIND_NAMES,
  FrontStatus,
  eligibilityText,
  frontStatus,
  type ActivityEnvelope,
} from '../../domain/activity/index.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { loggedIn } from '../auth/sessions.ts';
import type { Sql } from '../db/client.ts';
import { Form, RequestId, ok } from '../http/envelope.ts';
import { playerBalance } from '../ledger/ledger.ts';
import { Id } from '../http/schemas.ts';
import { receiveEnvelope } from './claim.ts';
import { claimedOf, gradeOfUser, openEnvelopes, periodSums, visibleEnvelopes } from './store.ts';
import adminRoutes from './adminRoutes.ts';
import promotionRoutes from './promotionRoutes.ts';
import promotionAdminRoutes from './promotionAdminRoutes.ts';

/** The list shows envelopes ended up to this many days ago, and at most this many. */
export const LIST_RECENT_DAYS = 7;
export const LIST_MAX = 50;
export const HISTORY_MAX = 50;

const USER = { auth: 'user' as const };
const ReceiveForm = Form({ id: Id, requestId: Type.Optional(RequestId) });

async function playerStates(
  sql: Sql,
  userId: number,
  envelopes: ActivityEnvelope[],
  nowMs: number,
) {
  const ids = envelopes.map((e) => e.id);
  const [claimed, grade, sums] = await Promise.all([
    claimedOf(sql, userId, ids),
    gradeOfUser(sql, userId),
    periodSums(sql, userId, envelopes, nowMs),
  ]);
  return envelopes.map((env) => {
    const claimedFen = claimed.get(env.id) ?? null;
    return {
      env,
      claimedFen,
      ...frontStatus(env, { claimedFen, grade, periodSumFen: sums.get(env.id)! }, nowMs),
    };
  });
}

function listItem(s: Awaited<ReturnType<typeof playerStates>>[number]) {
  const { env } = s;
  return {
    id: env.id,
    kind: env.kind,
    kindName: ENVELOPE_KIND_NAMES[env.kind],
    title: env.title,
    startTime: formatBeijing(env.startsAtMs),
    endTime: formatBeijing(env.endsAtMs),
    startTimeMs: env.startsAtMs,
    endTimeMs: env.endsAtMs,
    totalAmount: formatFen(env.budgetFen),
    /** giveaway: each player's amount; rain: null (random) */
    amountEach: env.amountFen === null ? null : formatFen(env.amountFen),
    shares: env.shares,
    claimedCount: env.claimedCount,
    condition: eligibilityText(env.eligibility),
    status: s.status,
    /** why it cannot be claimed now ('' when it can) */
    reason: s.reason,
    /** what this player got, when claimed */
    amount: s.claimedFen === null ? null : formatFen(s.claimedFen),
  };
}

export default async function activityRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/activity/getActivityRedEnvelopeNumber', { config: USER }, async (req) => {
    const userId = loggedIn(req).userId;
    const states = await playerStates(sql, userId, await openEnvelopes(sql), Date.now());
    return ok(states.filter((s) => s.status === FrontStatus.CLAIMABLE).length);
  });

  app.get('/v1/activity/getActivityRedEnvelopeFrontList', { config: USER }, async (req) => {
    const userId = loggedIn(req).userId;
    const nowMs = Date.now();
    const states = await playerStates(
      sql,
      userId,
      await visibleEnvelopes(sql, userId, LIST_RECENT_DAYS, LIST_MAX),
      nowMs,
    );
    const records = await sql<
      {
        envelope_id: number;
        title: string;
        kind: 'rain' | 'giveaway';
        amount_fen: number;
        created_at: Date;
      }[]
    >`
      select c.envelope_id, e.title, e.kind, c.amount_fen, c.created_at
      from activity_red_envelope_claims c join activity_red_envelopes e on e.id = c.envelope_id
      where c.user_id = ${userId} order by c.id desc limit ${HISTORY_MAX}`;
    return ok({
      serverTime: nowMs,
      list: states.map(listItem),
      records: records.map((r) => ({
        id: Number(r.envelope_id),
        title: r.title,
        kindName: ENVELOPE_KIND_NAMES[r.kind],
        amount: formatFen(Number(r.amount_fen)),
        time: formatBeijing(r.created_at),
      })),
    });
  });

  app.post<{ Body: Static<typeof ReceiveForm> }>(
    '/v1/activity/receiveRedEnvelope',
    { config: USER, schema: { body: ReceiveForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const r = await receiveEnvelope(sql, userId, req.body.id, req.body.requestId ?? null);
      const balanceFen = r.balanceAfterFen ?? (await playerBalance(sql, userId));
      return ok(
        {
          id: r.envelopeId,
          amount: formatFen(r.amountFen),
          balance: formatFen(balanceFen),
          applied: r.applied,
        },
        '领取成功',
      );
    },
  );

  await app.register(adminRoutes);
  await app.register(promotionRoutes);
  await app.register(promotionAdminRoutes);
}
