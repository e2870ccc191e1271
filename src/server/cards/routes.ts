/** Bank cards, Alipay, WeChat and digital-currency addresses under /v1/users/. */
import type { FastifyInstance } from 'fastify';

export default async function cardsRoutes(app: FastifyInstance) {
  void app;
}
