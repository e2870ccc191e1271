/**
 * A request id reused with a different payload, on every money action: refused with the one clear
 * message and nothing changes (no new rows, balances the same); the same payload again answers the
 * stored result. Bets used to answer 投注成功 with the first slip's orders.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { ledgerMismatches, ledgerSum, playerBalance } from '../../src/server/ledger/ledger.ts';
import { BetQueue } from '../../src/server/betting/place.ts';
import { parseSlip } from '../../src/server/betting/tickets.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { vwBalance } from '../../src/server/wallet/service.ts';
import {
  dwdEntry,
  fund,
  requestId,
  saleIssue,
  saleIssues,
  twoSidedEntry,
} from './betting-fixtures.ts';
import { setupTestApp, type TestClient } from './helpers.ts';
import { newPlayer, SAVE, setSettings, withdrawForm } from './withdraw-fixtures.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  expect(await ledgerSum(ctx.sql)).toBe(0);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});

async function player(fen: number) {
  const c = await ctx.userClient();
  if (fen > 0) await fund(ctx.sql, c.userId, fen);
  return c;
}

/** Everything a refused money call could have changed for a player. */
async function stateOf(userId: number) {
  const [rows] = await ctx.sql<
    {
      bets: number;
      chases: number;
      transfers: number;
      recharges: number;
      withdrawals: number;
      pledges: number;
    }[]
  >`
    select (select count(*) from bets where user_id = ${userId})::int as bets,
           (select count(*) from chases where user_id = ${userId})::int as chases,
           (select count(*) from transfers where user_id = ${userId})::int as transfers,
           (select count(*) from recharge_orders where user_id = ${userId})::int as recharges,
           (select count(*) from withdraw_orders where user_id = ${userId})::int as withdrawals,
           (select count(*) from pledge_orders where user_id = ${userId})::int as pledges`;
  return {
    ...rows,
    balance: await playerBalance(ctx.sql, userId),
    vw: await vwBalance(ctx.sql, userId),
  };
}

const refused = { code: -1, msg: REQUEST_REUSED_MSG };
const slip = (...entries: Record<string, unknown>[]) => JSON.stringify(entries);

