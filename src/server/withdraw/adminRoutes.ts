/** Operator calls of the withdraw feature under /v1/admin/ (every route carries config.auth = 'operator'). */
import type { FastifyInstance } from 'fastify';

export default async function withdrawAdminRoutes(app: FastifyInstance) {
  void app;
}
