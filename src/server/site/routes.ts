/**
 * Site calls: server time, tenant configuration and site status, register settings, content
 * lists and the statistics the client reports. Reads are open to everyone (auth 'none'); the
 * site switches (maintenance, closed, IP) still apply except to the status calls themselves.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { listArticles, listBanners, listNotices } from './content.ts';
import { DEFAULT_SITE_STATUS, SITE_STATUS_KEY } from './status.ts';
import { getSetting } from './settings.ts';
import statisticsRoutes from './statistics.ts';
import customerServiceRoutes from './customerService.ts';
import adminSettingsRoutes from './adminSettings.ts';
import { getRegisterVerify, getTenantConfig, registerFields } from './tenant.ts';

const OPEN = { config: { auth: 'none' as const } };

async function tenantRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get('/v1/getServerTime', OPEN, async () => ok(Date.now()));

  app.get('/v1/management/tenant/getTenantConfig', OPEN, async () =>
    ok(await getTenantConfig(sql)),
  );

  app.get('/v1/management/tenant/getSiteStatus', OPEN, async () => {
    const s = await getSetting(sql, SITE_STATUS_KEY, DEFAULT_SITE_STATUS);
    return ok({
      maintenance: s.maintenance,
      maintenanceMessage: s.maintenanceMessage,
      closed: s.closed,
      closedMessage: s.closedMessage,
    });
  });

  app.get('/v1/management/tenant/getRegisterVerifyFront', OPEN, async () =>
    ok(await getRegisterVerify(sql)),
  );

  app.get('/v1/management/tenant/getNewRegisterVerifyFront', OPEN, async () =>
    ok({ list: registerFields(await getRegisterVerify(sql)) }),
  );

  app.get('/v1/management/tenant/getRegisterTypeFront', OPEN, async () => {
    const v = await getRegisterVerify(sql);
    return ok({ types: ['account'], inviteCodeRequired: v.inviteCode });
  });
}

async function contentRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get('/v1/management/content/banners', OPEN, async () => ok({ list: await listBanners(sql) }));
  app.get('/v1/management/content/notices', OPEN, async () => ok({ list: await listNotices(sql) }));
  app.get('/v1/management/content/helpList', OPEN, async () =>
    ok({ list: await listArticles(sql, 'help') }),
  );
  app.get('/v1/management/content/aboutList', OPEN, async () =>
    ok({ list: await listArticles(sql, 'about') }),
  );
}

export default async function siteRoutes(app: FastifyInstance) {
  await app.register(tenantRoutes);
  await app.register(contentRoutes);
  await app.register(statisticsRoutes);
  await app.register(customerServiceRoutes);
  await app.register(adminSettingsRoutes);
}
