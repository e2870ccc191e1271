/** GET/POST /v1/admin/site/status: the maintenance, closed and IP switches. */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok, refuse } from '../http/envelope.ts';
import { getSetting, putSetting } from '../site/settings.ts';
import {
  DEFAULT_SITE_STATUS,
  parseIpList,
  SITE_STATUS_KEY,
  type SiteStatus,
} from '../site/status.ts';
import { Flag, PlainText } from '../http/schemas.ts';
import { OPERATOR } from '../http/schemas.ts';
import { loggedIn } from '../auth/sessions.ts';

/** Every field is optional: the ones given change, the rest stay. */
const StatusForm = Form({
  maintenance: Type.Optional(Flag),
  maintenanceMessage: Type.Optional(PlainText(200, { minLength: 1 })),
  closed: Type.Optional(Flag),
  closedMessage: Type.Optional(PlainText(200, { minLength: 1 })),
  ipMode: Type.Optional(
    Type.Union([Type.Literal('off'), Type.Literal('allow'), Type.Literal('deny')]),
  ),
  ipList: Type.Optional(Type.String({ maxLength: 8000, pattern: '^[0-9A-Fa-f.:*,\\s]*$' })),
});
type StatusBody = Static<typeof StatusForm>;

function applyChanges(current: SiteStatus, b: StatusBody): SiteStatus {
  const next = { ...current };
  if (b.maintenance !== undefined) next.maintenance = b.maintenance === '1';
  if (b.closed !== undefined) next.closed = b.closed === '1';
  if (b.maintenanceMessage !== undefined)
    next.maintenanceMessage = b.maintenanceMessage.trim() || current.maintenanceMessage;
  if (b.closedMessage !== undefined)
    next.closedMessage = b.closedMessage.trim() || current.closedMessage;
  if (b.ipMode !== undefined) next.ipMode = b.ipMode;
  if (b.ipList !== undefined) {
    const parsed = parseIpList(b.ipList);
    if ('bad' in parsed) refuse('IP地址格式不正确'); // the bad entry is not echoed back;
    next.ipList = parsed.entries;
  }
  if (next.ipMode === 'allow' && next.ipList.length === 0) refuse('白名单模式下IP列表不能为空');
  return next;
}

export default async function siteStatusRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const read = () => getSetting(sql, SITE_STATUS_KEY, DEFAULT_SITE_STATUS);

  app.get('/v1/admin/site/status', { config: OPERATOR }, async () => ok(await read()));

  app.post<{ Body: StatusBody }>(
    '/v1/admin/site/status',
    { config: OPERATOR, schema: { body: StatusForm } },
    async (req) => {
      if (Object.keys(req.body).length === 0) refuse('没有要修改的内容');
      const next = applyChanges(await read(), req.body);
      await putSetting(sql, SITE_STATUS_KEY, next, loggedIn(req).userId);
      return ok(next);
    },
  );
}
