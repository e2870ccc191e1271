/**
 * The daily interest job: each finished Beijing day is paid once per player, on the balance held
 * at the day's end (rebuilt from the journal), however often and however concurrently the job runs,
 * and even when the day's done marker was lost (a crash between paying and marking).
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate as beijingDay } from '../../src/domain/time.ts';
import { ledgerMismatches, transfer } from '../../src/server/ledger/ledger.ts';
import { accrueInterest, runWalletJobs } from '../../src/server/wallet/jobs.ts';
import { vwBalance } from '../../src/server/wallet/service.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const DAY = 86_400_000;
const rid = () => crypto.randomUUID();
let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  // 36.5 % a year: one day pays exactly 1/1000 of the balance (floored)
  expect(
    (await op.post('/v1/admin/virtualWallet/settings', { annualRate: '36.50' })).data.annualRate,
  ).toBe('36.50');
});

async function player(vwFen: number) {
  const c = await ctx.userClient();
  await transfer(ctx.sql, {
    transferId: transferIds.fixture(`test-fund:${rid()}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId: c.userId },
    amountFen: vwFen + 10_000,
    typeCode: 401,
    userId: c.userId,
  });
  if (vwFen > 0)
    expect(
      (
        await c.post('/v1/virtualWallet/transferIn', {
          amount: (vwFen / 100).toFixed(2),
          requestId: rid(),
        })
      ).code,
    ).toBe(1);
  return c;
}
const interestRows = async (userId: number) =>
  ctx.sql<{ transfer_id: string; amount: number }[]>`
    select transfer_id, amount from transfers where user_id = ${userId} and type_code = 613 order by id`;

describe('daily interest', () => {
  it('pays each finished day once per player, on the balance at the day end, even run concurrently', async () => {
    const a = await player(100_000);
    const b = await player(123_456);
    const tiny = await player(99); // 99 / 1000 < 1 fen: nothing
    const today = beijingDay(Date.now());
    const tomorrow = beijingDay(Date.now() + DAY);
    const now1 = Date.now() + DAY;
    await Promise.all(Array.from({ length: 5 }, () => accrueInterest(ctx.sql, now1)));
    await runWalletJobs(ctx.sql, now1);
    expect(await interestRows(a.userId)).toEqual([
      { transfer_id: `vw-interest:${a.userId}:${today}`, amount: 100 },
    ]);
    expect(await interestRows(b.userId)).toEqual([
      { transfer_id: `vw-interest:${b.userId}:${today}`, amount: 123 },
    ]);
    expect(await interestRows(tiny.userId)).toEqual([]);
    expect(await vwBalance(ctx.sql, a.userId)).toBe(100_100);
    // the day is marked done (its count is what the run that marked it paid: concurrent runs share
    // the players between them, so it may be 0, 1 or 2 here; each player is still paid once, above)
    const markers = await ctx.sql<
      { paid: number }[]
    >`select paid from vw_interest_days where day = ${today}::date`;
    expect(markers).toHaveLength(1);

    // the next day: compound on 100100 → 100, and 123579 → 123
    const now2 = Date.now() + 2 * DAY;
    await Promise.all([
      runWalletJobs(ctx.sql, now2),
      runWalletJobs(ctx.sql, now2),
      accrueInterest(ctx.sql, now2),
    ]);
    expect((await interestRows(a.userId)).map((r) => [r.transfer_id, r.amount])).toEqual([
      [`vw-interest:${a.userId}:${today}`, 100],
      [`vw-interest:${a.userId}:${tomorrow}`, 100],
    ]);
    expect((await interestRows(b.userId)).map((r) => r.amount)).toEqual([123, 123]);
    const info = (await a.get('/v1/virtualWallet/info')).data;
    expect([info.totalInterest, info.annualRate]).toEqual(['2.00', '36.50']);
    const logs = (await a.get('/v1/virtualWallet/profitLogs', { type: 613 })).data;
    expect(logs.list.map((l: { day: string; amount: string }) => [l.day, l.amount])).toEqual([
      [tomorrow, '1.00'],
      [today, '1.00'],
    ]);
  });

  it('a lost done marker (crash before marking) or a restart pays nobody twice', async () => {
    const c = await player(500_000);
    const now = Date.now() + DAY;
    const today = beijingDay(Date.now());
    // the previous test marked today done before c existed: c is not paid for it (a day is closed once)
    await accrueInterest(ctx.sql, now);
    expect(await interestRows(c.userId)).toEqual([]);
    await ctx.sql`delete from vw_interest_days where day = ${today}::date`;
    await Promise.all([accrueInterest(ctx.sql, now), accrueInterest(ctx.sql, now)]);
    const rows = await interestRows(c.userId);
    expect(rows).toEqual([{ transfer_id: `vw-interest:${c.userId}:${today}`, amount: 500 }]);
    await ctx.sql`delete from vw_interest_days where day = ${today}::date`;
    await accrueInterest(ctx.sql, now);
    expect(await interestRows(c.userId)).toHaveLength(1);
    const [{ n }] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from transfers where type_code = 613 and transfer_id like ${`%:${today}`}`;
    const [{ holders }] = await ctx.sql<{ holders: number }[]>`
      select count(*)::int as holders from ledger_accounts where kind = 'virtual_wallet' and balance >= 1000`;
    expect(n).toBe(holders);
  });

  it('the rate 0 pays nothing and closes the day', async () => {
    await op.post('/v1/admin/virtualWallet/settings', { annualRate: '0' });
    const c = await player(100_000);
    const now = Date.now() + 5 * DAY;
    await accrueInterest(ctx.sql, now);
    expect(await interestRows(c.userId)).toEqual([]);
    const from = beijingDay(Date.now() - 2 * DAY);
    const [{ n }] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from vw_interest_days where day >= ${from}::date`;
    expect(n).toBe(7);
    const bads: Record<string, string | number>[] = [
      { annualRate: '-1' },
      { annualRate: '100.001' },
      { annualRate: 'abc' },
      {},
      { annualRate: '1', x: 1 },
    ];
    for (const bad of bads) {
      expect((await op.post('/v1/admin/virtualWallet/settings', bad)).code).not.toBe(1);
    }
    expect((await op.get('/v1/admin/virtualWallet/settings')).data).toEqual({ annualRate: '0.00' });
  });
});
