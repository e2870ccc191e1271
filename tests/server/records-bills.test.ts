/**
 * Bill records (getTransactionRecordsFront): the sign of every kind of movement, balances after,
 * type and date filters, paging, refusals of bad input, and another player's rows never shown.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  transferInTx,
  ledgerMismatches,
  type AccountKind,
} from '../../src/server/ledger/ledger.ts';
import { beijingDate } from '../../src/domain/time.ts';
import { expectZeroSum, type Json, setupTestApp, type TestClient } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
const PATH = '/v1/transaction/getTransactionRecordsFront';
type Player = TestClient & { userId: number; userName: string };
let alice: Player;
let bob: Player;

let seq = 0;
/** One transfer between two accounts (owner null = the house), about `userId`. */
async function move(
  userId: number,
  from: AccountKind,
  to: AccountKind,
  amountFen: number,
  typeCode: number,
  remark: string | null = null,
) {
  const owner = (k: AccountKind) => (k === 'house' ? null : userId);
  return ctx.sql.begin((tx) =>
    transferInTx(tx, {
      transferId: transferIds.fixture(`test-bill:${userId}:${seq++}`),
      from: { kind: from, userId: owner(from) },
      to: { kind: to, userId: owner(to) },
      amountFen,
      typeCode,
      userId,
      remark,
    }),
  );
}

/** [typeCode, from, to, fen, expected amount, expected account, expected main balance after] */
const MOVES: [number, AccountKind, AccountKind, number, string, string, string][] = [
  [101, 'house', 'player', 100_000, '1000.00', 'main', '1000.00'],
  [301, 'player', 'house', 2_000, '-20.00', 'main', '980.00'],
  [201, 'house', 'player', 3_950, '39.50', 'main', '1019.50'],
  [501, 'house', 'player', 12, '0.12', 'main', '1019.62'],
  [305, 'player', 'withdraw_hold', 30_000, '-300.00', 'main', '719.62'],
  [305, 'withdraw_hold', 'house', 20_000, '-200.00', 'withdraw_hold', '719.62'],
  [412, 'withdraw_hold', 'player', 10_000, '100.00', 'main', '819.62'],
  [611, 'player', 'virtual_wallet', 50_000, '-500.00', 'main', '319.62'],
  [613, 'house', 'virtual_wallet', 123, '1.23', 'virtual_wallet', '319.62'],
  [614, 'virtual_wallet', 'pledge_escrow', 40_000, '-400.00', 'virtual_wallet', '319.62'],
  [616, 'house', 'pledge_escrow', 77, '0.77', 'pledge_escrow', '319.62'],
  [615, 'pledge_escrow', 'virtual_wallet', 40_077, '400.77', 'virtual_wallet', '319.62'],
  [612, 'virtual_wallet', 'player', 10_000, '100.00', 'main', '419.62'],
  [402, 'player', 'house', 1_962, '-19.62', 'main', '400.00'],
  [206, 'house', 'player', 888, '8.88', 'main', '408.88'],
];

