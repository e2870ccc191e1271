/**
 * The ledger core under concurrency: a new player's first transfers across all their account kinds
 * (accounts made on the fly, no deadlock), many opposite transfers between the same two accounts
 * (lock order), concurrent duplicates of one id (moved once), overdraft refusals (nothing moved) and
 * the recorded balance_after. Through `transfer` (one statement) and `transferInTx` (caller's tx).
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { AppError } from '../../src/server/http/envelope.ts';
import {
  accountId,
  INSUFFICIENT_BALANCE_MSG,
  ledgerMismatches,
  ledgerSum,
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
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
const sql = ctx.sql;

afterEach(async () => {
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
});

const HOUSE = { kind: 'house' as const, userId: null };
const KINDS: AccountKind[] = [
  'player',
  'virtual_wallet',
  'pledge_escrow',
  'withdraw_hold',
  'red_envelope_escrow',
];
let n = 0;
const tid = (tag: string) => transferIds.fixture(`lc-${tag}:${crypto.randomUUID()}`);

/** A user row with no ledger account at all (as rows made before the ledger knew them). */
async function bareUser(): Promise<number> {
  const [u] = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf) values (${`lcb${n++}${Date.now().toString(36)}`}, 'x') returning id`;
  return u!.id;
}

async function balanceOf(kind: AccountKind, userId: number): Promise<number> {
  const [row] = await sql<
    { balance: number }[]
  >`select balance from ledger_accounts where kind = ${kind} and user_id = ${userId}`;
  return row?.balance ?? 0;
}

const transferCount = async (userId: number) =>
  (
    await sql<{ n: number }[]>`select count(*)::int as n from transfers where user_id = ${userId}`
  )[0]!.n;

/** Either API, chosen by the caller: `transferInTx` runs in a transaction of its own here. */
const viaTx = (t: TransferInput) => sql.begin((tx) => transferInTx(tx, t));

/** Runs a transfer; an overdraft refusal is an allowed outcome (null), any other error is not. */
async function attempt(run: () => Promise<TransferResult>): Promise<TransferResult | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.message === INSUFFICIENT_BALANCE_MSG && err.code === -1)
      return null;
    throw err;
  }
}

describe('accounts', () => {
  it('a registered user has every account kind from the start', async () => {
    const userId = (await insertUserWithPassword(
      sql,
      `lcr${n++}${Date.now().toString(36)}`,
      'pass1234',
    ))!;
    const rows = await sql<{ kind: string; balance: number }[]>`
      select kind, balance from ledger_accounts where user_id = ${userId} order by kind`;
    expect(rows).toEqual([...KINDS].sort().map((kind) => ({ kind, balance: 0 })));
  });

  it("accountId is stable and makes a bare user's accounts once", async () => {
    const userId = await bareUser();
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => accountId(sql, KINDS[i % KINDS.length]!, userId)),
    );
    for (let i = 0; i < 10; i++) expect(ids[i]).toBe(ids[i % KINDS.length]);
    expect(new Set(ids).size).toBe(KINDS.length);
    const [{ c }] = await sql<
      { c: number }[]
    >`select count(*)::int as c from ledger_accounts where user_id = ${userId}`;
    expect(c).toBe(KINDS.length);
    await expect(accountId(sql, 'house', 1)).rejects.toThrow(/owner mismatch/);
  });
});

describe("a new player's first concurrent transfers", () => {
  it('across all their account kinds, through both APIs, with no error and exact balances', async () => {
    for (let round = 0; round < 4; round++) {
      const userId = await bareUser();
      const acct = (kind: AccountKind) => ({ kind, userId });
      // funding from the house into every kind, and moves between the player's own kinds both ways
      const plan: TransferInput[] = [];
      for (const [i, kind] of KINDS.entries()) {
        plan.push({
          transferId: tid('fund'),
          from: HOUSE,
          to: acct(kind),
          amountFen: 10_000 + i,
          typeCode: 401,
          userId,
        });
      }
      for (const a of KINDS) {
        for (const b of KINDS) {
          if (a !== b)
            plan.push({
              transferId: tid('move'),
              from: acct(a),
              to: acct(b),
              amountFen: 7,
              typeCode: 611,
              userId,
            });
        }
      }
      const results = await Promise.all(
        plan.map((t, i) => attempt(() => (i % 2 ? viaTx(t) : transfer(sql, t)))),
      );
      const expected = new Map(KINDS.map((k) => [k, 0]));
      results.forEach((r, i) => {
        if (!r) return;
        expect(r.applied).toBe(true);
        const t = plan[i]!;
        if (t.from.kind !== 'house')
          expected.set(t.from.kind, expected.get(t.from.kind)! - t.amountFen);
        expected.set(t.to.kind, expected.get(t.to.kind)! + t.amountFen);
      });
      // every funding transfer comes from the house: it can never be refused
      expect(results.slice(0, KINDS.length).every((r) => r?.applied)).toBe(true);
      for (const k of KINDS) expect(await balanceOf(k, userId)).toBe(expected.get(k));
      expect(await transferCount(userId)).toBe(results.filter(Boolean).length);
      expect(await ledgerSum(sql)).toBe(0);
    }
  });
});

describe('opposite concurrent transfers between two accounts', () => {
  it('200 of them, both APIs mixed: no deadlock, balances exact', async () => {
    const userId = await bareUser();
    const wallet = { kind: 'player' as const, userId };
    const vw = { kind: 'virtual_wallet' as const, userId };
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: wallet,
      amountFen: 1_000_000,
      typeCode: 401,
      userId,
    });
    await transfer(sql, {
      transferId: tid('fund'),
      from: wallet,
      to: vw,
      amountFen: 500_000,
      typeCode: 611,
      userId,
    });
    let net = 0; // what moves from the wallet to the virtual wallet
    const runs = Array.from({ length: 200 }, (_, i) => {
      const out = i % 2 === 0;
      const amountFen = 100 + i;
      net += out ? amountFen : -amountFen;
      const t: TransferInput = {
        transferId: tid('opp'),
        from: out ? wallet : vw,
        to: out ? vw : wallet,
        amountFen,
        typeCode: out ? 611 : 612,
        userId,
      };
      return i % 4 < 2 ? transfer(sql, t) : viaTx(t);
    });
    const results = await Promise.all(runs);
    expect(results.every((r) => r.applied)).toBe(true);
    expect(await balanceOf('player', userId)).toBe(500_000 - net);
    expect(await balanceOf('virtual_wallet', userId)).toBe(500_000 + net);
    // each transfer recorded the wallet balance right after it: replaying the journal in id order agrees
    const rows = await sql<{ amount: number; debit: string; balance_after: number }[]>`
      select t.amount, d.kind as debit, t.balance_after from transfers t join ledger_accounts d on d.id = t.debit_account_id
      where t.user_id = ${userId} order by t.id`;
    let bal = 0;
    for (const r of rows) {
      bal += r.debit === 'player' ? -r.amount : r.amount;
      expect(r.balance_after).toBe(bal);
    }
    expect(bal).toBe(500_000 - net);
  });

  it("opposite transfers between two players' wallets do not deadlock either", async () => {
    const a = await bareUser();
    const b = await bareUser();
    const wa = { kind: 'player' as const, userId: a };
    const wb = { kind: 'player' as const, userId: b };
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: wa,
      amountFen: 100_000,
      typeCode: 401,
      userId: a,
    });
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: wb,
      amountFen: 100_000,
      typeCode: 401,
      userId: b,
    });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const t: TransferInput =
          i % 2
            ? { transferId: tid('ab'), from: wa, to: wb, amountFen: 50, typeCode: 611, userId: a }
            : { transferId: tid('ba'), from: wb, to: wa, amountFen: 30, typeCode: 611, userId: b };
        return i % 3 ? transfer(sql, t) : viaTx(t);
      }),
    );
    expect(results.every((r) => r.applied)).toBe(true);
    expect(await playerBalance(sql, a)).toBe(100_000 - 50 * 50 + 30 * 50);
    expect(await playerBalance(sql, b)).toBe(100_000 + 50 * 50 - 30 * 50);
  });
});

describe('one transfer id moves money once', () => {
  it('30 concurrent copies through both APIs: one applied, all answer its result, no error', async () => {
    const userId = await bareUser();
    const t: TransferInput = {
      transferId: tid('dup'),
      from: HOUSE,
      to: { kind: 'player', userId },
      amountFen: 4321,
      typeCode: 401,
      userId,
    };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? viaTx({ ...t }) : transfer(sql, { ...t }))),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.every((r) => r.balanceAfterFen === 4321 && r.transferId === t.transferId)).toBe(
      true,
    );
    expect(await playerBalance(sql, userId)).toBe(4321);
    expect(await transferCount(userId)).toBe(1);
    // a later retry through either API: same answer, nothing moves
    const again = await transfer(sql, t);
    const againTx = await viaTx(t);
    for (const r of [again, againTx])
      expect(r).toEqual({
        id: results[0]!.id,
        transferId: t.transferId,
        balanceAfterFen: 4321,
        applied: false,
        balancesFen: null,
      });
    expect(await playerBalance(sql, userId)).toBe(4321);
  });

  it('concurrent copies of a debit that only one can afford: one applied, never an overdraft', async () => {
    const userId = await bareUser();
    await transfer(sql, {
      transferId: tid('fund'),
      from: HOUSE,
      to: { kind: 'player', userId },
      amountFen: 1000,
      typeCode: 401,
      userId,
    });
    const t: TransferInput = {
      transferId: tid('dupdebit'),
      from: { kind: 'player', userId },
      to: HOUSE,
      amountFen: 800,
      typeCode: 402,
      userId,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? viaTx({ ...t }) : transfer(sql, { ...t }))),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.every((r) => r.balanceAfterFen === 200)).toBe(true);
    expect(await transferCount(userId)).toBe(2);
    expect(await playerBalance(sql, userId)).toBe(200);
  });
});

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

describe('accounts are never made inside a money transaction', () => {
  it('a user row gets every account kind with it, even inserted by plain SQL in bulk', async () => {
    const made = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf) select 'lcbulk' || g || ${Date.now().toString(36)}, 'x' from generate_series(1, 3) g returning id`;
    const [{ c }] = await sql<{ c: number }[]>`
      select count(*)::int as c from ledger_accounts where user_id = any(${sql.array(made.map((u) => String(u.id)))}::bigint[])`;
    expect(c).toBe(3 * KINDS.length);
  });

  it('a transfer naming an account that does not exist is refused, and none is created', async () => {
    const userId = await bareUser();
    // an account gone (as if a kind had been added without its migration): the ledger must not make it
    await sql`delete from ledger_accounts where kind = 'red_envelope_escrow' and user_id = ${userId}`;
    const t: TransferInput = {
      transferId: tid('noacct'),
      from: HOUSE,
      to: { kind: 'red_envelope_escrow', userId },
      amountFen: 10,
      typeCode: 401,
      userId,
    };
    await expect(viaTx(t)).rejects.toThrow(/no ledger account/);
    await expect(sql.begin((tx) => bulkTransfersInTx(tx, [t]))).rejects.toThrow(
      /no ledger account/,
    );
    await expect(transfer(sql, t)).rejects.toThrow(/no ledger account/);
    const [{ c }] = await sql<
      { c: number }[]
    >`select count(*)::int as c from ledger_accounts where user_id = ${userId}`;
    expect(c).toBe(KINDS.length - 1);
    expect(await transferCount(userId)).toBe(0);
  });

  it('takes only a registry id: TypeScript refuses one built by hand (tsc checks the expectation below)', () => {
    const byHand = (betId: number): TransferInput => ({
      // @ts-expect-error a string is not a TransferId: ids come from src/domain/transferIds.ts
      transferId: `bet:${betId}`,
      from: HOUSE,
      to: { kind: 'player', userId: 1 },
      amountFen: 1,
      typeCode: 401,
      userId: 1,
    });
    const registry = (betId: number): TransferInput => ({
      transferId: transferIds.betStake(betId),
      from: HOUSE,
      to: { kind: 'player', userId: 1 },
      amountFen: 1,
      typeCode: 401,
      userId: 1,
    });
    expect(registry(7).transferId).toBe(byHand(7).transferId);
  });
});
