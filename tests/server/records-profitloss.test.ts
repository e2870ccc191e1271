/**
 * /v1/report/userReport/profitLoss: every figure exact for a crafted Beijing day, with the movements
 * between the player's own accounts counting nothing, withdrawals counted when paid, another day and
 * another player left out, and the holdings identity: change = recharge − withdrawal + profit.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerMismatches,
  transferInTx,
  type AccountKind,
} from '../../src/server/ledger/ledger.ts';
import { beijingDate } from '../../src/domain/time.ts';
import { categoryOf } from '../../src/server/records/profitLoss.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
const PATH = '/v1/report/userReport/profitLoss';
type Player = TestClient & { userId: number; userName: string };
let carol: Player;
let dave: Player;
const YESTERDAY = beijingDate(Date.now(), 1);
const TWO_DAYS_AGO = beijingDate(Date.now(), 2);
/** Beijing noon of a date */
const noon = (day: string) => new Date(`${day}T04:00:00Z`);

let seq = 0;
async function move(
  userId: number,
  from: AccountKind,
  to: AccountKind,
  amountFen: number,
  typeCode: number,
  at?: Date,
) {
  const owner = (k: AccountKind) => (k === 'house' ? null : userId);
  const r = await ctx.sql.begin((tx) =>
    transferInTx(tx, {
      transferId: transferIds.fixture(`test-pl:${userId}:${seq++}`),
      from: { kind: from, userId: owner(from) },
      to: { kind: to, userId: owner(to) },
      amountFen,
      typeCode,
      userId,
    }),
  );
  if (at) await ctx.sql`update transfers set created_at = ${at} where id = ${r.id}`;
}

async function holdings(userId: number): Promise<number> {
  const [r] = await ctx.sql<{ n: number }[]>`
    select coalesce(sum(balance), 0)::bigint as n from ledger_accounts
    where user_id = ${userId} and kind in ('player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow')`;
  return r!.n;
}

beforeAll(async () => {
  carol = await ctx.userClient();
  dave = await ctx.userClient();
  const day = noon(YESTERDAY);
  const c = (from: AccountKind, to: AccountKind, fen: number, type: number) =>
    move(carol.userId, from, to, fen, type, day);
  // two days ago: a recharge that must not count yesterday
  await move(carol.userId, 'house', 'player', 7_777, 101, noon(TWO_DAYS_AGO));
  await c('house', 'player', 100_000, 101); // recharge 1000
  await c('house', 'player', 5_000, 401); // 人工存入 50
  await c('player', 'house', 20_000, 301); // stakes 200 + 100, 30 refunded
  await c('player', 'house', 10_000, 302);
  await c('house', 'player', 3_000, 202);
  await c('house', 'player', 50_000, 201); // prize 500, 20 reversed
  await c('player', 'house', 2_000, 310);
  await c('house', 'player', 540, 501); // rebate 5.40
  await c('house', 'player', 888, 206); // activity 8.88 + 10
  await c('house', 'player', 1_000, 214);
  await c('player', 'withdraw_hold', 30_000, 305); // withdrawal 300 held, then paid
  await c('withdraw_hold', 'house', 30_000, 305);
  await c('player', 'withdraw_hold', 10_000, 305); // withdrawal 100 held, then rejected
  await c('withdraw_hold', 'player', 10_000, 412);
  await c('player', 'house', 200, 306); // fee 2
  await c('player', 'withdraw_hold', 4_000, 305); // withdrawal 40 still on hold: nothing yet
  await c('player', 'virtual_wallet', 20_000, 611); // into the virtual wallet: nothing
  await c('house', 'virtual_wallet', 123, 613); // interest 1.23
  await c('virtual_wallet', 'pledge_escrow', 10_000, 614); // pledge: nothing
  await c('house', 'pledge_escrow', 77, 616); // pledge profit 0.77
  await c('player', 'red_envelope_escrow', 1_000, 307); // sent an envelope: −10
  await c('house', 'player', 300, 222); // other income 3
  // another player on the same day
  await move(dave.userId, 'house', 'player', 9_900, 101, day);
  await move(dave.userId, 'player', 'house', 900, 301, day);
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

describe('profitLoss', () => {
  it('gives every figure of a crafted day exactly', async () => {
    const res = await carol.get(PATH, { date: YESTERDAY });
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toEqual({
      date: YESTERDAY,
      rechargeAmount: '1050.00',
      withdrawAmount: '302.00',
      betAmount: '270.00',
      prizeAmount: '480.00',
      rebateAmount: '5.40',
      activityAmount: '18.88',
      walletIncome: '2.00',
      redEnvelopeAmount: '-10.00',
      otherAmount: '3.00',
      pendingBetAmount: '0.00',
      // 480 − 270 + 5.40 + 18.88 − 10.00 + 2.00 + 3.00
      profit: '229.28',
    });
  });

  it('agrees with the holdings: their change is recharge − withdrawal + profit', async () => {
    const before = 7_777; // the older recharge
    expect(await holdings(carol.userId)).toBe(before + 105_000 - 30_200 + 22_928);
  });

  it('leaves other days and other players out', async () => {
    expect((await carol.get(PATH, { date: TWO_DAYS_AGO })).data).toMatchObject({
      rechargeAmount: '77.77',
      profit: '0.00',
      betAmount: '0.00',
    });
    expect((await dave.get(PATH, { date: YESTERDAY })).data).toMatchObject({
      rechargeAmount: '99.00',
      betAmount: '9.00',
      profit: '-9.00',
      withdrawAmount: '0.00',
    });
  });

  it('defaults to today (Beijing)', async () => {
    await move(dave.userId, 'house', 'player', 123, 501);
    const res = await dave.get(PATH);
    expect(res.data).toMatchObject({
      date: beijingDate(Date.now()),
      rebateAmount: '1.23',
      profit: '1.23',
      rechargeAmount: '0.00',
    });
  });

  it('puts each code in its category', () => {
    expect([101, 115, 401, 411].map(categoryOf)).toEqual([
      'recharge',
      'recharge',
      'recharge',
      'recharge',
    ]);
    expect([305, 306, 220, 409, 410, 412].every((c) => categoryOf(c) === 'withdraw')).toBe(true);
    expect([207, 208, 307].every((c) => categoryOf(c) === 'redEnvelope')).toBe(true);
    expect([221, 222, 308, 311, 413, 420].every((c) => categoryOf(c) === 'other')).toBe(true);
  });

  it.each([
    [{ date: '2026-13-01' }, '日期格式不正确', 200],
    [{ date: beijingDate(Date.now(), 120) }, '只能查询最近90天的记录', 200],
    [{ date: '<b>' }, '日期格式不正确', 400],
    [{ date: '2026-11-01', userId: 2 }, '不支持的参数：userId', 400],
  ] as [Record<string, string | number>, string, number][])('%j → %s', async (q, msg, status) => {
    expect(await carol.get(PATH, q)).toMatchObject({ code: -1, msg, status });
  });

  it('needs a login', async () => {
    expect((await ctx.client().get(PATH)).code).toBe(0);
  });
});
