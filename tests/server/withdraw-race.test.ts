/** Withdrawals under concurrency: racing bets, replayed requests, racing decisions. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import { dwdEntry, requestId, saleIssue } from './betting-fixtures.ts';
import {
  expectLedgerSound,
  holdBalance,
  newPlayer,
  SAVE,
  setSettings,
  transfersOf,
  walletOf,
  withdrawForm,
} from './withdraw-fixtures.ts';

const ctx = await setupTestApp();
let op: TestClient;
let issue: string;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  issue = await saleIssue(ctx.sql, '1008');
});
afterEach(async () => {
  await setSettings(ctx.sql, {});
  await expectLedgerSound(ctx.sql);
});

const orders = (userId: number) =>
  ctx.sql<
    { id: number; status: string; amount: number }[]
  >`select id, status, amount from withdraw_orders where user_id = ${userId}`;

describe('a withdrawal racing bets', () => {
  it('never overdraws: what was bet and held adds up to what left the wallet', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await newPlayer(ctx, 15_000);
      const bets = Array.from({ length: 40 }, () =>
        p.post('/v1/betting/addBetting', {
          bettingData: JSON.stringify([dwdEntry(issue)]),
          requestId: requestId(),
        }),
      );
      const withdrawal = p.post(SAVE, withdrawForm(p, { amount: '100' }));
      const [w, ...placed] = await Promise.all([withdrawal, ...bets]);
      const betsOk = placed.filter((r) => r.code === 1).length;
      expect(placed.filter((r) => r.code !== 1).every((r) => r.msg.includes('余额不足'))).toBe(
        true,
      );
      if (w.code !== 1) expect(w.msg).toBe('余额不足');
      const held = w.code === 1 ? 10_000 : 0;
      const wallet = await walletOf(ctx.sql, p.userId);
      expect(wallet).toBeGreaterThanOrEqual(0);
      expect(wallet).toBe(15_000 - betsOk * 200 - held);
      expect(wallet).toBeLessThan(200 + (w.code === 1 ? 0 : 10_000));
      expect(await holdBalance(ctx.sql, p.userId)).toBe(held);
      await expectLedgerSound(ctx.sql);
    }
  });
});

describe('replays', () => {
  it('the same requestId sent 50 times at once holds once', async () => {
    const p = await newPlayer(ctx, 100_000);
    const form = withdrawForm(p, { amount: '200' });
    const results = await Promise.all(Array.from({ length: 50 }, () => p.post(SAVE, form)));
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(results.filter((r) => r.data.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.order.id)).size).toBe(1);
    expect(await orders(p.userId)).toHaveLength(1);
    expect(await walletOf(ctx.sql, p.userId)).toBe(80_000);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(20_000);
    expect(await transfersOf(ctx.sql, p.userId)).toHaveLength(1);
  });

  it('20 different requests at once stop at the daily count', async () => {
    await setSettings(ctx.sql, { dailyCount: 3 });
    const p = await newPlayer(ctx, 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => p.post(SAVE, withdrawForm(p, { amount: '100' }))),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(3);
    expect(
      results.filter((r) => r.code !== 1).every((r) => r.msg === '今日提现次数已用完（每日3次）'),
    ).toBe(true);
    // the fee is inside the amount: the wallet falls by the amounts; the first of the day is free
    expect(await walletOf(ctx.sql, p.userId)).toBe(1_000_000 - 30_000);
    const fees = await ctx.sql<
      { fee: number }[]
    >`select fee from withdraw_orders where user_id = ${p.userId} order by id`;
    expect(fees.map((f) => f.fee)).toEqual([0, 100, 100]);
  });
});

describe('decisions', () => {
  it('two concurrent approvals pay once', async () => {
    const p = await newPlayer(ctx, 100_000);
    const w = await p.post(SAVE, withdrawForm(p, { amount: '500' }));
    const id = w.data.order.id;
    const results = await Promise.all([
      op.post('/v1/admin/withdraw/approve', { id }),
      op.post('/v1/admin/withdraw/approve', { id }),
    ]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.find((r) => r.code !== 1)!.msg).toBe('该提现已处理（已出款）');
    expect((await transfersOf(ctx.sql, p.userId)).map((t) => t.transfer_id)).toEqual([
      `withdraw:hold:${id}`,
      `withdraw:pay:${id}`,
    ]);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(0);
    expect(await walletOf(ctx.sql, p.userId)).toBe(50_000);
  });

  it('approve against reject: exactly one wins, and the money follows the winner', async () => {
    await setSettings(ctx.sql, { dailyCount: 20 });
    const p = await newPlayer(ctx, 1_000_000);
    for (let i = 0; i < 8; i++) {
      const w = await p.post(SAVE, withdrawForm(p, { amount: '100' }));
      const id = w.data.order.id;
      const fee = Math.round(Number(w.data.order.fee) * 100);
      const before = await walletOf(ctx.sql, p.userId);
      const calls = [
        op.post('/v1/admin/withdraw/approve', { id }),
        op.post('/v1/admin/withdraw/reject', { id, remark: '竞争' }),
      ];
      const results = await Promise.all(i % 2 ? calls.toReversed() : calls);
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      const [row] = await ctx.sql<
        { status: string }[]
      >`select status from withdraw_orders where id = ${id}`;
      const t = (await transfersOf(ctx.sql, p.userId))
        .filter((x) => x.transfer_id.endsWith(`:${id}`))
        .map((x) => [x.type_code, x.amount]);
      if (row!.status === 'paid') {
        expect(t).toEqual(
          fee > 0
            ? [
                [305, 10_000],
                [305, 10_000 - fee],
                [306, fee],
              ]
            : [
                [305, 10_000],
                [305, 10_000],
              ],
        );
        expect(await walletOf(ctx.sql, p.userId)).toBe(before);
      } else {
        expect(row!.status).toBe('rejected');
        expect(t).toEqual([
          [305, 10_000],
          [412, 10_000],
        ]);
        expect(await walletOf(ctx.sql, p.userId)).toBe(before + 10_000);
      }
      expect(await holdBalance(ctx.sql, p.userId)).toBe(0);
    }
  });
});
