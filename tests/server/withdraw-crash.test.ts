/**
 * A server process killed (SIGKILL) between the hold and the operator's decision loses nothing:
 * every order that exists has its hold and every hold its order; after a restart the operator
 * pays each order once and the ledger stays zero-sum.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../e2e/api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { fund } from './betting-fixtures.ts';
import { testDb } from './settlement-fixtures.ts';
import { killServers, startServer as startProcess } from './serverProcess.ts';
import {
  expectLedgerSound,
  holdBalance,
  insertCard,
  newRequestId,
  SAFETY,
  setSafety,
  walletOf,
} from './withdraw-fixtures.ts';

const { sql, url } = await testDb();
afterEach(() => expectLedgerSound(sql));

afterAll(killServers);
const startServer = () => startProcess(url);

async function player(): Promise<{ userName: string; userId: number; cardId: number }> {
  const userName = `crash${Date.now().toString(36)}`;
  const userId = (await insertUserWithPassword(sql, userName, 'pass1234'))!;
  await setSafety(sql, userId, userName);
  await fund(sql, userId, 1_000_000);
  return { userName, userId, cardId: await insertCard(sql, userId) };
}

describe('a crash between hold and approval', () => {
  it('loses nothing: orders and holds match, and after a restart each is paid once', {
    timeout: 180_000,
  }, async () => {
    await sql`insert into site_settings (key, value) values ('withdraw', ${sql.json({ dailyCount: 100, freeCount: 100 })})
              on conflict (key) do update set value = excluded.value`;
    const p = await player();
    await insertUserWithPassword(sql, 'crashop', 'pass1234', { isOperator: true });
    let server = await startServer();
    const client = new ApiClient(server.baseUrl);
    await client.login(p.userName, 'pass1234');
    const form = () => ({
      amount: '100',
      cardId: p.cardId,
      safetyPassword: safetyPasswordHash(p.userName, SAFETY),
      requestId: newRequestId(),
    });

    const first = await client.call<{ order: { id: number } }>(
      'POST',
      '/v1/transaction/saveFrontWithdrawRecord',
      form(),
    );
    expect(first.code, first.msg).toBe(1);
    // more holds in flight when the process dies
    const inFlight = Array.from({ length: 12 }, () =>
      client.call('POST', '/v1/transaction/saveFrontWithdrawRecord', form()).catch(() => null),
    );
    // the kill comes once one of them has reached the database, not after a guessed while
    const ordersSoFar = async () =>
      (
        await sql<
          { n: number }[]
        >`select count(*)::int as n from withdraw_orders where user_id = ${p.userId}`
      )[0]!.n;
    for (const end = Date.now() + 30_000; (await ordersSoFar()) < 2 && Date.now() < end; );
    await server.kill();
    await Promise.all(inFlight);

    const orders = await sql<{ id: number; amount: number; status: string }[]>`
      select id, amount, status from withdraw_orders where user_id = ${p.userId} order by id`;
    const holds = await sql<{ transfer_id: string; amount: number }[]>`
      select transfer_id, amount from transfers where user_id = ${p.userId} and type_code = 305 order by id`;
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.every((o) => o.status === 'pending')).toBe(true);
    expect(holds.map((h) => h.transfer_id)).toEqual(orders.map((o) => `withdraw:hold:${o.id}`));
    expect(await holdBalance(sql, p.userId)).toBe(orders.length * 10_000);
    expect(await walletOf(sql, p.userId)).toBe(1_000_000 - orders.length * 10_000);
    await expectLedgerSound(sql);

    server = await startServer();
    const op = new ApiClient(server.baseUrl);
    await op.login('crashop', 'pass1234');
    for (const o of orders) {
      const res = await op.call('POST', '/v1/admin/withdraw/approve', { id: o.id });
      expect(res.code, res.msg).toBe(1);
      const again = await op.call('POST', '/v1/admin/withdraw/approve', { id: o.id });
      expect(again.msg).toBe('该提现已处理（已出款）');
    }
    const paid = await sql<{ n: number; total: number }[]>`
      select count(*)::int as n, coalesce(sum(amount), 0)::bigint as total from transfers
      where user_id = ${p.userId} and transfer_id like 'withdraw:pay:%'`;
    expect(paid[0]).toEqual({ n: orders.length, total: orders.length * 10_000 });
    expect(await holdBalance(sql, p.userId)).toBe(0);
    expect(await walletOf(sql, p.userId)).toBe(1_000_000 - orders.length * 10_000);
    await server.kill();
  });
});
