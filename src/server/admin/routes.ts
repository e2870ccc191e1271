/**
 * The operator API under /v1/admin/: every route carries `config: { auth: 'operator' }`, so the
 * session plugin answers 403 to players and code 0 to callers without a session. The site
 * switches never shut these calls (site/status.ts).
 */
import type { FastifyInstance } from 'fastify';
import balanceRoutes from './balance.ts';
import contentAdminRoutes from './content.ts';
import ledgerAdminRoutes from './ledger.ts';
import outboxRoutes from './outbox.ts';
import siteStatusRoutes from './siteStatus.ts';
import userRoutes from './users.ts';
import userDetailRoutes from './userDetail.ts';
import userActionRoutes from './userActions.ts';
import paymentsAdminRoutes from '../payments/adminRoutes.ts';
import withdrawAdminRoutes from '../withdraw/adminRoutes.ts';
import walletAdminRoutes from '../wallet/adminRoutes.ts';
import adminAuditRoutes from './audit.ts';

export default async function adminRoutes(app: FastifyInstance) {
  // A route added here without the operator config would be open to players: refuse to start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/admin/') && route.config?.auth !== 'operator') {
      throw new Error(`admin route ${route.url} must carry config.auth = 'operator'`);
    }
  });
  await app.register(balanceRoutes);
  await app.register(userRoutes);
  await app.register(userDetailRoutes);
  await app.register(userActionRoutes);
  await app.register(siteStatusRoutes);
  await app.register(outboxRoutes);
  await app.register(ledgerAdminRoutes);
  await app.register(contentAdminRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(withdrawAdminRoutes);
  await app.register(walletAdminRoutes);
  await app.register(adminAuditRoutes);
}
