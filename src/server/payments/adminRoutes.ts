/** Operator calls of the payments feature under /v1/admin/ (every route carries config.auth = 'operator'). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { formatFen } from '../../domain/money.ts';
import { RECHARGE_CHANNELS } from '../../domain/payments.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { Id, PlainText } from '../http/schemas.ts';
import { adminConfig, allConfigs, getPaymentSettings, putPaymentSettings } from './configs.ts';
import {
  checkConfig,
  ChannelSaveForm,
  nextSettings,
  saveConfig,
  SettingsSaveForm,
  type ChannelSave,
} from './configAdmin.ts';
import { approveOrder, orderSelect, orderView, rejectOrder, type OrderRow } from './orders.ts';
import { RechargeStatusField } from './routes.ts';
import uploadQrRoutes from './uploadQr.ts';

const ListQuery = Form({
  status: Type.Optional(RechargeStatusField),
  userName: Type.Optional(UserName),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const IdForm = Form({ id: Id });
const RejectForm = Form({ id: Id, remark: PlainText(200, { minLength: 1 }) });

function adminOrder(r: OrderRow) {
  return {
    ...orderView(r),
    userId: r.user_id,
    userName: r.user_name ?? '',
    operatorName: r.operator_name ?? '',
  };
}

export default async function paymentsAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/recharge/list',
    { config: OPERATOR, schema: { querystring: ListQuery } },
    async (req) => {
      const { status, userName } = req.query;
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const where = sql`where true
        ${status ? sql`and o.status = ${status}` : sql``}
        ${userName ? sql`and lower(u.user_name) = lower(${userName})` : sql``}`;
      const rows = await sql<
        OrderRow[]
      >`${orderSelect(sql)} ${where} order by o.id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from recharge_orders o join users u on u.id = o.user_id ${where}`;
      return ok({ list: rows.map(adminOrder), total: n });
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/recharge/approve',
    { config: OPERATOR, schema: { body: IdForm } },
    async (req) => {
      const r = await approveOrder(sql, req.body.id, loggedIn(req).userId);
      return ok(
        { order: adminOrder(r.order), balance: formatFen(r.balanceFen), balanceFen: r.balanceFen },
        '已确认到账',
      );
    },
  );

  app.post<{ Body: Static<typeof RejectForm> }>(
    '/v1/admin/recharge/reject',
    { config: OPERATOR, schema: { body: RejectForm } },
    async (req) => {
      const remark = req.body.remark.trim();
      if (remark === '') refuse('请填写驳回原因');
      const order = await rejectOrder(sql, req.body.id, loggedIn(req).userId, remark);
      return ok({ order: adminOrder(order) }, '已驳回');
    },
  );

  app.get(
    '/v1/admin/payment/channels',
    { config: OPERATOR, schema: { querystring: Form({}) } },
    async () => {
      const settings = await getPaymentSettings(sql);
      const configs = await allConfigs(sql);
      const channels = RECHARGE_CHANNELS.map((c) => ({
        code: c.code,
        name: c.name,
        typeCode: c.typeCode,
        frontCall: c.frontCall,
        online: c.online,
        enabled: settings.paySort.includes(c.code),
        list: configs.filter((r) => r.channel === c.code).map(adminConfig),
      }));
      return ok({ channels, settings });
    },
  );

  app.post<{ Body: ChannelSave }>(
    '/v1/admin/payment/channelSave',
    { config: OPERATOR, schema: { body: ChannelSaveForm } },
    async (req) => {
      const id = await saveConfig(sql, req.body.id, checkConfig(req.body));
      return ok({ id }, '保存成功');
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/payment/channelDelete',
    { config: OPERATOR, schema: { body: IdForm } },
    async (req) => {
      const [row] = await sql<{ id: number }[]>`
        update payment_configs set deleted = true, enabled = false, updated_at = now()
        where id = ${req.body.id} and not deleted returning id`;
      if (!row) refuse('记录不存在');
      return ok(null, '已删除');
    },
  );

  app.post<{ Body: Static<typeof SettingsSaveForm> }>(
    '/v1/admin/payment/settingsSave',
    { config: OPERATOR, schema: { body: SettingsSaveForm } },
    async (req) => {
      const next = nextSettings(await getPaymentSettings(sql), req.body);
      await putPaymentSettings(sql, next, loggedIn(req).userId);
      return ok(next, '保存成功');
    },
  );

  await app.register(uploadQrRoutes);
}
