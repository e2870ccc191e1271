/** Recharge: the channels of /recharge (/v1/transaction/front*) and recharge orders (rechargeFrontPaymentRecord). */
import type { FastifyInstance } from 'fastify';

export default async function paymentsRoutes(app: FastifyInstance) {
  void app;
}
