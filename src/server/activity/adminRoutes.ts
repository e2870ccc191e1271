/**
 * The operator's activity red envelopes, under /v1/admin/activityRedEnvelope/: list with totals paid,
 * save (create, or edit with an id), close, and the claims of one envelope. The form is checked by the
 * domain (activity/form.ts), the same check the admin page runs. docs/activity-red-envelopes.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  ENVELOPE_KIND_NAMES,
  beijingFormTime,
  eligibilityText,
  parseEnvelopeForm,
  type ActivityEnvelope,
  type ActivityEnvelopeDraft,
} from '../../domain/activity/index.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { loggedIn } from '../auth/sessions.ts';
import type { Tx } from '../db/client.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Id } from '../http/schemas.ts';
import { ENVELOPE_COLUMNS, envelopeById, toEnvelope, type EnvelopeRow } from './store.ts';

const Field = (max = 40) => Type.Optional(Type.String({ maxLength: max }));
const SaveForm = Form({
  id: Type.Optional(Id),
  kind: Field(),
  title: Field(200),
  startTime: Field(),
  endTime: Field(),
  budget: Field(),
  shares: Field(),
  amount: Field(),
  minGrade: Field(),
  maxGrade: Field(),
  requirement: Field(),
  requiredAmount: Field(),
  periodDays: Field(),
  periodStart: Field(),
  periodEnd: Field(),
});
const IdForm = Form({ id: Id });
const ListQuery = Form({ page: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });
const ClaimsQuery = Form({
  id: Id,
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

export function adminItem(env: ActivityEnvelope) {
  const e = env.eligibility;
  return {
    id: env.id,
    kind: env.kind,
    kindName: ENVELOPE_KIND_NAMES[env.kind],
    title: env.title,
    startTime: beijingFormTime(env.startsAtMs),
    endTime: beijingFormTime(env.endsAtMs),
    budget: formatFen(env.budgetFen),
    paid: formatFen(env.paidFen),
    shares: env.shares,
    claimedCount: env.claimedCount,
    amount: env.amountFen === null ? null : formatFen(env.amountFen),
    minGrade: e.minGrade,
    maxGrade: e.maxGrade,
    requirement: e.requirement,
    requiredAmount: formatFen(e.requiredFen),
    periodDays: e.periodDays,
    periodStart: e.periodStart,
    periodEnd: e.periodEnd,
    condition: eligibilityText(e),
    closed: env.closed,
  };
}

/** What an edit may not change once players have claimed: the kind, a giveaway's amount, below what was paid. */
function checkEdit(old: ActivityEnvelope, d: ActivityEnvelopeDraft): void {
  if (old.closed) refuse('活动已关闭，不能修改');
  if (old.claimedCount === 0) return;
  if (d.kind !== old.kind) refuse('已有会员领取，不能修改红包类型');
  if (d.kind === 'giveaway' && d.amountFen !== old.amountFen)
    refuse('已有会员领取，不能修改每人金额');
  if (d.budgetFen < old.paidFen) refuse(`红包总额不能低于已发放金额${formatFen(old.paidFen)}元`);
  if (d.kind === 'rain') {
    if (d.shares! < old.claimedCount) refuse(`红包份数不能少于已领取份数${old.claimedCount}`);
    if (d.budgetFen - old.paidFen < d.shares! - old.claimedCount)
      refuse('剩余金额不足，每份至少0.01元');
  }
}

async function update(tx: Tx, id: number, d: ActivityEnvelopeDraft) {
  const e = d.eligibility;
  await tx`
    update activity_red_envelopes set kind = ${d.kind}, title = ${d.title}, starts_at = ${new Date(d.startsAtMs)},
      ends_at = ${new Date(d.endsAtMs)}, budget_fen = ${d.budgetFen}, shares = ${d.shares}, amount_fen = ${d.amountFen},
      min_grade = ${e.minGrade}, max_grade = ${e.maxGrade}, requirement = ${e.requirement}, required_fen = ${e.requiredFen},
      period_days = ${e.periodDays}, period_start = ${e.periodStart}, period_end = ${e.periodEnd}, updated_at = now()
    where id = ${id}`;
}

