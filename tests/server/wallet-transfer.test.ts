/**
 * Virtual wallet transfers (611/612), info and logs, bad input of every kind, idempotency under
 * concurrency and the feature switch (-110004). The ledger stays zero-sum and matches its journal.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerMismatches, playerBalance, transfer } from '../../src/server/ledger/ledger.ts';
import { putSetting } from '../../src/server/site/settings.ts';
import { DEFAULT_TENANT_CONFIG, TENANT_CONFIG_KEY } from '../../src/server/site/tenant.ts';
import { vwBalance } from '../../src/server/wallet/service.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const IN = '/v1/virtualWallet/transferIn';
const OUT = '/v1/virtualWallet/transferOut';
const rid = () => crypto.randomUUID();

async function player(fen: number) {
  const c = await ctx.userClient();
  if (fen > 0) {
    await transfer(ctx.sql, {
      transferId: transferIds.fixture(`test-fund:${rid()}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: c.userId },
      amountFen: fen,
      typeCode: 401,
      userId: c.userId,
    });
  }
  return c;
}
const balances = async (userId: number) => [
  await playerBalance(ctx.sql, userId),
  await vwBalance(ctx.sql, userId),
];
const transferCount = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from transfers where user_id = ${userId}`
  )[0]!.n;

describe('transferIn / transferOut', () => {
  it('moves exact amounts both ways and answers both balances', async () => {
    const c = await player(10_000);
    const a = await c.post(IN, { amount: '12.34', requestId: rid() });
    expect(a.code).toBe(1);
    expect(a.data).toEqual({
      balance: '12.34',
      balanceFen: 1234,
      walletBalance: '87.66',
      walletBalanceFen: 8766,
      applied: true,
    });
    const b = await c.post(OUT, { amount: '2.3', requestId: rid() });
    expect(b.data).toMatchObject({
      balance: '10.04',
      balanceFen: 1004,
      walletBalanceFen: 8996,
      applied: true,
    });
    expect(await balances(c.userId)).toEqual([8996, 1004]);
    const rows = await ctx.sql<{ type_code: number; amount: number; balance_after: number }[]>`
      select type_code, amount, balance_after from transfers where user_id = ${c.userId} and type_code in (611, 612) order by id`;
    expect(rows).toEqual([
      { type_code: 611, amount: 1234, balance_after: 8766 },
      { type_code: 612, amount: 230, balance_after: 8996 },
    ]);
  });

  it('moves everything in and everything out', async () => {
    const c = await player(500);
    expect((await c.post(IN, { amount: '5', requestId: rid() })).data.balanceFen).toBe(500);
    expect((await c.post(OUT, { amount: '5.00', requestId: rid() })).data).toMatchObject({
      balanceFen: 0,
      walletBalanceFen: 500,
    });
  });

  it('refuses more than either wallet holds, moving nothing', async () => {
    const c = await player(1_000);
    const a = await c.post(IN, { amount: '10.01', requestId: rid() });
    expect([a.code, a.msg]).toEqual([-1, '余额不足']);
    await c.post(IN, { amount: '4', requestId: rid() });
    const b = await c.post(OUT, { amount: '4.01', requestId: rid() });
    expect([b.code, b.msg, b.status]).toEqual([-1, '虚拟钱包余额不足', 200]);
    expect(await balances(c.userId)).toEqual([600, 400]);
    expect(await transferCount(c.userId)).toBe(2);
  });

  it('the same requestId 50 times concurrently moves once', async () => {
    const c = await player(10_000);
    const requestId = rid();
    const res = await Promise.all(
      Array.from({ length: 50 }, () => c.post(IN, { amount: '33.33', requestId })),
    );
    expect(res.every((r) => r.code === 1)).toBe(true);
    expect(res.filter((r) => r.data.applied)).toHaveLength(1);
    expect(await balances(c.userId)).toEqual([6667, 3333]);
    const outId = rid();
    const out = await Promise.all(
      Array.from({ length: 50 }, () => c.post(OUT, { amount: '3.33', requestId: outId })),
    );
    expect(out.every((r) => r.code === 1 && r.data.balanceFen === 3000)).toBe(true);
    expect(out.filter((r) => r.data.applied)).toHaveLength(1);
    expect(await balances(c.userId)).toEqual([7000, 3000]);
    expect(await transferCount(c.userId)).toBe(3);
  });

  it('a requestId reused for another amount is refused; the same id in and out are two actions', async () => {
    const c = await player(10_000);
    const requestId = rid();
    expect((await c.post(IN, { amount: '10', requestId })).code).toBe(1);
    const again = await c.post(IN, { amount: '11', requestId });
    expect([again.code, again.msg]).toEqual([-1, REQUEST_REUSED_MSG]);
    expect((await c.post(OUT, { amount: '10', requestId })).data.applied).toBe(true);
    expect(await balances(c.userId)).toEqual([10_000, 0]);
  });

  it('concurrent transfers of one player in both directions never overdraw', async () => {
    const c = await player(1_000);
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post(i % 2 ? OUT : IN, { amount: '1.00', requestId: rid() }),
      ),
    );
    expect(
      res
        .filter((r) => r.code !== 1 && r.msg !== '虚拟钱包余额不足')
        .map((r) => [r.code, r.msg, r.status]),
    ).toEqual([]);
    const [main, vw] = await balances(c.userId);
    expect(main! + vw!).toBe(1_000);
    expect(vw).toBeGreaterThanOrEqual(0);
  });

  it('refuses bad input of every kind with a Chinese message and changes nothing', async () => {
    const c = await player(1_000);
    const bad: Record<string, string>[] = [
      {},
      { amount: '1' },
      { requestId: rid() },
      { amount: '1', requestId: rid(), extra: 'x' },
      { amount: '-1', requestId: rid() },
      { amount: '0', requestId: rid() },
      { amount: '0.00', requestId: rid() },
      { amount: '1.234', requestId: rid() },
      { amount: '1e3', requestId: rid() },
      { amount: ' 1', requestId: rid() },
      { amount: '01', requestId: rid() },
      { amount: 'abc', requestId: rid() },
      { amount: '<b>1</b>', requestId: rid() },
      { amount: '99999999999999', requestId: rid() },
      { amount: '1000000000.01', requestId: rid() },
      { amount: '1', requestId: 'short' },
      { amount: '1', requestId: 'bad id with spaces' },
      { amount: '1', requestId: 'x'.repeat(65) },
    ];
    for (const path of [IN, OUT]) {
      for (const form of bad) {
        const r = await c.post(path, form);
        expect(r.code, `${path} ${JSON.stringify(form)}`).not.toBe(1);
        expect(r.status).toBeLessThan(500);
        expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(await balances(c.userId)).toEqual([1_000, 0]);
    expect(await transferCount(c.userId)).toBe(1);
  });

  it('needs a session', async () => {
    const r = await ctx.client().post(IN, { amount: '1', requestId: rid() });
    expect(r.code).toBe(0);
  });
});

describe('info and logs', () => {
  it('info sums the wallet; logs list 611-616 signed, filtered and paged', async () => {
    const c = await player(10_000);
    for (const a of ['10', '20', '30']) await c.post(IN, { amount: a, requestId: rid() });
    await c.post(OUT, { amount: '5.50', requestId: rid() });
    const info = await c.get('/v1/virtualWallet/info');
    expect(info.data).toMatchObject({
      enabled: true,
      balance: '54.50',
      balanceFen: 5450,
      walletBalance: '45.50',
      walletBalanceFen: 4550,
      pledgedTotal: '0.00',
      annualRate: '3.65',
      yesterdayInterest: '0.00',
      totalInterest: '0.00',
      totalProfit: '0.00',
      holdingCount: 0,
    });
    const all = await c.get('/v1/virtualWallet/logs', { pageSize: 2 });
    expect(all.data.total).toBe(4);
    expect(
      all.data.list.map((l: { typeCode: number; amount: string }) => [l.typeCode, l.amount]),
    ).toEqual([
      [612, '-5.50'],
      [611, '30.00'],
    ]);
    const page2 = await c.get('/v1/virtualWallet/logs', { pageSize: 2, page: 2 });
    expect(page2.data.list.map((l: { amount: string }) => l.amount)).toEqual(['20.00', '10.00']);
    const outs = await c.get('/v1/virtualWallet/logs', { type: 612 });
    expect(outs.data.total).toBe(1);
    expect(outs.data.list[0]).toMatchObject({
      typeName: '转出虚拟钱包',
      amountFen: -550,
      orderId: null,
    });
    const qs: Record<string, string | number>[] = [
      { type: 610 },
      { type: 617 },
      { type: 'x' },
      { page: 0 },
      { pageSize: 101 },
      { foo: 1 },
    ];
    for (const q of qs) {
      const r = await c.get('/v1/virtualWallet/logs', q);
      expect(r.code, JSON.stringify(q)).not.toBe(1);
      expect(r.status).toBe(400);
    }
    // another player sees none of it
    const other = await player(0);
    expect((await other.get('/v1/virtualWallet/logs')).data).toEqual({ list: [], total: 0 });
  });
});

describe('bad queries on the read calls', () => {
  it('unknown fields and bad values are refused with HTTP 400', async () => {
    const c = await player(0);
    const cases: [string, Record<string, string | number>][] = [
      ['/v1/virtualWallet/info', { x: 1 }],
      ['/v1/virtualWallet/pledgeProducts', { all: 1 }],
      ['/v1/virtualWallet/pledgeOrders', { status: 'done' }],
      ['/v1/virtualWallet/pledgeOrders', { page: -1 }],
      ['/v1/virtualWallet/pledgeOrders', { pageSize: 'abc' }],
      ['/v1/virtualWallet/pledgeOrderDetail', {}],
      ['/v1/virtualWallet/pledgeOrderDetail', { orderId: '1.5' }],
      ['/v1/virtualWallet/profitLogs', { type: 611 }],
      ['/v1/virtualWallet/profitLogs', { page: 100001 }],
      ['/v1/virtualWallet/logs', { type: '<script>' }],
    ];
    for (const [path, q] of cases) {
      const r = await c.get(path, q);
      expect([r.code, r.status], `${path} ${JSON.stringify(q)}`).toEqual([-1, 400]);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const path of [
      '/v1/virtualWallet/info',
      '/v1/virtualWallet/pledgeProducts',
      '/v1/virtualWallet/pledgeOrders',
      '/v1/virtualWallet/profitLogs',
    ]) {
      expect((await c.get(path)).code, path).toBe(1);
    }
    expect((await c.post('/v1/virtualWallet/info')).status).toBe(405);
  });
});

describe('the feature switch', () => {
  it('yuebaoEnable off: every call answers -110004 and nothing moves; on again works', async () => {
    const c = await player(1_000);
    await putSetting(ctx.sql, TENANT_CONFIG_KEY, { ...DEFAULT_TENANT_CONFIG, yuebaoEnable: false });
    try {
      const calls = [
        c.get('/v1/virtualWallet/info'),
        c.get('/v1/virtualWallet/logs'),
        c.post(IN, { amount: '1', requestId: rid() }),
        c.post(OUT, { amount: '1', requestId: rid() }),
        c.post(IN, { bad: 'input' }),
        c.get('/v1/virtualWallet/pledgeProducts'),
        c.post('/v1/virtualWallet/pledgeCreate', {
          productId: 1,
          amount: '100',
          autoRenew: 0,
          requestId: rid(),
        }),
        c.post('/v1/virtualWallet/pledgeCancel', { orderId: 1 }),
        c.post('/v1/virtualWallet/pledgeAutoRenew', { orderId: 1, autoRenew: 1 }),
        c.get('/v1/virtualWallet/pledgeOrders'),
        c.get('/v1/virtualWallet/pledgeOrderDetail', { orderId: 1 }),
        c.get('/v1/virtualWallet/profitLogs'),
      ];
      for (const r of await Promise.all(calls)) {
        expect([r.code, r.msg, r.status]).toEqual([-110004, '虚拟钱包功能未开放', 200]);
      }
      expect(await balances(c.userId)).toEqual([1_000, 0]);
    } finally {
      await putSetting(ctx.sql, TENANT_CONFIG_KEY, DEFAULT_TENANT_CONFIG);
    }
    expect((await c.post(IN, { amount: '1', requestId: rid() })).code).toBe(1);
  });
});
