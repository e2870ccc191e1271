/**
 * A crash of the real server (`node src/server/main.ts`, embedded PostgreSQL on a temp data dir) in
 * the middle of settling an issue, then a plain start again on the same data dir: it comes up by
 * itself and every bet is settled exactly once.
 * - kill -9 of the server alone: the watchdog stops the orphaned PostgreSQL within seconds;
 * - kill -9 of the server and its watchdog (as if everything but PostgreSQL went down): the next
 *   start finds the orphan, stops it and starts fresh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../../src/server/db/client.ts';
import { isAlive } from '../../src/server/db/pgProcess.ts';
import { BATCH_SIZE } from '../../src/server/lottery/settlement/common.ts';
import { fundAll, insertBets } from './settlement-bets.ts';
import {
  drawIssue,
  ensureTestLotteries,
  expectLedgerSound,
  makeIssue,
  makeUser,
  playerBalance,
  SSC,
} from './settlement-fixtures.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRIZE = 1950; // 定位胆 one line at 1950, unit 元, ×1
const STAKE = 200;
/** three settlement batches, so the kill lands between two of them */
const BETS = 3 * BATCH_SIZE;
const USERS = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-crash-'));
fs.chmodSync(dataDir, 0o755);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
const pgPort = await freePort();

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

/** `node src/server/main.ts` as `npm start` runs it, resolved once it listens. */
async function startSite(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PGPORT: String(pgPort),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const end = Date.now() + 60_000;
  while (!out.includes('listening on') && Date.now() < end && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 50));
  if (!out.includes('listening on')) throw new Error(`the server did not come up:\n${out}`);
  return { child, output: () => out, exited };
}

const owner = () =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-owner.json'), 'utf8')) as {
    pid: number;
    postmasterPid: number;
    watchdogPid: number;
  };

async function until(
  cond: () => boolean | Promise<boolean>,
  ms: number,
  everyMs = 100,
): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return cond();
}

