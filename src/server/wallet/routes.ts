/** The virtual wallet (yuebao): transfers in and out, interest, pledge products and orders. */
import type { FastifyInstance } from 'fastify';

export default async function walletRoutes(app: FastifyInstance) {
  void app;
}
