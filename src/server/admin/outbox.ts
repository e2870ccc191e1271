/**
 * GET /v1/admin/codes/outbox: the verification codes the site has sent (SMS and mail), newest
 * first, so the operator can read them on a demo site without an SMS or mail gateway.
 * The table `code_outbox` belongs to the account feature (002_account.sql).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

const OutboxQuery = Form({ page: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });

interface OutboxRow {
  id: number;
  channel: string;
  target: string;
  purpose: string;
  message: string;
  user_id: number | null;
  created_at: Date;
}

export default async function outboxRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get<{ Querystring: Static<typeof OutboxQuery> }>(
    '/v1/admin/codes/outbox',
    { config: OPERATOR, schema: { querystring: OutboxQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const rows = await sql<OutboxRow[]>`
        select id, channel, target, purpose, message, user_id, created_at from code_outbox
        order by id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from code_outbox`;
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          target: r.target,
          purpose: r.purpose,
          message: r.message,
          userId: r.user_id,
          createdAt: r.created_at.getTime(),
        })),
        total: n,
      });
    },
  );
}