/** Alive and not a zombie (a killed child waits for its reaper, who may be slow to come). */
function running(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

let site: Running | null = null;
let sql: Sql | null = null;
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  if (site && site.child.exitCode === null) {
    site.child.kill('SIGTERM');
    await site.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Placed {
  users: number[];
  bets: { id: number; userId: number; wins: boolean }[];
}

/** BETS one-line 定位胆 bets on a pending issue (no seed: the scheduler leaves it to us), funded exactly. */
async function placeBets(db: Sql, issue: string): Promise<Placed> {
  await ensureTestLotteries(db);
  const users: number[] = [];
  for (let i = 0; i < USERS; i++) users.push(await makeUser(db, { group: 1950 }));
  await fundAll(db, users, (BETS / USERS) * STAKE, `restart-fund:${issue}`);
  await makeIssue(db, SSC, issue);
  const specs = Array.from({ length: BETS }, (_, i) => ({
    userId: users[i % USERS]!,
    playCode: 'DWD',
    number: `${i % 10},-,-,-,-`,
    unit: 'yuan' as const,
    multiple: 1,
    userGroup: 1950,
    rebatePermille: 0,
  }));
  const placed = await insertBets(db, 'SSC', SSC, issue, specs, `restart-${issue}`);
  return {
    users,
    bets: placed.map((p, i) => ({ id: p.id, userId: specs[i]!.userId, wins: i % 10 === 3 })),
  };
}

const settledCount = async (db: Sql, issue: string) =>
  (
    await db<{ n: number }[]>`
    select count(*)::int as n from bets where lottery_code = ${SSC} and issue = ${issue} and status <> 'PENDING'`
  )[0]!.n;

/** Every bet paid once: one prize transfer per winner and none for the others, balances to match. */
async function expectSettledOnce(db: Sql, issue: string, p: Placed): Promise<void> {
  const [issueRow] = await db<
    { status: string }[]
  >`select status from lottery_issues where lottery_code = ${SSC} and issue = ${issue}`;
  expect(issueRow!.status).toBe('settled');
  const rows = await db<{ id: number; status: string; payout: number }[]>`
    select id, status, payout from bets where lottery_code = ${SSC} and issue = ${issue}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const prizes = await db<{ ref: string; n: number; amount: number }[]>`
    select ref, count(*)::int as n, sum(amount)::bigint as amount from transfers
    where ref = any(${db.array(p.bets.map((b) => `bet:${b.id}`))}::text[]) and type_code <> 301 group by ref`;
  const prizeOf = new Map(prizes.map((t) => [Number(t.ref.slice(4)), t]));
  for (const b of p.bets) {
    const row = byId.get(b.id)!;
    expect(row.status).toBe(b.wins ? 'WON' : 'LOST');
    expect(row.payout).toBe(b.wins ? PRIZE : 0);
    const t = prizeOf.get(b.id);
    if (b.wins) expect(t).toMatchObject({ n: 1, amount: PRIZE });
    else expect(t).toBeUndefined();
  }
  for (const u of p.users) {
    const mine = p.bets.filter((b) => b.userId === u);
    expect(await playerBalance(db, u)).toBe(mine.filter((b) => b.wins).length * PRIZE);
  }
  await expectLedgerSound(db);
}

/**
 * Draws the issue, waits until the running server has settled part of it (a batch of 5,000 committed),
 * then kills it with SIGKILL; returns how many bets were settled just before.
 */
async function killDuringSettlement(
  db: Sql,
  issue: string,
  alsoWatchdog: boolean,
): Promise<number> {
  await drawIssue(db, SSC, issue, '3,0,0,0,0');
  const o = owner();
  expect(o.pid).toBe(site!.child.pid);
  let seen = 0;
  const settledSome = async () => {
    seen = await settledCount(db, issue);
    return seen > 0;
  };
  expect(await until(settledSome, 60_000, 5)).toBe(true);
  if (alsoWatchdog) process.kill(o.watchdogPid, 'SIGKILL');
  process.kill(site!.child.pid!, 'SIGKILL');
  await site!.exited;
  site = null;
  return seen;
}

describe('a restart after the server was killed during settlement', () => {
  it('kill -9 of the server: the watchdog stops PostgreSQL; npm start again settles every bet once', {
    timeout: 240_000,
  }, async () => {
    site = await startSite();
    sql = connect(`postgres://postgres:embedded@127.0.0.1:${pgPort}/postgres`, 4);
    const placed = await placeBets(sql, 'R-1');
    const postmaster = owner().postmasterPid;
    const atKill = await killDuringSettlement(sql, 'R-1', false);
    expect(atKill).toBeLessThan(BETS);
    await sql.end({ timeout: 0 });
    sql = null;
    // the orphaned PostgreSQL does not outlive its server for long
    expect(await until(() => !isAlive(postmaster), 20_000, 20)).toBe(true);

    site = await startSite();
    sql = connect(`postgres://postgres:embedded@127.0.0.1:${pgPort}/postgres`, 2);
    expect(await until(async () => (await settledCount(sql!, 'R-1')) === BETS, 120_000)).toBe(true);
    expect(
      await until(
        async () =>
          (
            await sql!`select status from lottery_issues where lottery_code = ${SSC} and issue = 'R-1'`
          )[0]!.status === 'settled',
        10_000,
      ),
    ).toBe(true);
    await expectSettledOnce(sql, 'R-1', placed);
  });

  it('kill -9 of the server and its watchdog: the next start stops the orphan by itself and settles every bet once', {
    timeout: 240_000,
  }, async () => {
    sql ??= connect(`postgres://postgres:embedded@127.0.0.1:${pgPort}/postgres`, 2);
    const placed = await placeBets(sql, 'R-2');
    const { postmasterPid: postmaster, watchdogPid: watchdog } = owner();
    const atKill = await killDuringSettlement(sql, 'R-2', true);
    expect(atKill).toBeLessThan(BETS);
    // nobody stops it now: the watchdog, the only stopper left, is gone and PostgreSQL keeps
    // running on the data dir
    expect(await until(() => !running(watchdog), 10_000, 10)).toBe(true);
    expect(isAlive(postmaster)).toBe(true);
    await sql.end({ timeout: 0 });
    sql = null;

    site = await startSite();
    expect(site.output()).toContain(`stopping the orphaned PostgreSQL (pid ${postmaster})`);
    expect(isAlive(postmaster)).toBe(false);
    sql = connect(`postgres://postgres:embedded@127.0.0.1:${pgPort}/postgres`, 2);
    expect(await until(async () => (await settledCount(sql!, 'R-2')) === BETS, 120_000)).toBe(true);
    expect(
      await until(
        async () =>
          (
            await sql!`select status from lottery_issues where lottery_code = ${SSC} and issue = 'R-2'`
          )[0]!.status === 'settled',
        10_000,
      ),
    ).toBe(true);
    await expectSettledOnce(sql, 'R-2', placed);
  });
});
