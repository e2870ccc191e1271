/** Operator calls of the wallet feature under /v1/admin/ (every route carries config.auth = 'operator'). */
import type { FastifyInstance } from 'fastify';

export default async function walletAdminRoutes(app: FastifyInstance) {
  void app;
}
