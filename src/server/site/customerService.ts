/**
 * Customer-service lines (spec 001 sections 2-3): kept as one site setting (`customer_service`,
 * `{ lines }`), read by players through GET /v1/site/customerServiceList (open to guests: a
 * player who cannot log in needs service most) and edited by operators through
 * /v1/admin/site/customerService, which also sets the service window's size and the embedded
 * chat's partner (tenant_config). The picker (客服选单) and /manualVerification show the same list.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok, refuse } from '../http/envelope.ts';
import { getSetting, putSetting } from './settings.ts';
import { getTenantConfig, TENANT_CONFIG_KEY } from './tenant.ts';
import { Flag } from '../http/schemas.ts';
import { loggedIn } from '../auth/sessions.ts';
import { originOf } from '../../domain/toolbar/embedChat.ts';
import {
  LINK_TYPE_EXTERNAL,
  LINK_TYPE_LOCAL,
  SERVICE_LINES_MAX,
  serviceLineProblem,
  visibleServiceLines,
  type ServiceLine,
} from '../../domain/toolbar/service.ts';
import type { Sql } from '../db/client.ts';

export const CUSTOMER_SERVICE_KEY = 'customer_service';
const OPERATOR = { auth: 'operator' as const };

export async function getServiceLines(sql: Sql): Promise<ServiceLine[]> {
  const s = await getSetting<{ lines: ServiceLine[] }>(sql, CUSTOMER_SERVICE_KEY, { lines: [] });
  return Array.isArray(s.lines) ? s.lines : [];
}

/** The lines of an operator's form (a JSON array), checked one by one; refuses with the first problem. */
export function parseServiceLines(json: string): ServiceLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    refuse('客服线路格式不正确');
  }
  if (!Array.isArray(raw)) refuse('客服线路格式不正确');
  if (raw.length > SERVICE_LINES_MAX) refuse(`客服线路最多${SERVICE_LINES_MAX}条`);
  return raw.map((item: unknown, i: number) => {
    if (typeof item !== 'object' || item === null) refuse(`第${i + 1}条线路格式不正确`);
    const r = item as Record<string, unknown>;
    const linkType =
      Number(r.linkType) === LINK_TYPE_EXTERNAL ? LINK_TYPE_EXTERNAL : LINK_TYPE_LOCAL;
    const line: ServiceLine = {
      name: typeof r.name === 'string' ? r.name.trim() : '',
      linkType,
      linkUrl:
        linkType === LINK_TYPE_EXTERNAL && typeof r.linkUrl === 'string' ? r.linkUrl.trim() : '',
      htmlPath:
        linkType !== LINK_TYPE_EXTERNAL && typeof r.htmlPath === 'string' ? r.htmlPath.trim() : '',
      sort: typeof r.sort === 'number' ? r.sort : Number(r.sort ?? 0),
      enabled: r.enabled === true || r.enabled === 1 || r.enabled === '1',
    };
    const problem = serviceLineProblem(line);
    if (problem) refuse(`第${i + 1}条线路：${problem}`);
    return line;
  });
}

const SaveForm = Form({
  lines: Type.Optional(Type.String({ maxLength: 20_000 })),
  supportWidth: Type.Optional(Type.Integer({ minimum: 200, maximum: 4000 })),
  supportHeight: Type.Optional(Type.Integer({ minimum: 200, maximum: 4000 })),
  embedChatEnabled: Type.Optional(Flag),
  embedChatUrl: Type.Optional(Type.String({ maxLength: 500 })),
});
type SaveBody = Static<typeof SaveForm>;

export default async function customerServiceRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/site/customerServiceList', { config: { auth: 'none' as const } }, async () =>
    ok({
      list: visibleServiceLines(await getServiceLines(sql)).map(
        ({ name, linkType, linkUrl, htmlPath, sort }) => ({
          name,
          linkType,
          linkUrl,
          htmlPath,
          sort,
        }),
      ),
    }),
  );

  async function adminView() {
    const t = await getTenantConfig(sql);
    return {
      lines: await getServiceLines(sql),
      supportWidth: t.supportWidth,
      supportHeight: t.supportHeight,
      embedChatEnabled: t.embedChatEnabled,
      embedChatUrl: t.embedChatUrl,
      embedChatPartnerOrigin: t.embedChatPartnerOrigin,
    };
  }

  app.get('/v1/admin/site/customerService', { config: OPERATOR }, async () =>
    ok(await adminView()),
  );

  app.post<{ Body: SaveBody }>(
    '/v1/admin/site/customerService',
    { config: OPERATOR, schema: { body: SaveForm } },
    async (req) => {
      const b = req.body;
      if (Object.keys(b).length === 0) refuse('没有要修改的内容');
      const lines = b.lines !== undefined ? parseServiceLines(b.lines) : null;
      const tenant = { ...(await getTenantConfig(sql)) };
      if (b.supportWidth !== undefined) tenant.supportWidth = b.supportWidth;
      if (b.supportHeight !== undefined) tenant.supportHeight = b.supportHeight;
      if (b.embedChatUrl !== undefined) {
        const url = b.embedChatUrl.trim();
        const origin = url ? originOf(url) : '';
        if (origin === null || (url && !/^https?:\/\/[^\s<>"']+$/.test(url)))
          refuse('嵌入聊天地址须为http(s)://开头的网址');
        tenant.embedChatUrl = url;
        tenant.embedChatPartnerOrigin = origin;
      }
      if (b.embedChatEnabled !== undefined) tenant.embedChatEnabled = b.embedChatEnabled === '1';
      if (tenant.embedChatEnabled && !tenant.embedChatUrl)
        refuse('开启嵌入聊天前请先填写嵌入聊天地址');
      const actorId = loggedIn(req).userId;
      if (lines) await putSetting(sql, CUSTOMER_SERVICE_KEY, { lines }, actorId);
      await putSetting(sql, TENANT_CONFIG_KEY, tenant, actorId);
      return ok(await adminView());
    },
  );
}
