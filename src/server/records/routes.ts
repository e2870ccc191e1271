/** Bill records (getTransactionRecordsFront) and the money side of the profit-and-loss statement. */
import type { FastifyInstance } from 'fastify';

export default async function recordsRoutes(app: FastifyInstance) {
  void app;
}
