/**
 * The ledger under concurrency: accounts, concurrent and opposite transfers, one transfer id
 * moving money once, accounts never made inside a money transaction.
 */
import { describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import {
  accountId,
  ledgerSum,
  playerBalance,
  transfer,
  bulkTransfersInTx,
  type AccountKind,
  type TransferInput,
} from '../../src/server/ledger/ledger.ts';
import { transferIds } from '../../src/domain/transferIds.ts';
import {
  sql,
  HOUSE,
  KINDS,
  seq,
  tid,
  bareUser,
  balanceOf,
  transferCount,
  viaTx,
  attempt,
} from './ledger-core-fixtures.ts';

describe('accounts', () => {
  it('a registered user has every account kind from the start', async () => {
    const userId = (await insertUserWithPassword(
      sql,
      `lcr${seq()}${Date.now().toString(36)}`,
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
