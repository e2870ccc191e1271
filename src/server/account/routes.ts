/** The account feature's routes (docs/api.md, Users): one sub-plugin per topic. */
import type { FastifyInstance } from 'fastify';
import codeRoutes from './codeRoutes.ts';
import forgetRoutes from './forget.ts';
import loginRoutes from './login.ts';
import profileRoutes from './profile.ts';
import questionRoutes from './questions.ts';
import registerRoutes from './register.ts';
import securityRoutes from './security.ts';
import uploadRoutes from './uploads.ts';

export default async function accountRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(registerRoutes);
  await app.register(profileRoutes);
  await app.register(uploadRoutes);
  await app.register(securityRoutes);
  await app.register(questionRoutes);
  await app.register(codeRoutes);
  await app.register(forgetRoutes);
}
