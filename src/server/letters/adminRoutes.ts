/**
 * The operator's letters, under /v1/admin/letters/: the list (audience, how many players have read
 * each), send (to one player by user name, to a grade, or to everyone: one row whatever the audience)
 * and delete (gone from every inbox). docs/content.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  gradeLabel,
  messageTypeOf,
  MESSAGE_TYPE_NAMES,
  type LetterAudience,
  type LetterTo,
} from '../../domain/letters.ts';
import { formatBeijing } from '../../domain/time.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Id, PlainText } from '../http/schemas.ts';
import { sendLetter } from './store.ts';

const opts = { config: OPERATOR };
const ListQuery = Form({ page: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });
const SendForm = Form({
  audience: Type.Union([Type.Literal('user'), Type.Literal('grade'), Type.Literal('all')]),
  userName: Type.Optional(Type.Union([Type.Literal(''), UserName])),
  grade: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
  title: PlainText(60, { minLength: 1 }),
  content: PlainText(5000, { minLength: 1, multiline: true }),
});
const IdForm = Form({ id: Id });

interface AdminLetterRow {
  id: number;
  audience: LetterAudience;
  to_grade: number | null;
  to_user_name: string | null;
  title: string;
  content: string;
  created_at: Date;
  operator_name: string | null;
  read_count: number;
}

function audienceText(r: AdminLetterRow): string {
  if (r.audience === 'user') return `会员 ${r.to_user_name ?? ''}`.trim();
  if (r.audience === 'grade') return `等级 ${gradeLabel(r.to_grade ?? 0)}`;
  return '全部会员';
}

async function recipientOf(app: FastifyInstance, body: Static<typeof SendForm>): Promise<LetterTo> {
  if (body.audience === 'all') return { all: true };
  if (body.audience === 'grade') {
    if (body.grade === undefined) refuse('请选择会员等级');
    return { grade: body.grade };
  }
  if (!body.userName) refuse('请填写收件会员的用户名');
  const [user] = await app.deps.sql<
    { id: number }[]
  >`select id from users where lower(user_name) = lower(${body.userName})`;
  if (!user) refuse('收件会员不存在');
  return { userId: user.id };
}

export default async function letterAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/letters/list',
    { ...opts, schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const [rows, [{ total }]] = await Promise.all([
        sql<AdminLetterRow[]>`
        select l.id, l.audience, l.to_grade, tu.user_name as to_user_name, l.title, l.content, l.created_at,
               op.user_name as operator_name,
               (select count(*) from letter_states s where s.letter_id = l.id and s.read_at is not null)::int as read_count
        from letters l
        left join users tu on tu.id = l.to_user_id
        left join users op on op.id = l.operator_id
        order by l.id desc limit ${limit} offset ${offset}`,
        sql<{ total: number }[]>`select count(*)::int as total from letters`,
      ]);
      return ok({
        total,
        list: rows.map((r) => ({
          id: r.id,
          audience: r.audience,
          audienceText: audienceText(r),
          toGrade: r.to_grade,
          toUserName: r.to_user_name,
          messageTypeName: MESSAGE_TYPE_NAMES[messageTypeOf(r.audience)],
          title: r.title,
          content: r.content,
          readCount: r.read_count,
          operatorName: r.operator_name ?? '系统',
          createTime: formatBeijing(r.created_at),
        })),
      });
    },
  );

  app.post<{ Body: Static<typeof SendForm> }>(
    '/v1/admin/letters/send',
    { ...opts, schema: { body: SendForm } },
    async (req) => {
      const to = await recipientOf(app, req.body);
      const id = await sendLetter(sql, {
        to,
        title: req.body.title,
        content: req.body.content,
        operatorId: loggedIn(req).userId,
      });
      return ok({ id });
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/letters/delete',
    { ...opts, schema: { body: IdForm } },
    async (req) => {
      const gone = await sql`delete from letters where id = ${req.body.id} returning id`;
      if (gone.length === 0) refuse('站内信不存在');
      return ok(null);
    },
  );
}
