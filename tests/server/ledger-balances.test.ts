/** The ledger: overdraft refused, balance_after kept, and one path for every movement. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/envelope.ts';
import {
  INSUFFICIENT_BALANCE_MSG,
  playerBalance,
  transfer,
  transferInTx,
  bulkTransfersInTx,
  type AccountKind,
  type TransferInput,
  type TransferResult,
} from '../../src/server/ledger/ledger.ts';
import { type TransferId, transferIds } from '../../src/domain/transferIds.ts';
import { transferRefs } from '../../src/domain/transferRefs.ts';
import {
  sql,
  HOUSE,
  tid,
  bareUser,
  balanceOf,
  transferCount,
  viaTx,
  attempt,
} from './ledger-core-fixtures.ts';

describe('overdraft', () => {
  it('is refused with 余额不足 (code -1) and moves nothing, through both APIs', async () => {
    const userId = await bareUser();
    const wallet = { kind: 'player' as const, userId };
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: wallet,
      amountFen: 500,
      typeCode: 401,
      userId,
    });
    const before = await transferCount(userId);
    const t: TransferInput = {
      transferId: tid('over'),
      from: wallet,
      to: { kind: 'virtual_wallet', userId },
      amountFen: 501,
      typeCode: 611,
      userId,
    };
    for (const run of [() => transfer(sql, t), () => viaTx(t)]) {
      const err = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toBe(INSUFFICIENT_BALANCE_MSG);
      expect((err as AppError).code).toBe(-1);
    }
    expect(await playerBalance(sql, userId)).toBe(500);
    expect(await balanceOf('virtual_wallet', userId)).toBe(0);
    expect(await transferCount(userId)).toBe(before);
    expect((await sql`select 1 from transfers where transfer_id = ${t.transferId}`).length).toBe(0);
    // the refusal leaves the caller's transaction usable: the exact balance still moves after it
    const ok = await sql.begin(async (tx) => {
      await transferInTx(tx, t).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
      });
      return transferInTx(tx, { ...t, amountFen: 500 });
    });
    expect(ok).toMatchObject({ applied: true, balanceAfterFen: 0 });
    expect(await balanceOf('virtual_wallet', userId)).toBe(500);
  });

  it('racing debits never overdraw: exactly as many succeed as the balance allows', async () => {
    const userId = await bareUser();
    const wallet = { kind: 'player' as const, userId };
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: wallet,
      amountFen: 1000,
      typeCode: 401,
      userId,
    });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const t: TransferInput = {
          transferId: tid('race'),
          from: wallet,
          to: { kind: 'pledge_escrow', userId },
          amountFen: 100,
          typeCode: 613,
          userId,
        };
        return attempt(() => (i % 2 ? viaTx(t) : transfer(sql, t)));
      }),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await playerBalance(sql, userId)).toBe(0);
    expect(await balanceOf('pledge_escrow', userId)).toBe(1000);
    const afters = results
      .filter(Boolean)
      .map((r) => r!.balanceAfterFen)
      .sort((a, b) => a! - b!);
    expect(afters).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });
});

describe('balance_after', () => {
  it('records the player wallet after the transfer, whichever side it is on', async () => {
    const userId = await bareUser();
    const wallet = { kind: 'player' as const, userId };
    const vw = { kind: 'virtual_wallet' as const, userId };
    const esc = { kind: 'pledge_escrow' as const, userId };
    const cases: [TransferInput, number | null][] = [
      [
        {
          transferId: tid('a1'),
          from: HOUSE,
          to: wallet,
          amountFen: 10_000,
          typeCode: 401,
          userId,
        },
        10_000,
      ],
      [
        { transferId: tid('a2'), from: wallet, to: vw, amountFen: 2_500, typeCode: 611, userId },
        7_500,
      ],
      [
        { transferId: tid('a3'), from: vw, to: esc, amountFen: 1_000, typeCode: 613, userId },
        7_500,
      ], // neither side: the wallet as it is
      [
        { transferId: tid('a4'), from: esc, to: wallet, amountFen: 400, typeCode: 614, userId },
        7_900,
      ],
      [
        { transferId: tid('a5'), from: HOUSE, to: esc, amountFen: 5, typeCode: 401, userId: null },
        null,
      ],
    ];
    for (const [i, [t, after]] of cases.entries()) {
      const r = i % 2 ? await viaTx(t) : await transfer(sql, t);
      expect(r.balanceAfterFen).toBe(after);
      const [row] = await sql<
        { balance_after: number | null; amount: number; user_id: number | null }[]
      >`
        select balance_after, amount, user_id from transfers where transfer_id = ${t.transferId}`;
      expect(row).toEqual({ balance_after: after, amount: t.amountFen, user_id: t.userId });
    }
    // and again the other way round: each API on the other cases
    const userId2 = await bareUser();
    for (const [i, [t, after]] of cases.entries()) {
      const swap = (a: { kind: AccountKind; userId: number | null }) =>
        a.userId === null ? a : { ...a, userId: userId2 };
      const t2 = {
        ...t,
        transferId: transferIds.fixture(`${t.transferId}:2`),
        from: swap(t.from),
        to: swap(t.to),
        userId: t.userId === null ? null : userId2,
      };
      const r = i % 2 ? await transfer(sql, t2) : await viaTx(t2);
      expect(r.balanceAfterFen).toBe(after);
    }
    expect(await playerBalance(sql, userId2)).toBe(7_900);
  });

  it('refuses malformed transfers before touching the database', async () => {
    const userId = await bareUser();
    const base: TransferInput = {
      transferId: tid('bad'),
      from: HOUSE,
      to: { kind: 'player', userId },
      amountFen: 1,
      typeCode: 401,
      userId,
    };
    await expect(transfer(sql, { ...base, amountFen: 0 })).rejects.toThrow(/bad amount/);
    await expect(transfer(sql, { ...base, amountFen: 1.5 })).rejects.toThrow(/bad amount/);
    await expect(transfer(sql, { ...base, transferId: '' as TransferId })).rejects.toThrow(
      /needs an id/,
    );
    await expect(transfer(sql, { ...base, to: HOUSE })).rejects.toThrow(/two accounts/);
    await expect(viaTx({ ...base, to: { kind: 'player', userId: null } })).rejects.toThrow(
      /owner mismatch/,
    );
    expect(await transferCount(userId)).toBe(0);
  });
});

describe('one path', () => {
  it('a batch of one is transferInTx is transfer: same journal row, balances and answer', async () => {
    const users = [await bareUser(), await bareUser(), await bareUser()];
    const runs: ((t: TransferInput) => Promise<TransferResult>)[] = [
      (t) => transfer(sql, t),
      viaTx,
      (t) =>
        sql.begin(async (tx) => {
          const r = await bulkTransfersInTx(tx, [t]);
          expect(r).toEqual({ applied: [t], skipped: [] });
          const [row] = await tx<
            { id: number; balance_after: number | null; from_balance: number; to_balance: number }[]
          >`
          select t.id, t.balance_after, d.balance as from_balance, c.balance as to_balance
          from transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
          where t.transfer_id = ${t.transferId}`;
          const balancesFen = { from: row!.from_balance, to: row!.to_balance };
          return {
            id: row!.id,
            transferId: t.transferId,
            balanceAfterFen: row!.balance_after,
            applied: true,
            balancesFen,
          };
        }),
    ];
    const journal = [] as unknown[];
    for (const [i, run] of runs.entries()) {
      const userId = users[i]!;
      const wallet = { kind: 'player' as const, userId };
      const plan: TransferInput[] = [
        {
          transferId: tid(`one${i}`),
          from: HOUSE,
          to: wallet,
          amountFen: 9_000,
          typeCode: 401,
          userId,
          ref: transferRefs.code('r'),
          remark: 'm',
          operatorId: null,
        },
        {
          transferId: tid(`one${i}`),
          from: wallet,
          to: { kind: 'virtual_wallet', userId },
          amountFen: 2_000,
          typeCode: 611,
          userId,
        },
        {
          transferId: tid(`one${i}`),
          from: { kind: 'virtual_wallet', userId },
          to: { kind: 'pledge_escrow', userId },
          amountFen: 500,
          typeCode: 613,
          userId,
        },
      ];
      const answers = [];
      for (const t of plan) answers.push(await run(t));
      expect(answers.map((a) => [a.applied, a.balanceAfterFen])).toEqual([
        [true, 9_000],
        [true, 7_000],
        [true, 7_000],
      ]);
      // both accounts' balances right after each move (the house's own is whatever the suite left)
      expect(answers.slice(1).map((a) => a.balancesFen)).toEqual([
        { from: 7_000, to: 2_000 },
        { from: 1_500, to: 500 },
      ]);
      expect(answers[0]!.balancesFen!.to).toBe(9_000);
      const rows = await sql<
        {
          amount: number;
          type_code: number;
          balance_after: number;
          ref: string | null;
          remark: string | null;
          debit: string;
          credit: string;
        }[]
      >`
        select t.amount, t.type_code, t.balance_after, t.ref, t.remark, d.kind as debit, c.kind as credit
        from transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
        where t.user_id = ${userId} order by t.id`;
      journal.push(rows);
      expect(
        await sql`select kind, balance from ledger_accounts where user_id = ${userId} and balance <> 0 order by kind`,
      ).toEqual([
        { kind: 'player', balance: 7_000 },
        { kind: 'pledge_escrow', balance: 500 },
        { kind: 'virtual_wallet', balance: 1_500 },
      ]);
      // and a repeat through the same path answers the first result without moving anything
      if (i < 2)
        expect(await run(plan[1]!)).toEqual({ ...answers[1], applied: false, balancesFen: null });
      else
        expect(await sql.begin((tx) => bulkTransfersInTx(tx, [plan[1]!]))).toEqual({
          applied: [],
          skipped: [plan[1]!.transferId],
        });
    }
    expect(journal[1]).toEqual(journal[0]);
    expect(journal[2]).toEqual(journal[0]);
  });
});
