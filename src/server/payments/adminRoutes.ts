/** Operator calls of the payments feature under /v1/admin/ (every route carries config.auth = 'operator'). */
import type { FastifyInstance } from 'fastify';

export default async function paymentsAdminRoutes(app: FastifyInstance) {
  void app;
}
