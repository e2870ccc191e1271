/** (being written) */
import type { FastifyInstance } from 'fastify';

export default async function bettingRoutes(app: FastifyInstance) {
  void app;
}
