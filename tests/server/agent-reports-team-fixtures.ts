/**
 * The setup shared by agent-reports-team.test.ts, agent-reports-records.test.ts.
 *
 * The agent reports over random generated teams: every figure of every report equals a
 * recomputation from the journal and the bets (agent-reports-fixtures.ts, a plain scan in
 * TypeScript), another team's data never appears, a non-agent is refused on every agent call, and
 * bad dates and ranges are refused in Chinese. The seed is printed so a failure can be repeated.
 */
import { beforeAll } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import { ensureTestLotteries } from './settlement-fixtures.ts';
import { dayOf, growTeam, prng, randomActivity, readJournal } from './agent-reports-fixtures.ts';

export const SEED = Number(process.env.REPORT_SEED ?? Date.now() % 1_000_000);
console.log(`agent-reports seed ${SEED} (REPORT_SEED=${SEED} repeats it)`);
export const rng = prng(SEED);
export const ctx = await setupTestApp();
export const sql = ctx.sql;
export type Agent = TestClient & { userId: number; userName: string };
export let a: Agent;
export let b: Agent;
export let member: TestClient & { userId: number; userName: string };
export let aMembers: number[];
export let bMembers: number[];
export let journal: Awaited<ReturnType<typeof readJournal>>;
export const R = { startTime: dayOf(2), endTime: dayOf(0) };
export const FIGURE_KEYS = [
  'betAmount',
  'pendingBetAmount',
  'validBetAmount',
  'prizeAmount',
  'rebateAmount',
  'activityAmount',
  'redEnvelopeAmount',
  'walletIncome',
  'otherAmount',
  'rechargeAmount',
  'withdrawAmount',
  'profit',
  'firstRechargeCount',
  'newMemberCount',
  'activeMemberCount',
  'betMemberCount',
] as const;
export const pickFigures = (o: Record<string, unknown>) =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, o[k]]));

beforeAll(async () => {
  await ensureTestLotteries(sql);
  a = await ctx.userClient({ isAgent: true });
  b = await ctx.userClient({ isAgent: true });
  aMembers = await growTeam(sql, rng, a.userId, rng.int(18, 28), 4);
  bMembers = await growTeam(sql, rng, b.userId, rng.int(6, 10), 2);
  // a logged-in non-agent member of A's team
  member = await ctx.userClient();
  await sql`update users set parent_id = ${aMembers[0]!} where id = ${member.userId}`;
  aMembers.push(member.userId);
  await randomActivity(sql, rng, [a.userId, ...aMembers], 'A');
  await randomActivity(sql, rng, [b.userId, ...bMembers], 'B');
  journal = await readJournal(sql);
}, 120_000);
