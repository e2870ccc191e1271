/** Withdrawals: settings, turnover, two-phase withdrawal orders and their records. */
import type { FastifyInstance } from 'fastify';

export default async function withdrawRoutes(app: FastifyInstance) {
  void app;
}
