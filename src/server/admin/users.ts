/** Operator calls about players: list and search (name, status) with balances, force logout, status. */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SESSION_IDLE_SEC } from '../../domain/constants.ts';
import { formatFen } from '../../domain/money.ts';
import { endUserSessions, loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { Id, PlainText } from '../http/schemas.ts';
import { likePattern } from '../db/like.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

const Status = Type.Union([
  Type.Literal('active'),
  Type.Literal('frozen'),
  Type.Literal('disabled'),
]);
const ListQuery = Form({
  keyword: Type.Optional(PlainText(20)),
  status: Type.Optional(Status),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const ForceLogoutForm = Form({ userId: Id, message: Type.Optional(PlainText(100)) });
const StatusForm = Form({ userId: Id, status: Status });

interface UserRow {
  id: number;
  user_name: string;
  is_agent: boolean;
  is_operator: boolean;
  status: string;
  balance: number;
  created_at: Date;
  last_login_at: Date | null;
  online: boolean;
  total: number;
}

export default async function userRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/users/list',
    { config: OPERATOR, schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const keyword = req.query.keyword?.trim() ?? '';
      const where = matching(keyword, req.query.status);
      const rows = await sql<UserRow[]>`
        select u.id, u.user_name, u.is_agent, u.is_operator, u.status, u.created_at, u.last_login_at,
               coalesce(a.balance, 0) as balance,
               exists (select 1 from sessions s where s.user_id = u.id and s.ended_at is null and s.expires_at > now()
                       and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SEC})) as online,
               count(*) over ()::int as total
        from users u left join ledger_accounts a on a.kind = 'player' and a.user_id = u.id
        where ${where}
        order by u.id desc limit ${limit} offset ${offset}`;
      const total = rows[0]?.total ?? (offset > 0 ? await countUsers(where) : 0);
      return ok({
        list: rows.map((r) => ({
          userId: r.id,
          userName: r.user_name,
          agent: r.is_agent,
          operator: r.is_operator,
          status: r.status,
          balance: formatFen(r.balance),
          createdAt: r.created_at.getTime(),
          lastLoginAt: r.last_login_at?.getTime() ?? null,
          online: r.online,
        })),
        total,
      });
    },
  );

  /** The list's filter over `users u`: a part of the name, and the status when one is chosen. */
  function matching(keyword: string, status?: string) {
    return sql`${keyword === '' ? sql`true` : sql`u.user_name ilike ${likePattern(keyword)}`}
               and ${status === undefined ? sql`true` : sql`u.status = ${status}`}`;
  }

  async function countUsers(where: ReturnType<typeof matching>): Promise<number> {
    const [{ n }] = await sql<
      { n: number }[]
    >`select count(*)::int as n from users u where ${where}`;
    return n;
  }

  app.post<{ Body: Static<typeof ForceLogoutForm> }>(
    '/v1/admin/users/forceLogout',
    { config: OPERATOR, schema: { body: ForceLogoutForm } },
    async (req) => {
      await findUser(req.body.userId);
      const ended = await endUserSessions(
        sql,
        req.body.userId,
        'forced',
        req.body.message?.trim() || undefined,
      );
      return ok({ ended });
    },
  );

  app.post<{ Body: Static<typeof StatusForm> }>(
    '/v1/admin/users/setStatus',
    { config: OPERATOR, schema: { body: StatusForm } },
    async (req) => {
      const { userId, status } = req.body;
      if (userId === loggedIn(req).userId) refuse('不能修改自己的账号状态');
      await findUser(userId);
      await sql`update users set status = ${status} where id = ${userId}`;
      // Their open sessions end now with the reason, so the next call answers -49 / -11.
      if (status !== 'active') await endUserSessions(sql, userId, status);
      return ok(null);
    },
  );

  async function findUser(userId: number): Promise<void> {
    const [u] = await sql`select id from users where id = ${userId}`;
    if (!u) refuse('用户不存在');
  }
}