export default async function activityAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/activityRedEnvelope/list',
    { ...opts, schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const rows = await sql<EnvelopeRow[]>`
      select ${sql.unsafe(ENVELOPE_COLUMNS)} from activity_red_envelopes order by id desc limit ${limit} offset ${offset}`;
      const [t] = await sql<{ n: number; paid: number; budget: number }[]>`
      select count(*)::int as n, coalesce(sum(paid_fen), 0)::bigint as paid, coalesce(sum(budget_fen), 0)::bigint as budget
      from activity_red_envelopes`;
      return ok({
        list: rows.map((r) => adminItem(toEnvelope(r))),
        total: t.n,
        totalPaid: formatFen(Number(t.paid)),
        totalBudget: formatFen(Number(t.budget)),
      });
    },
  );

  app.post<{ Body: Static<typeof SaveForm> }>(
    '/v1/admin/activityRedEnvelope/save',
    { ...opts, schema: { body: SaveForm } },
    async (req) => {
      const { id, ...fields } = req.body;
      const parsed = parseEnvelopeForm(fields);
      if (!parsed.ok) return refuse(parsed.msg);
      const d = parsed.draft;
      if (id === undefined) {
        if (d.endsAtMs <= Date.now()) refuse('结束时间必须晚于当前时间');
        const e = d.eligibility;
        const [made] = await sql<{ id: number }[]>`
        insert into activity_red_envelopes (kind, title, starts_at, ends_at, budget_fen, shares, amount_fen, min_grade, max_grade,
          requirement, required_fen, period_days, period_start, period_end, created_by)
        values (${d.kind}, ${d.title}, ${new Date(d.startsAtMs)}, ${new Date(d.endsAtMs)}, ${d.budgetFen}, ${d.shares}, ${d.amountFen},
          ${e.minGrade}, ${e.maxGrade}, ${e.requirement}, ${e.requiredFen}, ${e.periodDays}, ${e.periodStart}, ${e.periodEnd},
          ${loggedIn(req).userId})
        returning id`;
        return ok({ id: Number(made.id) }, '已创建');
      }
      // the row lock orders this edit with claims: none can pay between the check and the update
      await sql.begin(async (tx) => {
        const old = await envelopeById(tx, id, true);
        if (!old) refuse('红包活动不存在');
        checkEdit(old!, d);
        await update(tx, id, d);
      });
      return ok({ id }, '已保存');
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/activityRedEnvelope/close',
    { ...opts, schema: { body: IdForm } },
    async (req) => {
      const rows =
        await sql`update activity_red_envelopes set closed = true, updated_at = now() where id = ${req.body.id} returning id`;
      if (rows.length === 0) refuse('红包活动不存在');
      return ok(null, '已关闭');
    },
  );

  app.get<{ Querystring: Static<typeof ClaimsQuery> }>(
    '/v1/admin/activityRedEnvelope/claims',
    { ...opts, schema: { querystring: ClaimsQuery } },
    async (req) => {
      const env = await envelopeById(sql, req.query.id);
      if (!env) refuse('红包活动不存在');
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const rows = await sql<{ user_name: string; amount_fen: number; created_at: Date }[]>`
      select u.user_name, c.amount_fen, c.created_at from activity_red_envelope_claims c join users u on u.id = c.user_id
      where c.envelope_id = ${req.query.id} order by c.id desc limit ${limit} offset ${offset}`;
      return ok({
        envelope: adminItem(env!),
        list: rows.map((r) => ({
          userName: r.user_name,
          amount: formatFen(Number(r.amount_fen)),
          time: formatBeijing(r.created_at),
        })),
        total: env!.claimedCount,
        totalPaid: formatFen(env!.paidFen),
      });
    },
  );
}
