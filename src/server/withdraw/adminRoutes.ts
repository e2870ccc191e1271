/** Operator calls of the withdraw feature under /v1/admin/ (every route carries config.auth = 'operator'). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { parseYuanToFen } from '../../domain/money.ts';
import {
  checkSettings,
  parsePercentToBp,
  settingsToWire,
  WITHDRAW_LIMITS,
  type WithdrawSettings,
} from '../../domain/withdraw.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { Flag, Id, PlainText } from '../http/schemas.ts';
import { approveWithdrawal, rejectWithdrawal } from './decide.ts';
import type { OrderRow } from './orders.ts';
import { StatusFilter } from './routes.ts';
import { loadWithdrawSettings, saveWithdrawSettings } from './settings.ts';
import { waiveTurnover } from './turnover.ts';
import { operatorOrderView } from './views.ts';

/** Kept with each recharge requirement waived by setting 充值流水倍数 to 0. */
export const ZERO_MULTIPLE_REASON = '充值流水倍数设为0';

const Opt = Type.Optional;
const Yuan = Type.String({ minLength: 1, maxLength: 15 });
const Count = Type.Integer({ minimum: 0, maximum: WITHDRAW_LIMITS.maxCount });
const HHMM = Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' });

const ListQuery = Form({
  status: Opt(StatusFilter),
  userName: Opt(UserName),
  page: Opt(PageNum),
  pageSize: Opt(PageSize),
});
const ApproveForm = Form({ id: Id });
const RejectForm = Form({ id: Id, remark: PlainText(200, { minLength: 1 }) });
const SettingsForm = Form({
  enabled: Opt(Flag),
  minAmount: Opt(Yuan),
  maxAmount: Opt(Yuan),
  dailyCount: Opt(Count),
  freeCount: Opt(Count),
  feePercent: Opt(Type.String({ minLength: 1, maxLength: 6 })),
  feeMin: Opt(Yuan),
  feeMax: Opt(Yuan),
  turnoverPercent: Opt(Type.Integer({ minimum: 0, maximum: WITHDRAW_LIMITS.maxTurnoverPercent })),
  openStart: Opt(HHMM),
  openEnd: Opt(HHMM),
});

function yuanField(text: string | undefined, label: string, current: number): number {
  if (text === undefined) return current;
  const fen = parseYuanToFen(text);
  if (fen === null) refuse(`${label}格式不正确，最多两位小数`);
  return fen;
}

/** The settings after applying the given fields; refuses a field or a combination that does not fit. */
function merged(cur: WithdrawSettings, b: Static<typeof SettingsForm>): WithdrawSettings {
  let feeBp = cur.feeBp;
  if (b.feePercent !== undefined) {
    const bp = parsePercentToBp(b.feePercent);
    if (bp === null) refuse('手续费比例须在0到100之间，最多两位小数');
    feeBp = bp;
  }
  const next: WithdrawSettings = {
    enabled: b.enabled === undefined ? cur.enabled : b.enabled === '1',
    minFen: yuanField(b.minAmount, '最低提现金额', cur.minFen),
    maxFen: yuanField(b.maxAmount, '最高提现金额', cur.maxFen),
    dailyCount: b.dailyCount ?? cur.dailyCount,
    freeCount: b.freeCount ?? cur.freeCount,
    feeBp,
    feeMinFen: yuanField(b.feeMin, '手续费下限', cur.feeMinFen),
    feeMaxFen: yuanField(b.feeMax, '手续费上限', cur.feeMaxFen),
    turnoverPercent: b.turnoverPercent ?? cur.turnoverPercent,
    openStart: b.openStart ?? cur.openStart,
    openEnd: b.openEnd ?? cur.openEnd,
  };
  const problem = checkSettings(next);
  if (problem) refuse(problem);
  return next;
}

export default async function withdrawAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/admin/withdraw/list',
    { config: OPERATOR, schema: { querystring: ListQuery } },
    async (req) => {
      const q = req.query;
      const { limit, offset } = paging(q.page, q.pageSize);
      const byStatus = q.status ? sql`w.status = ${q.status}` : sql`true`;
      const byUser = q.userName ? sql`lower(u.user_name) = lower(${q.userName})` : sql`true`;
      const rows = await sql<(OrderRow & { user_name: string; operator_name: string | null })[]>`
        select w.*, u.user_name, o.user_name as operator_name
        from withdraw_orders w join users u on u.id = w.user_id left join users o on o.id = w.operator_id
        where ${byStatus} and ${byUser}
        order by w.created_at desc, w.id desc limit ${limit} offset ${offset}`;
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from withdraw_orders w join users u on u.id = w.user_id where ${byStatus} and ${byUser}`;
      return ok({ list: rows.map(operatorOrderView), total: n });
    },
  );

  app.post<{ Body: Static<typeof ApproveForm> }>(
    '/v1/admin/withdraw/approve',
    { config: OPERATOR, schema: { body: ApproveForm } },
    async (req) => {
      const o = await approveWithdrawal(sql, req.body.id, loggedIn(req).userId);
      return ok({ id: o.id, status: o.status }, '已出款');
    },
  );

  app.post<{ Body: Static<typeof RejectForm> }>(
    '/v1/admin/withdraw/reject',
    { config: OPERATOR, schema: { body: RejectForm } },
    async (req) => {
      const remark = req.body.remark.trim();
      if (!remark) refuse('驳回原因不能为空');
      const o = await rejectWithdrawal(sql, req.body.id, loggedIn(req).userId, remark);
      return ok({ id: o.id, status: o.status }, '已驳回');
    },
  );

  app.get(
    '/v1/admin/withdraw/settings',
    { config: OPERATOR, schema: { querystring: Form({}) } },
    async () => ok(settingsToWire(await loadWithdrawSettings(sql))),
  );

  app.post<{ Body: Static<typeof SettingsForm> }>(
    '/v1/admin/withdraw/settings',
    { config: OPERATOR, schema: { body: SettingsForm } },
    async (req) => {
      const next = merged(await loadWithdrawSettings(sql), req.body);
      const operatorId = loggedIn(req).userId;
      await saveWithdrawSettings(sql, next, operatorId);
      if (next.turnoverPercent !== 0) return ok(settingsToWire(next), '保存成功');
      // no multiple any more: what recharges already required is waived too (activity rules keep theirs)
      const waived = await waiveTurnover(sql, {
        operatorId,
        reason: ZERO_MULTIPLE_REASON,
        source: 'recharge',
      });
      return ok(
        settingsToWire(next),
        waived > 0 ? `保存成功，已免除${waived}笔充值流水要求` : '保存成功',
      );
    },
  );
}
