/** (being written) */
import type { FastifyInstance } from 'fastify';

export default async function lotteryAdminRoutes(app: FastifyInstance) {
  void app;
}
