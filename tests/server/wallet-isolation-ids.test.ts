/**
 * Wallet isolation: B calling every id endpoint with A ids, ids of nobody, and every refusal in
 * Chinese.
 */
import { describe, expect, it } from 'vitest';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { ledgerSnapshot, snapshotOf } from './isolation-fixtures.ts';
import { ctx, a, b, own, U, T, V, B_ } from './wallet-isolation-fixtures.ts';
import {
  refusals,
  answers,
  isChineseText,
  idEndpoints,
  junkIds,
} from './wallet-isolation-calls-fixtures.ts';

describe("B calls every id endpoint with A's ids", () => {
  it.each(refusals.map((r) => [r.name, r] as const))(
    '%s: refused, nothing changes',
    async (_name, r) => {
      const before = {
        a: await snapshotOf(ctx.sql, a.userId),
        b: await snapshotOf(ctx.sql, b.userId),
        ledger: await ledgerSnapshot(ctx.sql),
      };
      const res = await r.call();
      answers.set(r.name, res);
      expect(res.status).not.toBe(500);
      expect({ status: res.status, code: res.code, msg: res.msg }).toEqual({
        status: r.status ?? 200,
        code: r.code ?? -1,
        msg: r.msg,
      });
      const after = {
        a: await snapshotOf(ctx.sql, a.userId),
        b: await snapshotOf(ctx.sql, b.userId),
        ledger: await ledgerSnapshot(ctx.sql),
      };
      expect(after).toEqual(before);
    },
  );

  it('A can still use every one of its ids afterwards (the ids were real)', async () => {
    expect(
      (await a.get(`${T}/rechargeRecordDetail`, { id: own.pendingRecharge })).data.status,
    ).toBe('pending');
    expect((await a.get(`${U}/findUsersBankCardDetailsById`, { id: own.bankCard })).code).toBe(1);
    expect((await a.get(`${T}/withdrawRecordDetail`, { id: own.withdrawal })).data.status).toBe(
      'pending',
    );
    expect((await a.get(`${V}/pledgeOrderDetail`, { orderId: own.pledge })).data.order.status).toBe(
      'holding',
    );
    expect((await a.get(`${B_}/getBetDetail`, { id: own.bet })).data.status).toBe('PENDING');
    expect((await a.get(`${B_}/getChaseDetail`, { id: own.chase })).data.orders).toHaveLength(3);
  });
});

describe('every refusal msg is Chinese text', () => {
  it('the check itself tells Chinese from English errors and stacks', () => {
    expect(
      ['记录不存在', '资金密码错误，还可尝试4次', '验证已失效，请重新验证资金密码'].map(
        isChineseText,
      ),
    ).toEqual([true, true, true]);
    expect(
      [
        'Not Found',
        'Internal Server Error',
        'TypeError: x is undefined\n    at f (a.ts:1:1)',
        '',
        '记录 undefined',
      ].map(isChineseText),
    ).toEqual([false, false, false, false, false]);
  });

  it.each(refusals.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const res = answers.get(r.name) ?? (await r.call());
    expect(res.code).not.toBe(1);
    expect(isChineseText(res.msg), `msg: ${JSON.stringify(res.msg)}`).toBe(true);
  });
});

describe('ids of nobody or not ids at all', () => {
  it.each(idEndpoints.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const before = await ledgerSnapshot(ctx.sql);
    const bad: string[] = [];
    for (const id of junkIds) {
      const res = await e.call(id);
      if (
        res.status === 500 ||
        res.code === 1 ||
        !isChineseText(res.msg) ||
        ![200, 400].includes(res.status)
      ) {
        bad.push(
          `${JSON.stringify(id)} → HTTP ${res.status} code ${res.code} ${JSON.stringify(res.msg)}`,
        );
      }
    }
    expect(bad).toEqual([]);
    expect(await ledgerSnapshot(ctx.sql)).toEqual(before);
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
