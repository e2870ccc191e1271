/**
 * The setup shared by activity-redenvelope-claim.test.ts, activity-redenvelope-input.test.ts.
 * Activity red envelopes: eligibility, schedule, budget and exactly-once under concurrency, bad
 * input.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { expectLedgerSound } from './betting-fixtures.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

export const ctx = await setupTestApp();
export const NUMBER = '/v1/activity/getActivityRedEnvelopeNumber';
export const LIST = '/v1/activity/getActivityRedEnvelopeFrontList';
export const RECEIVE = '/v1/activity/receiveRedEnvelope';
export const SAVE = '/v1/admin/activityRedEnvelope/save';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await ctx.sql`update activity_red_envelopes set closed = true`;
  await expectLedgerSound(ctx.sql);
});

/** Beijing 'YYYY-MM-DD HH:mm' of an instant. */
export const bj = (ms: number) =>
  new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

export function form(over: Record<string, string> = {}): Record<string, string> {
  return {
    kind: 'giveaway',
    title: '周末福利',
    startTime: bj(Date.now() - HOUR),
    endTime: bj(Date.now() + DAY),
    budget: '100',
    amount: '3.5',
    ...over,
  };
}

export async function create(over: Record<string, string> = {}): Promise<number> {
  const r = await op.post(SAVE, form(over));
  expect(r.msg).toBe('已创建');
  return r.data.id;
}

export const player = () => ctx.userClient();
export const itemOf = async (c: TestClient, id: number) =>
  (await c.get(LIST)).data.list.find((e: { id: number }) => e.id === id);
