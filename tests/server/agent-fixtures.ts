/** Shared pieces of the agent tests: agents with set points, wire rebate maps, register with a code. */
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import {
  REBATE_FAMILIES,
  type RebateFamily,
  type RebatePoints,
} from '../../src/domain/agent/points.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { pointsOf, setPoints } from '../../src/server/agent/points.ts';
import type { TestContext, TestClient } from './helpers.ts';

/** The same point on every family. */
export function flat(point: number): RebatePoints {
  return Object.fromEntries(REBATE_FAMILIES.map((f) => [f, point])) as Record<RebateFamily, number>;
}

/** The wire `rebate` field of points (string values, as the client sends). */
export function rebateJson(points: Record<string, number | string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(points).map(([f, p]) => [f, String(p)])));
}

/** Points of the wire `rebate` map as numbers. */
export function fromWire(map: Record<string, string>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).map(([f, p]) => [f, Number(p)]));
}

let seq = 0;
/** A distinct client address per call: the per-address rate limits are not what these tests are about. */
export const nextIp = () => `10.77.${Math.floor(++seq / 250) % 250}.${(seq % 250) + 1}`;

export type AgentClient = TestClient & { userId: number; userName: string; password: string };

/** A top-level agent holding `points`, logged in. */
export async function topAgent(
  ctx: TestContext,
  points: RebatePoints = flat(8),
): Promise<AgentClient> {
  const userName = `ag${Date.now().toString(36)}${agentSeq++}`;
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', { isAgent: true }))!;
  await setPoints(ctx.sql, userId, points);
  return Object.assign(await loggedInAs(ctx, userName), { userId, userName, password: 'pass1234' });
}
let agentSeq = 0;

/** Registers a new player with the invite code through the wire; the client is logged in when it worked. */
export async function registerWithCode(
  ctx: TestContext,
  userName: string,
  inviteCode: string,
  password = 'pass1234',
) {
  const ic = await issueImageCode(ctx.sql);
  const hash = loginPasswordHash(userName, password);
  const client = ctx.client(nextIp());
  const res = await client.post('/v1/users/register', {
    userName,
    password: hash,
    confirmPassword: hash,
    imageKey: ic.imageKey,
    imageCode: ic.answer,
    inviteCode,
  });
  return { client, res };
}

/** Every parent-child pair where the child holds more than the parent on some family. */
export async function treeViolations(ctx: TestContext): Promise<string[]> {
  const pairs = await ctx.sql<
    { id: string; parent_id: string }[]
  >`select id, parent_id from users where parent_id is not null`;
  const out: string[] = [];
  for (const p of pairs) {
    const [child, parent] = [
      await pointsOf(ctx.sql, Number(p.id)),
      await pointsOf(ctx.sql, Number(p.parent_id)),
    ];
    for (const f of REBATE_FAMILIES)
      if (child[f] > parent[f]) out.push(`${p.id} > ${p.parent_id} on ${f}`);
  }
  return out;
}

/** Logs a client in by name. */
export async function loggedInAs(
  ctx: TestContext,
  userName: string,
  password = 'pass1234',
): Promise<TestClient> {
  const c = ctx.client(nextIp());
  const res = await c.login(userName, password);
  if (res.code !== 1) throw new Error(`login ${userName}: ${res.msg}`);
  return c;
}
