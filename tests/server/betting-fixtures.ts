/** Shared pieces of the betting tests: funding a player, an issue on sale, slip entries, invariants. */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Sql } from '../../src/server/db/client.ts';
import {
  ledgerMismatches,
  ledgerSum,
  playerBalance,
  transfer,
} from '../../src/server/ledger/ledger.ts';
import { loadLottery } from '../../src/server/lottery/lotteries.ts';
import { upcomingIssues } from '../../src/server/lottery/issues.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

/** Credits a player from the house (manual deposit 401), as the operator's adjustment would. */
export async function fund(sql: Sql, userId: number, amountFen: number): Promise<void> {
  await transfer(sql, {
    transferId: transferIds.fixture(`test-fund:${crypto.randomUUID()}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen,
    typeCode: 401,
    userId,
  });
}

export const balanceOf = (sql: Sql, userId: number) => playerBalance(sql, userId);

/**
 * An issue on sale for the next two minutes or more (two after the current one on a 1-minute game),
 * so a slow test file does not race the clock.
 */
export async function saleIssue(sql: Sql, lotteryCode: string, index = 2): Promise<string> {
  const lottery = await loadLottery(sql, lotteryCode);
  if (!lottery) throw new Error(`no lottery ${lotteryCode}`);
  return upcomingIssues(lottery, Date.now(), index + 1)[index]!.issue;
}

/** `count` consecutive issues on sale, starting after the current one. */
export async function saleIssues(sql: Sql, lotteryCode: string, count: number): Promise<string[]> {
  const lottery = await loadLottery(sql, lotteryCode);
  if (!lottery) throw new Error(`no lottery ${lotteryCode}`);
  return upcomingIssues(lottery, Date.now(), count + 1)
    .slice(1)
    .map((i) => i.issue);
}

export const requestId = () => crypto.randomUUID().replace(/-/g, '');

/** 极速时时彩 定位胆, one number on 万位: 1 line; 2 yuan at 元 × 1. */
export function dwdEntry(
  issue: string,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    lotteryCode: '1008',
    playDetailCode: '1008DWD',
    bettingNumber: '1,-,-,-,-',
    bettingCount: 1,
    bettingAmount: '2.00',
    bettingPoint: 0,
    bettingUnit: 1,
    bettingIssue: issue,
    graduationCount: 1,
    ...over,
  };
}

/** 极速时时彩 两面 (odds): 总和 大 and 小, `stakeYuan` each. */
export function twoSidedEntry(
  issue: string,
  stakeYuan: number,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    lotteryCode: '1008',
    playDetailCode: '1008LM',
    bettingNumber: '大 小,-,-,-,-,-',
    bettingCount: 2,
    bettingAmount: String(stakeYuan * 2),
    bettingPoint: 0,
    bettingUnit: 1,
    bettingIssue: issue,
    graduationCount: 1,
    ...over,
  };
}

/** The ledger invariants every betting test ends with. */
export async function expectLedgerSound(sql: Sql): Promise<void> {
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
}
