/**
 * The player's promotion calls under /v1/activity/ (platform-api.md "Content"; docs/content.md
 * "Activities"): getActivityList?type= and getActivityDetails?id=&grade= (open to guests),
 * checkActivityMsg (what may be claimed now), checkin/today and checkin/signIn, receiveActivityReward
 * (a recharge or turnover bonus) and getActivityRecordList (/activityinfo).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_KIND_NAMES,
  ActivityState,
  PROMO_MSG,
  currentPeriod,
} from '../../domain/activity/index.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { txTypeName } from '../../domain/txTypes.ts';
import { loggedIn } from '../auth/sessions.ts';
import type { Sql } from '../db/client.ts';
import { Form, RequestId, ok, refuse } from '../http/envelope.ts';
import { playerBalance } from '../ledger/ledger.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Id } from '../http/schemas.ts';
import { claimPromotion, type PromoClaimResult } from './promotionClaim.ts';
import {
  ACTIVITY_COLUMNS,
  activityById,
  claimsOf,
  frontActivities,
  toActivity,
  type ActivityRow,
} from './promotionStore.ts';
import { detailItem, listItem, playerViews } from './promotionViews.ts';

const OPTIONAL = { auth: 'optional' as const };
const USER = { auth: 'user' as const };
const Category = Type.Integer({ minimum: 0, maximum: 20 });
const ListQuery = Form({ type: Type.Optional(Category) });
const DetailQuery = Form({
  id: Id,
  grade: Type.Optional(Type.Integer({ minimum: -1, maximum: 100 })),
});
const TodayQuery = Form({ id: Type.Optional(Id) });
const ClaimForm = Form({ id: Id, requestId: Type.Optional(RequestId) });
const RecordQuery = Form({ pageNum: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });
const CHECKIN_DAYS_SHOWN = 7;

async function claimAnswer(sql: Sql, userId: number, r: PromoClaimResult) {
  const balanceFen = r.balanceAfterFen ?? (await playerBalance(sql, userId));
  return {
    id: r.activityId,
    amount: formatFen(r.amountFen),
    streak: r.streak,
    balance: formatFen(balanceFen),
    applied: r.applied,
  };
}

/** The check-in activity open now: the one asked for, else the first by sort. */
async function openCheckin(sql: Sql, id: number | undefined) {
  if (id !== undefined) {
    const a = await activityById(sql, id);
    if (!a?.enabled) refuse(PROMO_MSG.notFound);
    if (a!.rule.kind !== 'checkin') refuse('该活动不是签到活动');
    return a!;
  }
  const [row] = await sql<ActivityRow[]>`
    select ${sql.unsafe(ACTIVITY_COLUMNS)} from activities
    where enabled and kind = 'checkin' and starts_at <= now() and ends_at > now() order by sort, id desc limit 1`;
  if (!row) refuse('暂无进行中的签到活动');
  return toActivity(row!);
}

