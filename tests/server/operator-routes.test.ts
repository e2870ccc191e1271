/**
 * The guard that every /v1/admin/ route is operator-only (auth/operatorRoutes.ts) covers routes
 * from any feature's plugin, not only admin/: payments, withdraw and wallet mount their own
 * adminRoutes.ts from app.ts, and a route among them without `config.auth = 'operator'` would
 * be open to players.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireOperatorOnAdminRoutes } from '../../src/server/auth/operatorRoutes.ts';

async function appWith(feature: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify();
  requireOperatorOnAdminRoutes(app);
  await app.register(async (outer) => {
    // a feature plugin nested like app.ts nests them
    await outer.register(feature);
  });
  return app;
}

describe('operator-only admin routes', () => {
  it('refuses to start when a feature registers a /v1/admin/ route without the operator config', async () => {
    const started = (async () => {
      const app = await appWith(async (f) => {
        f.post('/v1/admin/payments/open', async () => ({ code: 1 }));
      });
      await app.ready();
      await app.close();
    })();
    await expect(started).rejects.toThrow(
      "admin route /v1/admin/payments/open must carry config.auth = 'operator'",
    );
  });

  it("starts when every /v1/admin/ route says auth: 'operator'; other routes are not its concern", async () => {
    const app = await appWith(async (f) => {
      f.post('/v1/admin/payments/orders', { config: { auth: 'operator' } }, async () => ({}));
      f.get('/v1/payments/channels', async () => ({}));
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/v1/admin/payments/orders' });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});
