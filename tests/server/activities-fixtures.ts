/**
 * The setup shared by activities-admin.test.ts, activities-rewards.test.ts.
 *
 * Promotions (/v1/activity/*, /v1/admin/activities/*): bad input refused in Chinese, content
 * sanitised, check-ins and bonuses paid once through the ledger with their 2xx types and turnover,
 * eligibility from the period's recharges and valid bets, and exactly once under 50 concurrent
 * calls.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, expect } from 'vitest';
import { beijingFormTime } from '../../src/domain/activity/index.ts';
import { TxType } from '../../src/domain/txTypes.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { dwdEntry, expectLedgerSound, fund, requestId, saleIssue } from './betting-fixtures.ts';
import { setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

export const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'activities-'));
export const ctx = await setupTestApp({ DATA_DIR: dataDir });
export const A = (n: string) => `/v1/activity/${n}`;
export const ADM = (n: string) => `/v1/admin/activities/${n}`;
export const HOUR = 3_600_000;

export let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await ctx.sql`update activities set enabled = false`;
  await expectLedgerSound(ctx.sql);
});

export function form(over: Record<string, string> = {}): Record<string, string> {
  return {
    category: '1',
    kind: 'info',
    title: '新春活动',
    content: '<h2>规则</h2><p>详情</p>',
    startTime: beijingFormTime(Date.now() - HOUR),
    endTime: beijingFormTime(Date.now() + 48 * HOUR),
    ...over,
  };
}
export const CHECKIN_RULE = JSON.stringify({ rewards: ['1', '2', '3'], turnoverMultiple: '2' });
export const RECHARGE_RULE = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    period: 'day',
    firstDeposit: false,
    min: '100',
    percent: '10',
    cap: '50',
    turnoverMultiple: '3',
    ...over,
  });
export const TURNOVER_RULE = JSON.stringify({
  period: 'week',
  tiers: [
    { bet: '100', reward: '5' },
    { bet: '1000', reward: '30' },
  ],
  turnoverMultiple: '1',
});

export async function create(over: Record<string, string> = {}): Promise<number> {
  const r = await op.post(ADM('save'), form(over));
  expect(r).toMatchObject({ code: 1, msg: '已创建' });
  return r.data.id;
}

export async function recharge(
  userId: number,
  fen: number,
  atMs = Date.now(),
  typeCode: number = TxType.MANUAL_RECHARGE,
) {
  const transferId = transferIds.fixture(`test-recharge:${crypto.randomUUID()}`);
  await transfer(ctx.sql, {
    transferId,
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: fen,
    typeCode,
    userId,
  });
  await ctx.sql`update transfers set created_at = ${new Date(atMs)} where transfer_id = ${transferId}`;
}

/** One real bet of the player (placed through the betting call), then given this amount and status. */
export async function placeBet(
  c: TestClient & { userId: number },
  amountFen: number,
  status: string,
) {
  await fund(ctx.sql, c.userId, 1_000);
  const issue = await saleIssue(ctx.sql, '1008');
  const r = await c.post('/v1/betting/addBetting', {
    bettingData: JSON.stringify([dwdEntry(issue)]),
    requestId: requestId(),
  });
  expect(r.code).toBe(1);
  await ctx.sql`update bets set amount = ${amountFen}, status = ${status} where id = (select max(id) from bets where user_id = ${c.userId})`;
}