export default async function promotionRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/activity/getActivityList',
    { config: OPTIONAL, schema: { querystring: ListQuery } },
    async (req) => {
      const nowMs = Date.now();
      const list = await frontActivities(sql, req.query.type ?? 0);
      const views = await playerViews(sql, req.user?.userId ?? null, list, nowMs);
      return ok({
        serverTime: nowMs,
        categories: ACTIVITY_CATEGORIES,
        list: list.map((a) => listItem(a, views.get(a.id)!)),
      });
    },
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/v1/activity/getActivityDetails',
    { config: OPTIONAL, schema: { querystring: DetailQuery } },
    async (req) => {
      const a = await activityById(sql, req.query.id);
      if (!a?.enabled) refuse(PROMO_MSG.notFound);
      const nowMs = Date.now();
      const views = await playerViews(sql, req.user?.userId ?? null, [a!], nowMs);
      return ok({ serverTime: nowMs, ...detailItem(a!, views.get(a!.id)!) });
    },
  );

  app.get('/v1/activity/checkActivityMsg', { config: USER }, async (req) => {
    const userId = loggedIn(req).userId;
    const list = (await frontActivities(sql, 0, 0)).filter((a) => a.rule.kind !== 'info');
    const views = await playerViews(sql, userId, list, Date.now());
    const claimable = list.filter((a) => views.get(a.id)!.state === ActivityState.CLAIMABLE);
    return ok({
      count: claimable.length,
      list: claimable.map((a) => ({
        id: a.id,
        title: a.title,
        kind: a.rule.kind,
        kindName: ACTIVITY_KIND_NAMES[a.rule.kind],
        amount: formatFen(views.get(a.id)!.amountFen!),
      })),
    });
  });

  app.get<{ Querystring: Static<typeof TodayQuery> }>(
    '/v1/activity/checkin/today',
    { config: USER, schema: { querystring: TodayQuery } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const a = await openCheckin(sql, req.query.id);
      const nowMs = Date.now();
      const v = (await playerViews(sql, userId, [a], nowMs)).get(a.id)!;
      const days = Array.from(
        { length: CHECKIN_DAYS_SHOWN },
        (_, i) => nowMs - (CHECKIN_DAYS_SHOWN - 1 - i) * 86_400_000,
      );
      const keys = days.map((ms) => currentPeriod('day', ms).key);
      const signed = await claimsOf(
        sql,
        userId,
        keys.map((key) => ({ id: a.id, key })),
      );
      return ok({
        ...detailItem(a, v),
        signedToday: v.state === ActivityState.CLAIMED,
        recentDays: days.map((ms, i) => ({
          date: formatBeijing(ms, 'YYYY-MM-DD').slice(5),
          signed: signed.has(`${a.id}:${keys[i]}`),
          today: i === days.length - 1,
        })),
      });
    },
  );

  app.post<{ Body: Static<typeof ClaimForm> }>(
    '/v1/activity/checkin/signIn',
    { config: USER, schema: { body: ClaimForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const r = await claimPromotion(
        sql,
        userId,
        req.body.id,
        req.body.requestId ?? null,
        'checkin',
      );
      return ok(await claimAnswer(sql, userId, r), '签到成功');
    },
  );

  app.post<{ Body: Static<typeof ClaimForm> }>(
    '/v1/activity/receiveActivityReward',
    { config: USER, schema: { body: ClaimForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const r = await claimPromotion(sql, userId, req.body.id, req.body.requestId ?? null, 'bonus');
      return ok(await claimAnswer(sql, userId, r), '领取成功');
    },
  );

  app.get<{ Querystring: Static<typeof RecordQuery> }>(
    '/v1/activity/getActivityRecordList',
    { config: USER, schema: { querystring: RecordQuery } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const { limit, offset } = paging(req.query.pageNum, req.query.pageSize);
      const rows = await sql<
        {
          id: number;
          activity_id: number;
          title: string;
          kind: keyof typeof ACTIVITY_KIND_NAMES;
          type_code: number;
          amount_fen: string;
          streak: number | null;
          created_at: Date;
        }[]
      >`
      select c.id, c.activity_id, a.title, a.kind, c.type_code, c.amount_fen, c.streak, c.created_at
      from activity_claims c join activities a on a.id = c.activity_id
      where c.user_id = ${userId} order by c.id desc limit ${limit} offset ${offset}`;
      const [t] = await sql<{ n: number; total: string }[]>`
      select count(*)::int as n, coalesce(sum(amount_fen), 0)::text as total from activity_claims where user_id = ${userId}`;
      return ok({
        total: t!.n,
        totalAmount: formatFen(Number(t!.total)),
        list: rows.map((r) => ({
          id: Number(r.id),
          activityId: Number(r.activity_id),
          title: r.title,
          kindName: ACTIVITY_KIND_NAMES[r.kind],
          typeName: txTypeName(r.type_code),
          amount: formatFen(Number(r.amount_fen)),
          streak: r.streak,
          time: formatBeijing(r.created_at),
        })),
      });
    },
  );
}
