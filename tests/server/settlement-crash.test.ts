/**
 * Exactly once: a settlement process killed (SIGKILL) mid-way and run again pays every bet once;
 * concurrent settleIssue calls on one issue pay once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { fundAll, insertBets } from './settlement-bets.ts';
import {
  expectLedgerSound,
  issueTransfers,
  makeIssue,
  makeUser,
  playerBalance,
  SSC,
  testDb,
} from './settlement-fixtures.ts';

const { sql, url } = await testDb();
afterEach(() => expectLedgerSound(sql));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRIZE = 1950; // 定位胆 one line at 1950, unit 元, ×1
const STAKE = 200;

interface Setup {
  users: number[];
  parent: number;
  bets: { id: number; userId: number; wins: boolean }[];
}

/** `n` one-line 定位胆 bets on issue `issue` drawn 3,…: digit 3 wins. Each user is funded for its bets. */
async function setupIssue(db: Sql, issue: string, n: number, userCount: number): Promise<Setup> {
  const parent = await makeUser(db, { group: 1960 });
  const users: number[] = [];
  for (let i = 0; i < userCount; i++)
    users.push(await makeUser(db, { group: 1950, parentId: parent }));
  await fundAll(db, users, Math.ceil(n / userCount) * STAKE, `crash-fund:${issue}`);
  await makeIssue(db, SSC, issue, { result: '3,0,0,0,0' });
  const specs = Array.from({ length: n }, (_, i) => ({
    userId: users[i % userCount]!,
    playCode: 'DWD',
    number: `${i % 10},-,-,-,-`,
    unit: 'yuan' as const,
    multiple: 1,
    userGroup: 1950,
    rebatePermille: 0,
  }));
  const placed = await insertBets(db, 'SSC', SSC, issue, specs, `crash-${issue}`);
  expect(placed.every((p) => p.amount === STAKE)).toBe(true);
  return {
    users,
    parent,
    bets: placed.map((p, i) => ({ id: p.id, userId: specs[i]!.userId, wins: i % 10 === 3 })),
  };
}

async function settledCount(issue: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from bets where lottery_code = ${SSC} and issue = ${issue} and status <> 'PENDING'`;
  return row!.n;
}

/** Every bet paid once: its settlement transfers, the wallets and the bet rows all agree. */
async function expectPaidOnce(issue: string, s: Setup): Promise<void> {
  const rows = await sql<{ id: number; status: string; payout: number; settled_version: number }[]>`
    select id, status, payout, settled_version from bets where lottery_code = ${SSC} and issue = ${issue}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const transfers = await sql<
    { ref: string; transfer_id: string; amount: number; type_code: number }[]
  >`
    select ref, transfer_id, amount, type_code from transfers where ref = any(${sql.array(s.bets.map((b) => `bet:${b.id}`))}::text[])`;
  const perBet = new Map<number, string[]>();
  for (const t of transfers) {
    const id = Number(t.ref.slice(4));
    perBet.set(id, [...(perBet.get(id) ?? []), t.transfer_id]);
  }
  for (const b of s.bets) {
    const row = byId.get(b.id)!;
    expect(row.status).toBe(b.wins ? 'WON' : 'LOST');
    expect(row.payout).toBe(b.wins ? PRIZE : 0);
    expect(row.settled_version).toBe(0);
    const ids = (perBet.get(b.id) ?? []).sort();
    expect(ids).toEqual(b.wins ? [`win:${b.id}:v0`] : []);
  }
  // upline rebates: one transfer per batch, together 1 fen per bet, every one to the parent
  const rebates = await issueTransfers(sql, issue);
  expect(
    rebates.every(
      (t) => t.type_code === 502 && t.user_id === s.parent && /^urb:.*:v0$/.test(t.transfer_id),
    ),
  ).toBe(true);
  expect(rebates.reduce((n, t) => n + t.amount, 0)).toBe(s.bets.length);
  for (const u of s.users) {
    const mine = s.bets.filter((b) => b.userId === u);
    const perUser = Math.ceil(s.bets.length / s.users.length);
    expect(await playerBalance(sql, u)).toBe(
      perUser * STAKE - mine.length * STAKE + mine.filter((b) => b.wins).length * PRIZE,
    );
  }
  // the parent earns floor(200 × (1960 − 1950) / 2000) = 1 per bet
  expect(await playerBalance(sql, s.parent)).toBe(s.bets.length);
  const [issueRow] =
    await sql`select status from lottery_issues where lottery_code = ${SSC} and issue = ${issue}`;
  expect(issueRow!.status).toBe('settled');
}

describe('settlement exactly once', () => {
  it('a process killed mid-settlement and run again pays every bet once', {
    timeout: 120_000,
  }, async () => {
    const total = 2000;
    const s = await setupIssue(sql, 'K-1', total, 40);
    const child = spawn(
      'npx',
      ['tsx', 'tests/server/settlement-crash-child.ts', url, SSC, 'K-1', '3'],
      {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    // wait until the child has settled part of the issue, then kill its whole process group
    const deadline = Date.now() + 60_000;
    let seen = 0;
    while (Date.now() < deadline) {
      seen = await settledCount('K-1');
      if (seen >= 150) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    expect(output).not.toContain('settled ');
    const atKill = await settledCount('K-1');
    expect(atKill).toBeGreaterThanOrEqual(150);
    expect(atKill).toBeLessThan(total);
    // batches are atomic: a bet is settled exactly when its transfers are written (a winner's prize;
    // the batch rebate: the parent has 1 fen per settled bet)
    const [torn] = await sql<{ n: number }[]>`
      select count(*)::int as n from bets b
      where b.lottery_code = ${SSC} and b.issue = 'K-1' and b.betting_number like '3,%'
        and (b.status <> 'PENDING') <> exists (select 1 from transfers t where t.transfer_id = 'win:' || b.id || ':v0')`;
    expect(torn!.n).toBe(0);
    expect(await playerBalance(sql, s.parent)).toBe(atKill);

    const res = await settleIssue(sql, SSC, 'K-1');
    expect(res.settled).toBe(total - atKill);
    await expectPaidOnce('K-1', s);
    // and once more: nothing
    expect(await settleIssue(sql, SSC, 'K-1')).toEqual({ settled: 0 });
    await expectPaidOnce('K-1', s);
  });

  it('concurrent settleIssue calls on one issue pay once', async () => {
    const s = await setupIssue(sql, 'K-2', 1200, 30);
    const results = await Promise.all([
      settleIssue(sql, SSC, 'K-2', { batchSize: 50 }),
      settleIssue(sql, SSC, 'K-2', { batchSize: 70 }),
      settleIssue(sql, SSC, 'K-2', { batchSize: 100 }),
      settleIssue(sql, SSC, 'K-2'),
    ]);
    expect(results.reduce((n, r) => n + r.settled, 0)).toBe(1200);
    await expectPaidOnce('K-2', s);
  });
});
