/** The agent feature's user-facing routes (docs/api.md "Agents"): invite codes and the downline. */
import type { FastifyInstance } from 'fastify';
import inviteCodeRoutes from './inviteCodes.ts';
import memberRoutes from './members.ts';

export default async function agentRoutes(app: FastifyInstance) {
  await app.register(inviteCodeRoutes);
  await app.register(memberRoutes);
}
