/** Turnover requirements: added by addTurnover, met oldest first by settled bets placed after them, then cleared. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { dwdEntry, requestId, saleIssue } from './betting-fixtures.ts';
import {
  expectLedgerSound,
  newPlayer,
  SAVE,
  setSettings,
  withdrawForm,
  type Player,
} from './withdraw-fixtures.ts';
import { addTurnover, allocate } from '../../src/server/withdraw/turnover.ts';

const ctx = await setupTestApp();
let issue: string;
beforeAll(async () => {
  issue = await saleIssue(ctx.sql, '1008');
});
afterEach(async () => {
  await setSettings(ctx.sql, {});
  await expectLedgerSound(ctx.sql);
});

const LIST = '/v1/transaction/getWithdrawLimitFlowList';

/** Places `n` 2-yuan bets and returns their ids (PENDING). */
async function bet(p: Player, n: number): Promise<number[]> {
  const res = await p.post('/v1/betting/addBetting', {
    bettingData: JSON.stringify(Array.from({ length: n }, () => dwdEntry(issue))),
    requestId: requestId(),
  });
  expect(res.code, res.msg).toBe(1);
  const rows = await ctx.sql<
    { id: number }[]
  >`select id from bets where user_id = ${p.userId} and status = 'PENDING' order by id desc limit ${n}`;
  return rows.map((r) => r.id);
}

/** Settles bets as the settlement would mark them (status, refund); the stake already left the wallet. */
async function settle(ids: number[], status: 'WON' | 'LOST' | 'TIE_REFUND', refund = 0) {
  await ctx.sql`update bets set status = ${status}, refund = ${refund}, settled_at = now() where id = any(${ctx.sql.array(ids)}::bigint[])`;
}

async function requirement(p: Player, baseFen: number, ref: string) {
  await ctx.sql.begin((tx) =>
    addTurnover(tx, { userId: p.userId, baseFen, source: 'recharge', ref }),
  );
}

describe('allocate', () => {
  it('fills the oldest first; bets before a requirement never count for it', () => {
    expect(allocate([100, 100], [150, 0])).toEqual([100, 0]);
    expect(allocate([100, 100], [30, 120])).toEqual([100, 50]);
    expect(allocate([100, 100, 50], [0, 0, 500])).toEqual([100, 100, 50]);
    expect(allocate([], [])).toEqual([]);
  });
});

describe('turnover', () => {
  it('adds required = base × turnoverPercent once per ref', async () => {
    await setSettings(ctx.sql, { turnoverPercent: 150 });
    const p = await newPlayer(ctx, 0);
    await requirement(p, 10_000, `r1:${p.userId}`);
    await requirement(p, 10_000, `r1:${p.userId}`);
    const res = await p.get(LIST);
    expect(res.data).toMatchObject({
      totalRequired: '150.00',
      totalDone: '0.00',
      totalRemaining: '150.00',
    });
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({
      source: 'recharge',
      sourceName: '充值',
      amount: '100.00',
      required: '150.00',
      done: '0.00',
      remaining: '150.00',
    });
    expect((await p.get(LIST, { page: 1 })).status).toBe(400);
  });

  it('falls as bets settle (amount − refund), not while they are pending; earlier bets do not count', async () => {
    const p = await newPlayer(ctx, 100_000);
    const early = await bet(p, 5);
    await settle(early, 'LOST');
    await requirement(p, 10_000, `r2:${p.userId}`);
    const ids = await bet(p, 30);
    expect((await p.get(LIST)).data.totalRemaining).toBe('100.00');
    await settle(ids.slice(0, 20), 'LOST');
    await settle(ids.slice(20, 25), 'WON');
    await settle(ids.slice(25, 28), 'TIE_REFUND', 200);
    await settle(ids.slice(28, 30), 'TIE_REFUND', 50);
    const res = await p.get(LIST);
    // 25 × 2 yuan + 2 × 1.50 yuan
    expect(res.data).toMatchObject({ totalDone: '53.00', totalRemaining: '47.00' });
    expect(res.data.list[0]).toMatchObject({ done: '53.00', remaining: '47.00' });
    const refused = await p.post(SAVE, withdrawForm(p));
    expect(refused).toMatchObject({ code: -1, msg: '还需完成47.00元流水才能提现' });
  });

  it('meets requirements oldest first and clears them all when every one is met', async () => {
    const p = await newPlayer(ctx, 100_000);
    await requirement(p, 2_000, `a:${p.userId}`);
    await ctx.sql`update turnover_flows set created_at = now() - interval '2 hours' where ref = ${`a:${p.userId}`}`;
    const between = await bet(p, 15); // 30 yuan, only requirement a can use them
    await ctx.sql`update bets set created_at = now() - interval '1 hour' where id = any(${ctx.sql.array(between)}::bigint[])`;
    await settle(between, 'LOST');
    await requirement(p, 2_000, `b:${p.userId}`);
    let res = await p.get(LIST);
    expect(res.data.list.map((f: { done: string }) => f.done)).toEqual(['20.00', '0.00']);
    const after = await bet(p, 8);
    await settle(after, 'LOST');
    res = await p.get(LIST);
    expect(res.data.list.map((f: { done: string }) => f.done)).toEqual(['20.00', '16.00']);
    expect(res.data.totalRemaining).toBe('4.00');
    const last = await bet(p, 2);
    await settle(last, 'WON');
    res = await p.get(LIST);
    expect(res.data).toEqual({
      list: [],
      totalRequired: '0.00',
      totalDone: '0.00',
      totalRemaining: '0.00',
    });
    const open =
      await ctx.sql`select id from turnover_flows where user_id = ${p.userId} and cleared_at is null`;
    expect(open).toHaveLength(0);
    const w = await p.post(SAVE, withdrawForm(p));
    expect(w.code, w.msg).toBe(1);
    // a new requirement counts only the bets placed after it
    await requirement(p, 1_000, `c:${p.userId}`);
    expect((await p.get(LIST)).data.totalRemaining).toBe('10.00');
  });
});
