/** bulkTransfersInTx (src/server/ledger/ledger.ts): many transfers in one transaction, idempotent, all or nothing. */
import { describe, expect, it } from 'vitest';
import { transferIds } from '../../src/domain/transferIds.ts';
import { transferRefs } from '../../src/domain/transferRefs.ts';
import { bulkTransfersInTx } from '../../src/server/ledger/ledger.ts';
import type { TransferInput } from '../../src/server/ledger/ledger.ts';
import { expectLedgerSound, fund, makeUser, playerBalance, testDb } from './settlement-fixtures.ts';

const { sql } = await testDb();

function credit(id: string, userId: number, fen: number): TransferInput {
  return {
    transferId: transferIds.fixture(id),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: fen,
    typeCode: 201,
    userId,
    ref: transferRefs.code('bulk-test'),
  };
}
function debit(id: string, userId: number, fen: number): TransferInput {
  return {
    transferId: transferIds.fixture(id),
    from: { kind: 'player', userId },
    to: { kind: 'house', userId: null },
    amountFen: fen,
    typeCode: 301,
    userId,
  };
}

describe('bulkTransfersInTx', () => {
  it('applies many transfers with per-transfer balances, once', async () => {
    const users: number[] = [];
    for (let i = 0; i < 20; i++) users.push(await makeUser(sql));
    const list: TransferInput[] = [];
    for (let i = 0; i < 3000; i++) list.push(credit(`b1:${i}`, users[i % 20]!, 1 + (i % 7)));
    const res = await sql.begin((tx) => bulkTransfersInTx(tx, list));
    expect(res.applied).toHaveLength(3000);
    expect(res.skipped).toEqual([]);
    const expected = new Map<number, number>();
    for (const t of list)
      expected.set(t.to.userId!, (expected.get(t.to.userId!) ?? 0) + t.amountFen);
    for (const u of users) expect(await playerBalance(sql, u)).toBe(expected.get(u));

    // balance_after runs in input order per player
    const rows = await sql<
      { transfer_id: string; user_id: number; balance_after: number; amount: number }[]
    >`
      select transfer_id, user_id, balance_after, amount from transfers where transfer_id like 'fixture:b1:%' order by id`;
    expect(rows).toHaveLength(3000);
    const running = new Map<number, number>();
    for (const r of rows) {
      running.set(r.user_id, (running.get(r.user_id) ?? 0) + r.amount);
      expect(r.balance_after).toBe(running.get(r.user_id));
    }

    // a repeat (with one new id and a duplicate inside the input) moves only the new money
    const again = await sql.begin((tx) =>
      bulkTransfersInTx(tx, [
        ...list,
        credit('b1:new', users[0]!, 5),
        credit('b1:new', users[0]!, 5),
      ]),
    );
    expect(again.applied.map((t) => t.transferId)).toEqual([transferIds.fixture('b1:new')]);
    expect(again.skipped).toHaveLength(3001);
    expect(await playerBalance(sql, users[0]!)).toBe(expected.get(users[0]!)! + 5);
    await expectLedgerSound(sql);
  });

  it('refuses an overdraft anywhere in the list and applies nothing', async () => {
    const a = await makeUser(sql);
    const b = await makeUser(sql);
    await fund(sql, a, 1000);
    const list = [
      credit('b2:1', b, 50),
      debit('b2:2', a, 600),
      debit('b2:3', a, 500),
      credit('b2:4', a, 10_000),
    ];
    await expect(sql.begin((tx) => bulkTransfersInTx(tx, list))).rejects.toThrow('余额不足');
    expect(await playerBalance(sql, a)).toBe(1000);
    expect(await playerBalance(sql, b)).toBe(0);
    const [n] = await sql<
      { n: number }[]
    >`select count(*)::int as n from transfers where transfer_id like 'fixture:b2:%'`;
    expect(n!.n).toBe(0);
    // in an order the balance covers, the same transfers pass
    const ok = await sql.begin((tx) =>
      bulkTransfersInTx(tx, [list[0]!, list[3]!, list[1]!, list[2]!]),
    );
    expect(ok.applied).toHaveLength(4);
    expect(await playerBalance(sql, a)).toBe(1000 + 10_000 - 1100);
    await expectLedgerSound(sql);
  });

  it('creates missing wallets, skips an empty list and rejects bad amounts', async () => {
    const c = await makeUser(sql);
    expect(await sql.begin((tx) => bulkTransfersInTx(tx, []))).toEqual({
      applied: [],
      skipped: [],
    });
    await sql.begin((tx) => bulkTransfersInTx(tx, [credit('b3:1', c, 7)]));
    expect(await playerBalance(sql, c)).toBe(7);
    await expect(sql.begin((tx) => bulkTransfersInTx(tx, [credit('b3:2', c, 0)]))).rejects.toThrow(
      'bad amount',
    );
    await expect(
      sql.begin((tx) => bulkTransfersInTx(tx, [credit('b3:3', c, 1.5)])),
    ).rejects.toThrow('bad amount');
    await expectLedgerSound(sql);
  });

  it('two concurrent writers of the same ids move the money once', async () => {
    const d = await makeUser(sql);
    const list = Array.from({ length: 500 }, (_, i) => credit(`b4:${i}`, d, 3));
    const results = await Promise.allSettled([
      sql.begin((tx) => bulkTransfersInTx(tx, list)),
      sql.begin((tx) => bulkTransfersInTx(tx, list)),
    ]);
    const applied = results.map((r) => (r.status === 'fulfilled' ? r.value.applied.length : 0));
    expect(applied.sort()).toEqual([0, 500]);
    expect(await playerBalance(sql, d)).toBe(1500);
    await expectLedgerSound(sql);
  });
});
