/**
 * The operator calls of the admin console itself under /v1/admin/ (users, balances, site status,
 * outbox, ledger, content, audit): every route carries `config: { auth: 'operator' }`, so the
 * session plugin answers 403 to players and code 0 to callers without a session. The site
 * switches never shut these calls (site/status.ts). A feature's own operator calls (payments,
 * withdraw, wallet, lottery, …) are that feature's adminRoutes.ts, mounted by app.ts; the guard
 * that every /v1/admin/ route is operator-only covers them all (auth/operatorRoutes.ts).
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
import adminAuditRoutes from './audit.ts';

export default async function adminRoutes(app: FastifyInstance) {
  await app.register(balanceRoutes);
  await app.register(userRoutes);
  await app.register(userDetailRoutes);
  await app.register(userActionRoutes);
  await app.register(siteStatusRoutes);
  await app.register(outboxRoutes);
  await app.register(ledgerAdminRoutes);
  await app.register(contentAdminRoutes);
  await app.register(adminAuditRoutes);
}
