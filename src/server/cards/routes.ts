/** Bank cards, Alipay, WeChat and digital-currency addresses under /v1/users/ (docs/cards.md). */
import type { FastifyInstance } from 'fastify';
import bankRoutes from './bankRoutes.ts';
import payAccountRoutes from './payAccountRoutes.ts';
import digitalRoutes from './digitalRoutes.ts';

export default async function cardsRoutes(app: FastifyInstance) {
  await app.register(bankRoutes);
  await app.register(payAccountRoutes);
  await app.register(digitalRoutes);
}
