/**
 * The setup shared by agent-members-open.test.ts, agent-members-edit.test.ts.
 *
 * The agent's downline calls (issue 15): the member list (drill-down, search, breadcrumb, the
 * row's figures), the point editor and its bounds (never above the agent, never below what the
 * member already gave its own downline), opening a downline account, the agent-only refusal on
 * every agent call, and one team never seeing or editing another's members.
 */
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import agentRoutes from '../../src/server/agent/routes.ts';
import { setupTestApp } from './helpers.ts';
import { rebateJson, type AgentClient } from './agent-fixtures.ts';

export const ctx = await setupTestApp();

export let nameSeq = 0;
export const newName = (prefix: string) => `${prefix}${Date.now().toString(36)}${nameSeq++}`;

/** Opens a downline account through the wire; its id. */
export async function open(
  agent: AgentClient,
  points: Record<string, number>,
  isAgent = 1,
  userName = newName('dl'),
) {
  const res = await agent.post('/v1/users/createLowerUser', {
    userName,
    password: loginPasswordHash(userName, 'pass1234'),
    isAgent,
    rebate: rebateJson(points),
  });
  if (res.code !== 1) throw new Error(`createLowerUser: ${res.msg}`);
  return { userId: res.data.userId as number, userName };
}

/** Every route the agent plugin registers with its auth level, read from the plugin itself. */
export async function agentPluginRoutes(): Promise<
  { method: string; url: string; auth: unknown }[]
> {
  const probe = Fastify();
  probe.decorate('deps', ctx.app.deps);
  const out: { method: string; url: string; auth: unknown }[] = [];
  probe.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        out.push({ method, url: r.url, auth: (r.config as { auth?: unknown })?.auth });
  });
  await probe.register(agentRoutes as FastifyPluginAsync);
  await probe.ready();
  await probe.close();
  return out;
}
