/**
 * The operator API lives under /v1/admin/, but its routes are registered by the features that own
 * them (admin/, lottery/, payments/, withdraw/, wallet/, agent/, grades/, …), not by one plugin.
 * enforceAuth refuses players only on routes that say `config: { auth: 'operator' }`, so a route
 * under /v1/admin/ without it would be open to players: this guard, added on the root instance
 * before any route, refuses to start the app instead, whichever feature registered the route.
 */
import type { FastifyInstance } from 'fastify';

export const ADMIN_PREFIX = '/v1/admin/';

export function requireOperatorOnAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ADMIN_PREFIX) && route.config?.auth !== 'operator') {
      throw new Error(`admin route ${route.url} must carry config.auth = 'operator'`);
    }
  });
}
