/** (being written) */
import type { FastifyInstance } from 'fastify';

export default async function lotteryRoutes(app: FastifyInstance) {
  void app;
}
