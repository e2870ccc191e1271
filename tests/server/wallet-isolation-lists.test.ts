/** Wallet isolation: B lists never contain A rows; B replaying A requestIds gets its own rows. */
import { describe, expect, it } from 'vitest';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { dwdEntry, requestId, saleIssue } from './betting-fixtures.ts';
import { must, snapshotOf } from './isolation-fixtures.ts';
import {
  ctx,
  a,
  b,
  site,
  own,
  bCard,
  U,
  T,
  V,
  B_,
  listAll,
  ids,
  dbIds,
} from './wallet-isolation-fixtures.ts';

describe("B's lists never contain A's rows", () => {
  it('B gets its own things so the lists are not empty', async () => {
    await must(
      b.post(`${T}/rechargeFrontPaymentRecord`, {
        channel: 'banktransfer',
        configId: site.configId,
        amount: '150.00',
        requestId: requestId(),
      }),
    );
    await must(
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: bCard,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
    );
    await must(b.post(`${V}/transferIn`, { amount: '300.00', requestId: requestId() }));
    await must(
      b.post(`${V}/pledgeCreate`, {
        productId: site.productId,
        amount: '200.00',
        autoRenew: 1,
        requestId: requestId(),
      }),
    );
    await must(
      b.post(`${B_}/addBetting`, {
        bettingData: JSON.stringify([dwdEntry(await saleIssue(ctx.sql, '1008'))]),
        requestId: requestId(),
      }),
    );
  });

  it('recharge, withdraw, cards, addresses, pledges, bets, chases: exactly B rows', async () => {
    expect(ids((await listAll(b, `${T}/rechargeRecordList`)).list)).toEqual(
      await dbIds('recharge_orders', b.userId),
    );
    expect(ids((await listAll(b, `${T}/withdrawRecordList`)).list)).toEqual(
      await dbIds('withdraw_orders', b.userId),
    );
    expect(ids((await b.get(`${U}/getBankCardListFront`)).data.list)).toEqual([bCard]);
    expect((await b.get(`${U}/queryDigitalCurrencyList`)).data.list).toEqual([]);
    expect(ids((await listAll(b, `${V}/pledgeOrders`)).list, 'orderId')).toEqual(
      await dbIds('pledge_orders', b.userId),
    );
    expect(ids((await listAll(b, `${B_}/getBetting`)).list)).toEqual(await dbIds('bets', b.userId));
    expect((await listAll(b, `${B_}/getChaseBetting`)).list).toEqual([]);
    for (const table of ['recharge_orders', 'withdraw_orders', 'pledge_orders', 'bets'])
      expect(await dbIds(table, b.userId)).not.toEqual([]);
  });

  it('journal views: bill records, virtual-wallet logs, profit logs, turnover: only B transfers', async () => {
    const bTransfers = (
      await ctx.sql`select id from transfers where user_id = ${b.userId} order by id`
    ).map((r) => Number(r.id));
    const bills = await listAll(b, `${T}/getTransactionRecordsFront`);
    expect(ids(bills.list)).toEqual(bTransfers);
    const vwIds = (
      await ctx.sql`select id from transfers where user_id = ${b.userId} and type_code between 611 and 616 order by id`
    ).map((r) => Number(r.id));
    expect(ids((await listAll(b, `${V}/logs`)).list)).toEqual(vwIds);
    expect((await listAll(b, `${V}/profitLogs`)).list).toEqual([]);
    expect((await b.get(`${T}/getWithdrawLimitFlowList`)).data.list).toEqual([]);
    const info = (await b.get(`${V}/info`)).data;
    expect({
      balance: info.balance,
      pledgedTotal: info.pledgedTotal,
      holdingCount: info.holdingCount,
    }).toEqual({ balance: '100.00', pledgedTotal: '200.00', holdingCount: 1 });
  });
});

describe("B replaying A's requestIds gets its own rows, never A's", () => {
  it('recharge, withdraw, virtual-wallet move, pledge and bet', async () => {
    const beforeA = await snapshotOf(ctx.sql, a.userId);
    const r = own.requestIds;
    const recharge = await must(
      b.post(`${T}/rechargeFrontPaymentRecord`, {
        channel: 'banktransfer',
        configId: site.configId,
        amount: '100.00',
        requestId: r.recharge,
      }),
    );
    expect(recharge.created).toBe(true);
    expect(recharge.order.id).not.toBe(own.pendingRecharge);
    const w = await must(
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: bCard,
        safetyPassword: b.safety,
        requestId: r.withdraw,
      }),
    );
    expect({ applied: w.applied, mine: w.order.id !== own.withdrawal }).toEqual({
      applied: true,
      mine: true,
    });
    const vw = await must(b.post(`${V}/transferIn`, { amount: '1000.00', requestId: r.vwIn }));
    expect({ applied: vw.applied, balance: vw.balance }).toEqual({
      applied: true,
      balance: '1100.00',
    });
    const p = await must(
      b.post(`${V}/pledgeCreate`, {
        productId: site.productId,
        amount: '500.00',
        autoRenew: 0,
        requestId: r.pledge,
      }),
    );
    expect({ applied: p.applied, mine: p.order.orderId !== own.pledge }).toEqual({
      applied: true,
      mine: true,
    });
    const bet = await must(
      b.post(`${B_}/addBetting`, {
        bettingData: JSON.stringify([dwdEntry(await saleIssue(ctx.sql, '1008'))]),
        requestId: r.bet,
      }),
    );
    expect(bet.orders[0].id).not.toBe(own.bet);
    const owners = await ctx.sql`
      select (select user_id from recharge_orders where id = ${recharge.order.id}) as recharge,
             (select user_id from withdraw_orders where id = ${w.order.id}) as withdraw,
             (select user_id from pledge_orders where id = ${p.order.orderId}) as pledge,
             (select user_id from bets where id = ${bet.orders[0].id}) as bet`;
    expect(Object.values(owners[0]!).map(Number)).toEqual([b.userId, b.userId, b.userId, b.userId]);
    expect(await snapshotOf(ctx.sql, a.userId)).toEqual(beforeA);
  });
});

describe('the ledger after all of it', () => {
  it('sums to zero and every stored balance equals its journal rebuild', async () => {
    expect(await ledgerSum(ctx.sql)).toBe(0);
    expect(await ledgerMismatches(ctx.sql)).toEqual([]);
    // A's balances, exactly: 10000 funded + 200 recharge - 100 held - 1000 to the wallet - 2 bet - 6 chase
    const rows = await ctx.sql<{ kind: string; balance: number }[]>`
      select kind, balance from ledger_accounts where user_id = ${a.userId} and balance <> 0 order by kind`;
    expect(Object.fromEntries(rows.map((r) => [r.kind, r.balance]))).toEqual({
      player: 1_000_000 + 20_000 - 10_000 - 100_000 - 200 - 600,
      virtual_wallet: 50_000,
      pledge_escrow: 50_000,
      withdraw_hold: 10_000,
    });
  });
});
