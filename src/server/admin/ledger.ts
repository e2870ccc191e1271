/**
 * GET /v1/admin/ledger/transfers: the journal, newest first, for one player or for all.
 * `amount` is signed from the player's side: positive when it reached their wallet, negative
 * when it left it; transfers between other accounts show the plain amount.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { formatFen } from '../../domain/money.ts';
import { txTypeName } from '../../domain/txTypes.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

const TransfersQuery = Form({
  userName: Type.Optional(UserName),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

interface TransferRow {
  id: number;
  transfer_id: string;
  type_code: number;
  signed: number;
  balance_after: number | null;
  remark: string | null;
  user_name: string | null;
  operator_name: string | null;
  created_at: Date;
}

export default async function ledgerAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get<{ Querystring: Static<typeof TransfersQuery> }>(
    '/v1/admin/ledger/transfers',
    { config: OPERATOR, schema: { querystring: TransfersQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      let userId: number | null = null;
      if (req.query.userName) {
        const [u] = await sql<
          { id: number }[]
        >`select id from users where lower(user_name) = lower(${req.query.userName})`;
        if (!u) refuse('用户不存在');
        userId = u.id;
      }
      const where = userId === null ? sql`true` : sql`t.user_id = ${userId}`;
      const rows = await sql<TransferRow[]>`
        select t.id, t.transfer_id, t.type_code, t.balance_after, t.remark, t.created_at,
               case when c.kind = 'player' and c.user_id = t.user_id then t.amount
                    when d.kind = 'player' and d.user_id = t.user_id then -t.amount
                    else t.amount end as signed,
               u.user_name, o.user_name as operator_name
        from transfers t
        join ledger_accounts c on c.id = t.credit_account_id
        join ledger_accounts d on d.id = t.debit_account_id
        left join users u on u.id = t.user_id
        left join users o on o.id = t.operator_id
        where ${where} order by t.id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from transfers t where ${where}`;
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          transferId: r.transfer_id,
          typeCode: r.type_code,
          typeName: txTypeName(r.type_code),
          amount: formatFen(r.signed),
          balanceAfter: r.balance_after === null ? null : formatFen(r.balance_after),
          remark: r.remark ?? '',
          userName: r.user_name,
          operatorName: r.operator_name,
          createdAt: r.created_at.getTime(),
        })),
        total: n,
      });
    },
  );
}
