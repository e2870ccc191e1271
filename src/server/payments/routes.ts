/** Recharge: the channels of /recharge (/v1/transaction/front*) and recharge orders (rechargeFrontPaymentRecord). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  channelUrl,
  MAX_PENDING_RECHARGES,
  RECHARGE_CHANNELS,
  RECHARGE_STATUSES,
} from '../../domain/payments.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse, RequestId } from '../http/envelope.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Id } from '../http/schemas.ts';
import {
  channelConfigs,
  channelsWithConfigs,
  getPaymentSettings,
  playerConfig,
} from './configs.ts';
import {
  createOrder,
  findOrder,
  NOT_FOUND_MSG,
  orderSelect,
  orderView,
  type OrderRow,
} from './orders.ts';

const PREFIX = '/v1/transaction';

export const RechargeStatusField = Type.Union(RECHARGE_STATUSES.map((s) => Type.Literal(s)));

const RecordForm = Form({
  channel: Type.String({ minLength: 1, maxLength: 30 }),
  configId: Id,
  amount: Type.String({ minLength: 1, maxLength: 30 }),
  payerName: Type.Optional(Type.String({ maxLength: 30 })),
  requestId: RequestId,
});
const ListQuery = Form({
  status: Type.Optional(RechargeStatusField),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const DetailQuery = Form({ id: Id });
const NoQuery = Form({});

export default async function paymentsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get(`${PREFIX}/frontPaySort`, { schema: { querystring: NoQuery } }, async () => {
    const settings = await getPaymentSettings(sql);
    const live = await channelsWithConfigs(sql);
    const list = settings.paySort
      .filter((code) => live.has(code))
      .map((code) => RECHARGE_CHANNELS.find((c) => c.code === code)!)
      .map((c) => ({
        code: c.code,
        name: c.name,
        url: channelUrl(c.code),
        typeCode: c.typeCode,
        online: c.online,
      }));
    return ok({ list });
  });

  for (const channel of RECHARGE_CHANNELS) {
    app.get(`${PREFIX}/${channel.frontCall}`, { schema: { querystring: NoQuery } }, async () => {
      const settings = await getPaymentSettings(sql);
      const enabled = settings.paySort.includes(channel.code);
      const list = enabled ? (await channelConfigs(sql, channel.code, true)).map(playerConfig) : [];
      return ok({
        channel: channel.code,
        name: channel.name,
        typeCode: channel.typeCode,
        online: channel.online,
        enabled,
        list,
      });
    });
  }

  app.get(`${PREFIX}/frontPaymentSettings`, { schema: { querystring: NoQuery } }, async () => {
    const s = await getPaymentSettings(sql);
    return ok({
      notice: s.notice,
      payerNameRequired: s.payerNameRequired,
      maxPending: MAX_PENDING_RECHARGES,
    });
  });

  app.post<{ Body: Static<typeof RecordForm> }>(
    `${PREFIX}/rechargeFrontPaymentRecord`,
    { schema: { body: RecordForm } },
    async (req) => {
      const b = req.body;
      const r = await createOrder(sql, {
        userId: loggedIn(req).userId,
        channel: b.channel,
        configId: b.configId,
        amount: b.amount,
        payerName: b.payerName ?? '',
        requestId: b.requestId,
      });
      return ok(
        { order: orderView(r.order), created: r.created },
        r.created ? '充值订单已提交' : '成功',
      );
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    `${PREFIX}/rechargeRecordList`,
    { schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const status = req.query.status;
      const where = sql`where o.user_id = ${loggedIn(req).userId} ${status ? sql`and o.status = ${status}` : sql``}`;
      const rows = await sql<
        OrderRow[]
      >`${orderSelect(sql)} ${where} order by o.id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<
        { n: number }[]
      >`select count(*)::int as n from recharge_orders o ${where}`;
      return ok({ list: rows.map(orderView), total: n });
    },
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    `${PREFIX}/rechargeRecordDetail`,
    { schema: { querystring: DetailQuery } },
    async (req) => {
      const row = await findOrder(sql, req.query.id, loggedIn(req).userId);
      if (!row) refuse(NOT_FOUND_MSG);
      return ok(orderView(row));
    },
  );
}