describe('addBetting / addFastBetting', () => {
  it('the same id with another slip is refused; the same slip answers the first orders', async () => {
    const c = await player(10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const id = requestId();
    const first = await c.post('/v1/betting/addBetting', {
      bettingData: slip(dwdEntry(issue)),
      requestId: id,
    });
    expect(first.code).toBe(1);
    const before = await stateOf(c.userId);
    for (const other of [
      slip(dwdEntry(issue, { bettingNumber: '2,-,-,-,-' })),
      slip(dwdEntry(issue, { graduationCount: 2, bettingAmount: '4.00' })),
      slip(dwdEntry(issue), dwdEntry(issue)),
    ]) {
      expect(
        await c.post('/v1/betting/addBetting', { bettingData: other, requestId: id }),
      ).toMatchObject(refused);
    }
    // a quick bet under the id of a plain bet is another request too
    expect(
      await c.post('/v1/betting/addFastBetting', {
        bettingData: slip(twoSidedEntry(issue, 10)),
        requestId: id,
        source: 'quick',
      }),
    ).toMatchObject(refused);
    expect(await stateOf(c.userId)).toEqual(before);
    const again = await c.post('/v1/betting/addBetting', {
      bettingData: slip(dwdEntry(issue)),
      requestId: id,
    });
    expect(again).toMatchObject({ code: 1, msg: '投注成功' });
    expect(again.data.orders).toEqual(first.data.orders);
    expect(await stateOf(c.userId)).toEqual(before);
  });

  it('the same slip written differently (spacing, number types) is the same request', async () => {
    const c = await player(10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const id = requestId();
    const first = await c.post('/v1/betting/addBetting', {
      bettingData: slip(dwdEntry(issue)),
      requestId: id,
    });
    const again = await c.post('/v1/betting/addBetting', {
      bettingData: slip(
        dwdEntry(issue, { bettingAmount: 2, bettingCount: '1', graduationCount: '1' }),
      ),
      requestId: id,
    });
    expect(again.code).toBe(1);
    expect(again.data.orders).toEqual(first.data.orders);
  });

  it('concurrent copies with different slips: one is placed, the others refused, one charge', async () => {
    const c = await player(10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const id = requestId();
    const slips = ['1', '2', '3', '4'].map((n) =>
      slip(dwdEntry(issue, { bettingNumber: `${n},-,-,-,-` })),
    );
    const res = await Promise.all(
      slips.map((s) => c.post('/v1/betting/addBetting', { bettingData: s, requestId: id })),
    );
    expect(res.filter((r) => r.code === 1)).toHaveLength(1);
    expect(res.filter((r) => r.code !== 1).every((r) => r.msg === REQUEST_REUSED_MSG)).toBe(true);
    expect(await playerBalance(ctx.sql, c.userId)).toBe(9_800);
  });
});

describe('two instances (two bet queues) racing one id with different slips', () => {
  it('one slip is placed; the other is refused once it finds the stored bets, never given their orders', async () => {
    const c = await player(10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const id = requestId();
    const [one, two] = await Promise.all(
      ['1', '2'].map((n) =>
        parseSlip(ctx.sql, slip(dwdEntry(issue, { bettingNumber: `${n},-,-,-,-` }))),
      ),
    );
    const a = new BetQueue(ctx.sql);
    const b = new BetQueue(ctx.sql);
    const res = await Promise.allSettled([
      a.submit({ userId: c.userId, requestId: id, tickets: one!, stakeType: 301 }),
      b.submit({ userId: c.userId, requestId: id, tickets: two!, stakeType: 301 }),
    ]);
    expect(res.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = res.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe(REQUEST_REUSED_MSG);
    expect(await playerBalance(ctx.sql, c.userId)).toBe(9_800);
  });
});

describe('addChaseBetting', () => {
  const chaseData = (issues: string[], multiples: number[], number = '1,-,-,-,-') =>
    JSON.stringify({
      isStopAfterWinning: 1,
      startIssue: issues[0],
      lotteryCode: '1008',
      bettingPoint: 0,
      playDetailCode: '1008DWD',
      bettingUnit: 1,
      bettingAllAmount: `${multiples.reduce((s, m) => s + 2 * m, 0)}.00`,
      chaseCount: issues.length,
      eachInfo: [{ bettingNumber: number, bettingCount: 1 }],
      eachOrder: issues.map((bettingIssue, i) => ({
        bettingIssue,
        graduationCount: multiples[i],
        bettingAmount: `${2 * multiples[i]!}.00`,
      })),
    });

  it('the same id with another chase is refused; the same chase answers the stored one', async () => {
    const c = await player(10_000);
    const issues = await saleIssues(ctx.sql, '1008', 3);
    const id = requestId();
    const first = await c.post('/v1/betting/addChaseBetting', {
      chaseBettingData: chaseData(issues, [1, 1, 1]),
      requestId: id,
    });
    expect(first.code).toBe(1);
    const before = await stateOf(c.userId);
    for (const other of [
      chaseData(issues, [1, 2, 1]),
      chaseData(issues, [1, 1, 1], '2,-,-,-,-'),
      chaseData(issues.slice(0, 2), [1, 1]),
    ]) {
      expect(
        await c.post('/v1/betting/addChaseBetting', { chaseBettingData: other, requestId: id }),
      ).toMatchObject(refused);
    }
    expect(await stateOf(c.userId)).toEqual(before);
    const again = await c.post('/v1/betting/addChaseBetting', {
      chaseBettingData: chaseData(issues, [1, 1, 1]),
      requestId: id,
    });
    expect(again).toMatchObject({
      code: 1,
      data: { chaseId: first.data.chaseId, orders: first.data.orders },
    });
    expect(await stateOf(c.userId)).toEqual(before);
  });
});

describe('operator adjustment', () => {
  it('the same id for another user, amount or type is refused; the same one answers applied: false', async () => {
    const a = await player(0);
    const b = await player(0);
    const id = requestId();
    const form = { userName: a.userName, amount: '5', remark: '补单', requestId: id };
    expect((await op.post('/v1/admin/balance/adjust', form)).data.applied).toBe(true);
    const before = [await stateOf(a.userId), await stateOf(b.userId)];
    const others: Record<string, string | number>[] = [
      { amount: '6' },
      { userName: b.userName },
      { amount: '-5' },
      { typeCode: 403 },
    ];
    for (const other of others) {
      expect(await op.post('/v1/admin/balance/adjust', { ...form, ...other })).toMatchObject(
        refused,
      );
    }
    expect([await stateOf(a.userId), await stateOf(b.userId)]).toEqual(before);
    expect((await op.post('/v1/admin/balance/adjust', form)).data).toMatchObject({
      applied: false,
      balanceFen: 500,
    });
  });
});

describe('recharge', () => {
  it('the same id for another amount, channel or payer is refused; the same one answers the order', async () => {
    await seedPaymentChannels(ctx.sql);
    const configs = Object.fromEntries(
      (
        await ctx.sql<{ id: number; channel: string }[]>`select id, channel from payment_configs`
      ).map((r) => [r.channel, r.id]),
    );
    const c = await player(0);
    const form = {
      channel: 'banktransfer',
      configId: configs.banktransfer!,
      amount: '500',
      payerName: '张三',
      requestId: requestId(),
    };
    const first = await c.post('/v1/transaction/rechargeFrontPaymentRecord', form);
    expect(first.data.created).toBe(true);
    const before = await stateOf(c.userId);
    for (const other of [
      { amount: '600' },
      { channel: 'alipay', configId: configs.alipay! },
      { payerName: '李四' },
    ]) {
      expect(
        await c.post('/v1/transaction/rechargeFrontPaymentRecord', { ...form, ...other }),
      ).toMatchObject(refused);
    }
    expect(await stateOf(c.userId)).toEqual(before);
    const again = await c.post('/v1/transaction/rechargeFrontPaymentRecord', form);
    expect(again.data).toMatchObject({ created: false, order: { id: first.data.order.id } });
  });
});

describe('withdraw', () => {
  it('the same id for another amount or account is refused; the same one answers the order', async () => {
    await setSettings(ctx.sql, { turnoverPercent: 0 });
    const p = await newPlayer(ctx, 100_000);
    const [second] = await ctx.sql<{ id: number }[]>`
      insert into bank_cards (user_id, kind, bank_code, bank_name, account_no, real_name, status)
      values (${p.userId}, 'bank', 'ICBC', '工商银行', '6222020000000001', '张三丰', 'active') returning id`;
    const form = withdrawForm(p);
    const first = await p.post(SAVE, form);
    expect(first.code, first.msg).toBe(1);
    const before = await stateOf(p.userId);
    const others: Record<string, string | number>[] = [{ amount: '200' }, { cardId: second!.id }];
    for (const other of others) {
      expect(await p.post(SAVE, { ...form, ...other })).toMatchObject(refused);
    }
    expect(await stateOf(p.userId)).toEqual(before);
    expect((await p.post(SAVE, form)).data).toMatchObject({
      applied: false,
      order: { orderNo: first.data.order.orderNo },
    });
  });
});

describe('virtual wallet', () => {
  it('a transfer id reused for another amount is refused; the same one answers applied: false', async () => {
    const c = await player(10_000);
    const id = requestId();
    expect(
      (await c.post('/v1/virtualWallet/transferIn', { amount: '10', requestId: id })).data.applied,
    ).toBe(true);
    const before = await stateOf(c.userId);
    expect(
      await c.post('/v1/virtualWallet/transferIn', { amount: '11', requestId: id }),
    ).toMatchObject(refused);
    expect(await stateOf(c.userId)).toEqual(before);
    expect(
      (await c.post('/v1/virtualWallet/transferIn', { amount: '10', requestId: id })).data,
    ).toMatchObject({ applied: false, balanceFen: 1_000 });
  });

  it('a pledge id reused for another amount or product is refused', async () => {
    const save = (name: string) =>
      op.post('/v1/admin/pledge/products/save', {
        name,
        termDays: 7,
        annualRate: '5',
        minAmount: '1',
        earlyExit: 'principal',
      });
    const p1 = (await save('甲')).data.productId;
    const p2 = (await save('乙')).data.productId;
    const c = await player(10_000);
    await c.post('/v1/virtualWallet/transferIn', { amount: '50', requestId: requestId() });
    const form = { productId: p1, amount: '10', autoRenew: 0, requestId: requestId() };
    expect((await c.post('/v1/virtualWallet/pledgeCreate', form)).code).toBe(1);
    const before = await stateOf(c.userId);
    for (const other of [{ amount: '11' }, { productId: p2 }, { autoRenew: 1 }]) {
      expect(await c.post('/v1/virtualWallet/pledgeCreate', { ...form, ...other })).toMatchObject(
        refused,
      );
    }
    expect(await stateOf(c.userId)).toEqual(before);
    expect((await c.post('/v1/virtualWallet/pledgeCreate', form)).code).toBe(1);
    expect(await stateOf(c.userId)).toEqual(before);
  });
});
