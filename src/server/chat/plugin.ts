/**
 * Chat: the services of this instance (bus, hub, presence, flood control) and every chat route,
 * the live socket, the operator's room routes and the red envelope calls (redEnvelope/). Registered once by app.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import socketRoutes from '../realtime/socket.ts';
import chatAdminRoutes from './adminRoutes.ts';
import banRoutes from './banRoutes.ts';
import directRoutes from './directRoutes.ts';
import embedChatRoutes from './embedRoutes.ts';
import guestRoutes from './guestRoutes.ts';
import imageRoutes from './imageRoutes.ts';
import playerRoutes from './playerRoutes.ts';
import roomRoutes from './roomRoutes.ts';
import { ChatServices } from './services.ts';
import redEnvelopeRoutes from '../redEnvelope/routes.ts';
import redEnvelopeAdminRoutes from '../redEnvelope/adminRoutes.ts';
import shareRoutes from '../share/routes.ts';

async function chatPlugin(app: FastifyInstance) {
  const services = new ChatServices(app.deps.sql, app.deps.redis ?? null, app.log, app.deps.now);
  app.decorate('chat', services);
  app.addHook('onClose', () => services.close());
  await app.register(roomRoutes);
  await app.register(directRoutes);
  await app.register(banRoutes);
  await app.register(playerRoutes);
  await app.register(imageRoutes);
  await app.register(guestRoutes);
  await app.register(chatAdminRoutes);
  await app.register(redEnvelopeRoutes);
  await app.register(redEnvelopeAdminRoutes);
  await app.register(shareRoutes);
  await app.register(socketRoutes);
  await app.register(embedChatRoutes);
}

export default fp(chatPlugin, { name: 'chat' });
