/**
 * The operator's promotions, under /v1/admin/activities/: list (with claims paid), save (create, or
 * edit with an id; checked by the domain form, content sanitised before it is stored), enable/disable,
 * delete (only while nobody has claimed), image upload (re-encoded like every upload, served at
 * /uploads/) and the claims of one activity. docs/content.md "Activities".
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  ACTIVITY_KIND_NAMES,
  beijingFormTime,
  categoryName,
  parseActivityForm,
  ruleFields,
  ruleText,
} from '../../domain/activity/index.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { txTypeName } from '../../domain/txTypes.ts';
import { receiveOperatorImage } from '../account/uploads.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { sanitizeRichText } from '../http/richText.ts';
import { Flag, Id } from '../http/schemas.ts';
import {
  ACTIVITY_COLUMNS,
  activityById,
  insertActivity,
  ruleJson,
  toActivity,
  type ActivityRow,
} from './promotionStore.ts';
import type { Activity } from '../../domain/activity/index.ts';

/** Activity content may be long HTML: this route alone takes a bigger form body. */
export const SAVE_BODY_LIMIT_BYTES = 1024 * 1024;

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const SaveForm = Form({
  id: Type.Optional(Id),
  category: Text(4),
  kind: Text(20),
  title: Text(200),
  summary: Text(600),
  coverImage: Text(400),
  content: Text(60_000),
  startTime: Text(40),
  endTime: Text(40),
  sort: Text(10),
  enabled: Type.Optional(Flag),
  rule: Text(4000),
});
const IdForm = Form({ id: Id });
const EnableForm = Form({ id: Id, enabled: Flag });
const ListQuery = Form({ page: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });
const ClaimsQuery = Form({
  id: Id,
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

function adminItem(a: Activity, claims: { n: number; paid: number }) {
  return {
    id: a.id,
    category: a.category,
    categoryName: categoryName(a.category),
    kind: a.rule.kind,
    kindName: ACTIVITY_KIND_NAMES[a.rule.kind],
    title: a.title,
    summary: a.summary,
    coverImage: a.coverImage,
    content: a.content,
    startTime: beijingFormTime(a.startsAtMs),
    endTime: beijingFormTime(a.endsAtMs),
    sort: a.sort,
    enabled: a.enabled,
    rule: JSON.stringify(ruleFields(a.rule)),
    ruleLines: ruleText(a.rule),
    claimCount: claims.n,
    claimPaid: formatFen(claims.paid),
  };
}

export default async function promotionAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/activities/list',
    { ...opts, schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const rows = await sql<(ActivityRow & { n: number; paid: string })[]>`
      select ${sql.unsafe(
        ACTIVITY_COLUMNS.split(', ')
          .map((c) => `a.${c}`)
          .join(', '),
      )},
        (select count(*)::int from activity_claims c where c.activity_id = a.id) as n,
        (select coalesce(sum(amount_fen), 0)::text from activity_claims c where c.activity_id = a.id) as paid
      from activities a order by a.enabled desc, a.sort, a.id desc limit ${limit} offset ${offset}`;
      const [t] = await sql<{ n: number }[]>`select count(*)::int as n from activities`;
      return ok({
        total: t!.n,
        list: rows.map((r) => adminItem(toActivity(r), { n: r.n, paid: Number(r.paid) })),
      });
    },
  );

  app.post<{ Body: Static<typeof SaveForm> }>(
    '/v1/admin/activities/save',
    { ...opts, bodyLimit: SAVE_BODY_LIMIT_BYTES, schema: { body: SaveForm } },
    async (req) => {
      const { id, ...fields } = req.body;
      const parsed = parseActivityForm(fields, sanitizeRichText);
      if (!parsed.ok) return refuse(parsed.msg);
      const d = parsed.draft;
      const rule = sql.json(ruleJson(d.rule) as Parameters<typeof sql.json>[0]);
      if (id === undefined) {
        return ok(
          { id: await insertActivity(sql, d, loggedIn(req).userId), content: d.content },
          '已创建',
        );
      }
      // the row lock orders this edit with claims (they hold it for share while paying)
      await sql.begin(async (tx) => {
        const old = await activityById(tx, id, 'for update');
        if (!old) refuse('活动不存在');
        const [{ n }] = await tx<
          { n: number }[]
        >`select count(*)::int as n from activity_claims where activity_id = ${id}`;
        if (n > 0 && old!.rule.kind !== d.kind) refuse('已有会员领取，不能修改活动类型');
        await tx`
          update activities set category = ${d.category}, kind = ${d.kind}, title = ${d.title}, summary = ${d.summary},
            cover_image = ${d.coverImage}, content = ${d.content}, rule = ${rule}, starts_at = ${new Date(d.startsAtMs)},
            ends_at = ${new Date(d.endsAtMs)}, sort = ${d.sort}, enabled = ${d.enabled}, updated_at = now()
          where id = ${id}`;
      });
      return ok({ id, content: d.content }, '已保存');
    },
  );

  app.post<{ Body: Static<typeof EnableForm> }>(
    '/v1/admin/activities/setEnabled',
    { ...opts, schema: { body: EnableForm } },
    async (req) => {
      const rows =
        await sql`update activities set enabled = ${req.body.enabled === '1'}, updated_at = now() where id = ${req.body.id} returning id`;
      if (rows.length === 0) refuse('活动不存在');
      return ok(null, req.body.enabled === '1' ? '已启用' : '已停用');
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/activities/delete',
    { ...opts, schema: { body: IdForm } },
    async (req) => {
      const gone = await sql.begin(async (tx) => {
        if (!(await activityById(tx, req.body.id, 'for update'))) refuse('活动不存在');
        const [{ n }] = await tx<
          { n: number }[]
        >`select count(*)::int as n from activity_claims where activity_id = ${req.body.id}`;
        if (n > 0) refuse('已有会员领取过该活动，不能删除，请改为停用');
        return tx`delete from activities where id = ${req.body.id} returning id`;
      });
      if (gone.length === 0) refuse('活动不存在');
      return ok(null, '已删除');
    },
  );

  app.post('/v1/admin/activities/uploadImage', opts, (req) => receiveOperatorImage(app, req));

  app.get<{ Querystring: Static<typeof ClaimsQuery> }>(
    '/v1/admin/activities/claims',
    { ...opts, schema: { querystring: ClaimsQuery } },
    async (req) => {
      const a = await activityById(sql, req.query.id);
      if (!a) refuse('活动不存在');
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const rows = await sql<
        {
          id: number;
          user_name: string;
          period_key: string;
          amount_fen: string;
          base_fen: string;
          streak: number | null;
          type_code: number;
          created_at: Date;
        }[]
      >`
      select c.id, u.user_name, c.period_key, c.amount_fen::text, c.base_fen::text, c.streak, c.type_code, c.created_at
      from activity_claims c join users u on u.id = c.user_id
      where c.activity_id = ${req.query.id} order by c.id desc limit ${limit} offset ${offset}`;
      const [t] = await sql<{ n: number; paid: string }[]>`
      select count(*)::int as n, coalesce(sum(amount_fen), 0)::text as paid from activity_claims where activity_id = ${req.query.id}`;
      return ok({
        total: t!.n,
        totalPaid: formatFen(Number(t!.paid)),
        list: rows.map((r) => ({
          id: Number(r.id),
          userName: r.user_name,
          period: r.period_key,
          amount: formatFen(Number(r.amount_fen)),
          base: formatFen(Number(r.base_fen)),
          streak: r.streak,
          typeName: txTypeName(r.type_code),
          time: formatBeijing(r.created_at),
        })),
      });
    },
  );
}
