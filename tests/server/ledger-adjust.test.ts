/**
 * Manual adjustments under concurrency: one request id moves money once however many copies
 * race, and racing debits never overdraw. The ledger stays zero-sum and matches its journal.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { adjustBalance, adjustTypeCode } from '../../src/server/ledger/adjust.ts';
import { ledgerMismatches, ledgerSum, playerBalance } from '../../src/server/ledger/ledger.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

let opId: number;
let op: ReturnType<typeof ctx.client>;
beforeAll(async () => {
  opId = (await insertUserWithPassword(ctx.sql, 'ledgerop', 'pass1234', { isOperator: true }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${opId}, now() + interval '1 day')`;
  op = ctx.client();
  op.cookies.set('sid', token);
});
afterEach(async () => {
  expect(await ledgerSum(ctx.sql)).toBe(0);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

let n = 0;
async function newPlayer(balanceFen = 0) {
  const userName = `lp${n++}x${Date.now().toString(36)}`;
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234'))!;
  if (balanceFen > 0) {
    await adjustBalance(ctx.sql, {
      userName,
      amountFen: balanceFen,
      remark: '初始',
      requestId: crypto.randomUUID(),
      operatorId: opId,
    });
  }
  return { userName, userId };
}

const transferCount = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from transfers where user_id = ${userId}`
  )[0].n;

describe('idempotent adjustments', () => {
  it('20 parallel copies of one request over HTTP move the money once', async () => {
    const p = await newPlayer();
    const form = {
      userName: p.userName,
      amount: '88.88',
      remark: '并发重试',
      requestId: crypto.randomUUID(),
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => op.post('/v1/admin/balance/adjust', form)),
    );
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(results.filter((r) => r.data.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.transferId)).size).toBe(1);
    expect(results.every((r) => r.data.balanceFen === 8888)).toBe(true);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(8888);
    expect(await transferCount(p.userId)).toBe(1);
  });

  it('20 parallel copies of one debit move it once', async () => {
    const p = await newPlayer(1000);
    const requestId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjustBalance(ctx.sql, {
          userName: p.userName,
          amountFen: -300,
          remark: '扣除',
          requestId,
          operatorId: opId,
        }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(700);
  });
});

describe('racing debits', () => {
  it('never overdraw: exactly balance / amount of them succeed', async () => {
    const p = await newPlayer(1000);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        op.post('/v1/admin/balance/adjust', {
          userName: p.userName,
          amount: '-1.00',
          remark: '扣除',
          requestId: crypto.randomUUID(),
        }),
      ),
    );
    const ok = results.filter((r) => r.code === 1);
    const refused = results.filter((r) => r.code !== 1);
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.code === -1 && r.msg === '余额不足' && r.status === 200)).toBe(
      true,
    );
    expect(await playerBalance(ctx.sql, p.userId)).toBe(0);
    const [{ min }] = await ctx.sql<
      { min: number }[]
    >`select min(balance_after)::bigint as min from transfers where user_id = ${p.userId}`;
    expect(min).toBe(0);
  });

  it('credits and debits racing each other end at the exact sum', async () => {
    const p = await newPlayer(500);
    const amounts = [300, -200, 150, -400, 100, -100, 250, -50, 75, -25];
    const results = await Promise.allSettled(
      amounts.map((amountFen) =>
        adjustBalance(ctx.sql, {
          userName: p.userName,
          amountFen,
          remark: '混合',
          requestId: crypto.randomUUID(),
          operatorId: opId,
        }),
      ),
    );
    const applied = amounts.filter((_, i) => results[i].status === 'fulfilled');
    expect(await playerBalance(ctx.sql, p.userId)).toBe(500 + applied.reduce((a, b) => a + b, 0));
    expect(await playerBalance(ctx.sql, p.userId)).toBeGreaterThanOrEqual(0);
  });
});

describe('type codes', () => {
  it('default to 401 for a credit and 402 for a debit', () => {
    expect(adjustTypeCode(1)).toBe(401);
    expect(adjustTypeCode(-1)).toBe(402);
  });

  it('accept every code of 401-423 in at least one direction', () => {
    for (let code = 401; code <= 423; code++) {
      const fits = [1, -1].filter((sign) => {
        try {
          return adjustTypeCode(sign, code) === code;
        } catch {
          return false;
        }
      });
      expect(fits.length, `code ${code}`).toBeGreaterThan(0);
    }
  });

  it('refuse codes outside 401-423 and zero amounts', async () => {
    expect(() => adjustTypeCode(1, 400)).toThrow('账变类型必须在401到423之间');
    expect(() => adjustTypeCode(1, 501)).toThrow();
    const p = await newPlayer();
    await expect(
      adjustBalance(ctx.sql, {
        userName: p.userName,
        amountFen: 0,
        remark: 'x',
        requestId: crypto.randomUUID(),
        operatorId: opId,
      }),
    ).rejects.toThrow('调整金额不能为0');
    expect(await transferCount(p.userId)).toBe(0);
  });
});