beforeAll(async () => {
  alice = await ctx.userClient();
  bob = await ctx.userClient();
  for (const [type, from, to, fen] of MOVES)
    await move(alice.userId, from, to, fen, type, type === 402 ? '人工扣除' : null);
  await move(bob.userId, 'house', 'player', 5_000, 101);
  await move(bob.userId, 'player', 'house', 1_000, 301);
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const listOf = async (c: TestClient, q: Record<string, string | number> = {}) => {
  const res = await c.get(PATH, { pageSize: 100, ...q });
  expect(res.code, res.msg).toBe(1);
  return res.data as { list: Json[]; total: number; summary: Json };
};

describe('signs and balances', () => {
  it('signs every kind of movement relative to the main wallet first, then the account it touched', async () => {
    const { list, total } = await listOf(alice);
    expect(total).toBe(MOVES.length);
    const oldestFirst = [...list].reverse();
    MOVES.forEach(([type, , , , amount, account, balance], i) => {
      expect(oldestFirst[i], `move ${i} (${type})`).toMatchObject({
        typeCode: type,
        amount,
        account,
        balanceAfter: balance,
      });
    });
    expect(oldestFirst[0].typeName).toBe('银行转账充值');
    expect(oldestFirst[13]).toMatchObject({ typeName: '人工扣除', remark: '人工扣除' });
    expect(Object.keys(list[0]).sort()).toEqual([
      'account',
      'amount',
      'balanceAfter',
      'createdAt',
      'id',
      'remark',
      'typeCode',
      'typeName',
    ]);
  });

  it('sums income and expense of the main wallet over the whole range', async () => {
    const { summary } = await listOf(alice, { pageSize: 2 });
    // in: 1000 + 39.50 + 0.12 + 100 + 100 + 8.88; out: 20 + 300 + 500 + 19.62
    expect(summary).toMatchObject({ income: '1248.50', expense: '839.62', net: '408.88' });
    expect(summary.startDate).toBe(beijingDate(Date.now()));
  });

  it("never shows another player's rows", async () => {
    const mine = await listOf(bob);
    expect(mine.list.map((r) => r.amount)).toEqual(['-10.00', '50.00']);
    expect(mine.summary).toMatchObject({ income: '50.00', expense: '10.00' });
    const aliceIds = new Set((await listOf(alice)).list.map((r) => r.id));
    expect(mine.list.some((r) => aliceIds.has(r.id))).toBe(false);
  });
});

describe('filters', () => {
  it('filters by one code', async () => {
    const { list, summary } = await listOf(alice, { typeCode: '305' });
    expect(list.map((r) => r.amount)).toEqual(['-200.00', '-300.00']);
    expect(summary).toMatchObject({ income: '0.00', expense: '300.00' });
  });

  it('filters by a group of codes (virtual wallet 611-616)', async () => {
    const { list } = await listOf(alice, { typeCode: '611,612,613,614,615,616' });
    expect(list.map((r) => r.typeCode)).toEqual([612, 615, 616, 614, 613, 611]);
  });

  it('filters by the recharge group', async () => {
    const codes = Array.from({ length: 15 }, (_, i) => 101 + i).join(',');
    expect((await listOf(alice, { typeCode: codes })).list.map((r) => r.amount)).toEqual([
      '1000.00',
    ]);
  });

  it('filters by dates (Beijing) and keeps older rows out of today', async () => {
    const [old] = await ctx.sql<
      { id: number }[]
    >`select id from transfers where user_id = ${bob.userId} and type_code = 301`;
    const threeDaysAgo = beijingDate(Date.now(), 3);
    // noon of that Beijing day
    await ctx.sql`update transfers set created_at = ${new Date(`${threeDaysAgo}T04:00:00Z`)} where id = ${old!.id}`;
    expect((await listOf(bob)).list.map((r) => r.amount)).toEqual(['50.00']);
    expect(
      (await listOf(bob, { startDate: threeDaysAgo, endDate: threeDaysAgo })).list.map(
        (r) => r.amount,
      ),
    ).toEqual(['-10.00']);
    const both = await listOf(bob, { startDate: threeDaysAgo, endDate: beijingDate(Date.now()) });
    expect(both.list.map((r) => r.amount)).toEqual(['50.00', '-10.00']);
    expect(
      (await listOf(bob, { startDate: beijingDate(Date.now(), 2) })).list.map((r) => r.amount),
    ).toEqual(['50.00']);
  });

  it('pages without overlap', async () => {
    const p1 = await listOf(alice, { page: 1, pageSize: 6 });
    const p3 = await listOf(alice, { page: 3, pageSize: 6 });
    expect(p1.list).toHaveLength(6);
    expect(p3.list).toHaveLength(3);
    expect(p1.total).toBe(15);
    const all = (await listOf(alice)).list.map((r) => r.id);
    expect([...p1.list, ...p3.list].map((r) => r.id)).toEqual([
      ...all.slice(0, 6),
      ...all.slice(12),
    ]);
    expect((await listOf(alice, { page: 4, pageSize: 6 })).list).toEqual([]);
  });
});

describe('refusals', () => {
  const today = beijingDate(Date.now());
  it.each([
    [{ startDate: '2026-02-30' }, '日期格式不正确', 200],
    [{ startDate: today, endDate: beijingDate(Date.now(), 1) }, '开始日期不能晚于结束日期', 200],
    [{ startDate: beijingDate(Date.now(), 90) }, '只能查询最近90天的记录', 200],
    [{ endDate: beijingDate(Date.now(), -2) }, '结束日期不能晚于今天', 200],
    [{ typeCode: '999' }, '账变类型不存在', 200],
    [{ typeCode: '101,999' }, '账变类型不存在', 200],
    [{ typeCode: '<b>1</b>' }, '账变类型格式不正确', 400],
    [{ startDate: '<script>' }, '开始日期格式不正确', 400],
    [{ startDate: '<script>alert(1)</script>' }, '开始日期长度不正确', 400],
    [{ startDate: '2026/11/01' }, '开始日期格式不正确', 400],
    [{ pageSize: 1000 }, '每页条数格式不正确', 400],
    [{ page: 0 }, '页码格式不正确', 400],
    [{ page: 'x' }, '页码格式不正确', 400],
    [{ userId: 1 }, '不支持的参数：userId', 400],
  ] as [Record<string, string | number>, string, number][])('%j → %s', async (q, msg, status) => {
    const res = await alice.get(PATH, q);
    expect(res).toMatchObject({ code: -1, msg, status });
  });

  it('needs a login', async () => {
    const res = await ctx.client().get(PATH);
    expect(res.code).toBe(0);
    expect(res.data).toBeNull();
  });
});
