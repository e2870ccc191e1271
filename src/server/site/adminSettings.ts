/**
 * 站点设置 (/v1/admin/site/settings): the settings that used to need code. The tenant name, which
 * register fields are required, the login image-code threshold and the feature flags
 * (yuebaoEnable, embedChatEnabled). Each save goes through putSetting with the operator as actor,
 * so it is audited with its before and after; every instance serves it within the settings cache.
 * The customer-service lines and the service window are edited by 客服设置 (customerService.ts);
 * the change history of every setting is read here too (GET /v1/admin/site/settingsAudit).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  loginImageCodeProblem,
  REGISTER_REQUIREMENTS,
  tenantNameProblem,
} from '../../domain/site/settings.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { getSetting, putSetting } from './settings.ts';
import {
  DEFAULT_REGISTER_VERIFY,
  getTenantConfig,
  REGISTER_VERIFY_KEY,
  TENANT_CONFIG_KEY,
  type RegisterVerify,
} from './tenant.ts';
import { Flag } from '../http/schemas.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import type { Sql } from '../db/client.ts';

const SettingsForm = Form({
  tenantName: Type.Optional(Type.String({ maxLength: 200 })),
  loginImageCodeAfterFailures: Type.Optional(Type.String({ maxLength: 10 })),
  yuebaoEnable: Type.Optional(Flag),
  embedChatEnabled: Type.Optional(Flag),
  imageCode: Type.Optional(Flag),
  phone: Type.Optional(Flag),
  email: Type.Optional(Flag),
  qq: Type.Optional(Flag),
  realName: Type.Optional(Flag),
  inviteCode: Type.Optional(Flag),
});
type SettingsBody = Static<typeof SettingsForm>;

const AuditQuery = Form({
  key: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

export interface SiteSettingsView {
  tenantName: string;
  loginImageCodeAfterFailures: number;
  yuebaoEnable: boolean;
  embedChatEnabled: boolean;
  embedChatUrl: string;
  register: RegisterVerify;
}

async function view(sql: Sql): Promise<SiteSettingsView> {
  const [t, verify] = await Promise.all([
    getTenantConfig(sql),
    getSetting(sql, REGISTER_VERIFY_KEY, DEFAULT_REGISTER_VERIFY),
  ]);
  return {
    tenantName: t.tenantName,
    loginImageCodeAfterFailures: t.loginImageCodeAfterFailures,
    yuebaoEnable: t.yuebaoEnable,
    embedChatEnabled: t.embedChatEnabled,
    embedChatUrl: t.embedChatUrl,
    register: { ...verify, imageCode: verify.imageCode && t.registerImageCode },
  };
}

/** Reads the whole-number threshold from its form text; refuses anything else in Chinese. */
function threshold(text: string): number {
  const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const problem = loginImageCodeProblem(n);
  if (problem) refuse(problem);
  return n;
}

export default async function adminSettingsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/admin/site/settings', { config: OPERATOR }, async () => ok(await view(sql)));

  app.post<{ Body: SettingsBody }>(
    '/v1/admin/site/settings',
    { config: OPERATOR, schema: { body: SettingsForm } },
    async (req) => {
      const b = req.body;
      if (Object.keys(b).length === 0) refuse('没有要修改的内容');
      const actorId = loggedIn(req).userId;
      const tenant = { ...(await getTenantConfig(sql)) };
      if (b.tenantName !== undefined) {
        const problem = tenantNameProblem(b.tenantName);
        if (problem) refuse(problem);
        tenant.tenantName = b.tenantName.trim();
      }
      if (b.loginImageCodeAfterFailures !== undefined)
        tenant.loginImageCodeAfterFailures = threshold(b.loginImageCodeAfterFailures);
      if (b.yuebaoEnable !== undefined) tenant.yuebaoEnable = b.yuebaoEnable === '1';
      if (b.embedChatEnabled !== undefined) tenant.embedChatEnabled = b.embedChatEnabled === '1';
      if (tenant.embedChatEnabled && !tenant.embedChatUrl)
        refuse('开启嵌入聊天前请先在客服设置中填写嵌入聊天地址');
      const verify = { ...(await getSetting(sql, REGISTER_VERIFY_KEY, DEFAULT_REGISTER_VERIFY)) };
      let verifyChanged = false;
      for (const { key } of REGISTER_REQUIREMENTS) {
        const flag = b[key];
        if (flag === undefined) continue;
        verify[key] = flag === '1';
        verifyChanged = true;
      }
      // the image code has two switches for older data; the operator's one choice sets both
      if (b.imageCode !== undefined) tenant.registerImageCode = b.imageCode === '1';
      if (verifyChanged) await putSetting(sql, REGISTER_VERIFY_KEY, verify, actorId);
      await putSetting(sql, TENANT_CONFIG_KEY, tenant, actorId);
      return ok(await view(sql), '已保存');
    },
  );

  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/v1/admin/site/settingsAudit',
    { config: OPERATOR, schema: { querystring: AuditQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.page, req.query.pageSize);
      const key = req.query.key ?? null;
      const [rows, [count]] = await Promise.all([
        sql<
          {
            id: number;
            key: string;
            actor_name: string | null;
            before: unknown;
            after: unknown;
            created_at: Date;
          }[]
        >`
          select a.id, a.key, u.user_name as actor_name, a.before, a.after, a.created_at
          from settings_audit a left join users u on u.id = a.actor_id
          where (${key}::text is null or a.key = ${key})
          order by a.id desc limit ${limit} offset ${offset}`,
        sql<
          { n: number }[]
        >`select count(*)::int as n from settings_audit where (${key}::text is null or key = ${key})`,
      ]);
      return ok({
        total: count?.n ?? 0,
        list: rows.map((r) => ({
          id: r.id,
          key: r.key,
          operatorName: r.actor_name ?? '',
          before: r.before,
          after: r.after,
          createdAt: r.created_at.getTime(),
        })),
      });
    },
  );
}
