/**
 * Betting throughput: 100 players submit addBetting back to back for ~10 s against the real app
 * (its own process, embedded PostgreSQL), and the same-shaped raw SQL transaction (update the
 * wallet, insert the bet, insert the ledger row) runs at the same concurrency on the same database
 * with the app's pool size, the two alternating in short rounds. Prints bets/s, p50, p99 of both
 * and the ratio app / raw.
 *
 * `npx tsx tests/bench/betting.ts` runs it alone; `benchBetting()` is what `npm run bench` calls.
 * With `--serve --port N` this file is the app process itself (prints its database URL first);
 * BENCH_PROF=1 writes a CPU profile of that process to <tmpdir>/betting-bench-prof (hot spots).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { connect, DB_POOL_SIZE, type Sql } from '../../src/server/db/client.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { loadLottery } from '../../src/server/lottery/lotteries.ts';
import { ensureIssueRows, upcomingIssues } from '../../src/server/lottery/issues.ts';
import { runLoad, type LoadResult } from './load.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const PLAYERS = 100;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;
const ROUNDS = 2;
const PORT = 8793;
/** 极速时时彩 five-minute game: the issue after the current one stays on sale for minutes. */
const LOTTERY = '1009';
const STAKE_FEN = 200;

export interface BettingBench {
  players: number;
  durationSec: number;
  app: { betsPerSec: number; p50Ms: number; p99Ms: number; ok: number; errors: number };
  raw: { txPerSec: number; p50Ms: number; p99Ms: number; poolSize: number };
  ratio: number;
}

/** The app in its own process (this file's --serve mode); resolves with its database URL once it listens. */
export function startApp(port: number): Promise<{ child: ChildProcess; dbUrl: string }> {
  const script = fileURLToPath(import.meta.url);
  const prof = process.env.BENCH_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(os.tmpdir(), 'betting-bench-prof')}`]
    : [];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...prof, '--import', 'tsx', script, '--serve', '--port', String(port)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /bench db (\S+)\n[\s\S]*temp server ready/.exec(out);
      if (m) resolve({ child, dbUrl: m[1]! });
    });
    child.once('exit', (code) =>
      reject(new Error(`bench app exited (${code}) before it was ready:\n${out}`)),
    );
  });
}

export function stopApp(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Players with a session cookie each and plenty of money (one KDF hash shared: setup speed). */
async function makePlayers(
  sql: Sql,
): Promise<{ userId: number; cookie: string; walletId: number }[]> {
  const firstId = await insertUserWithPassword(sql, `bench${Date.now().toString(36)}`, 'bench123');
  const [{ password_kdf }] = await sql<
    { password_kdf: string }[]
  >`select password_kdf from users where id = ${firstId!}`;
  const out = [];
  for (let i = 0; i < PLAYERS; i++) {
    const [u] = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf) values (${`bp${i}_${crypto.randomBytes(4).toString('hex')}`}, ${password_kdf})
      returning id`;
    const { token, hash } = newToken();
    await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${u!.id}, now() + interval '1 day')`;
    await transfer(sql, {
      transferId: transferIds.fixture(`bench-fund:${u!.id}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: u!.id },
      amountFen: 100_000_000,
      typeCode: 401,
      userId: u!.id,
    });
    const [w] = await sql<
      { id: number }[]
    >`select id from ledger_accounts where kind = 'player' and user_id = ${u!.id}`;
    out.push({ userId: u!.id, cookie: `sid=${token}`, walletId: w!.id });
  }
  return out;
}

/** A runner of the app's load for a given time. */
function appLoad(
  players: { cookie: string }[],
  issue: string,
): (durationMs: number) => Promise<LoadResult> {
  const entry = JSON.stringify([
    {
      lotteryCode: LOTTERY,
      playDetailCode: `${LOTTERY}DWD`,
      bettingNumber: '1,-,-,-,-',
      bettingCount: 1,
      bettingAmount: '2.00',
      bettingPoint: 0,
      bettingUnit: 1,
      bettingIssue: issue,
      graduationCount: 1,
    },
  ]);
  const path = encodeEnpath('/v1/betting/addBetting');
  const next = (i: number) => {
    const body = new URLSearchParams({
      bettingData: entry,
      requestId: crypto.randomBytes(12).toString('hex'),
    }).toString();
    return {
      method: 'POST' as const,
      path,
      headers: {
        cookie: players[i % players.length]!.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    };
  };
  const isOk = (status: number, body: string) => status === 200 && body.startsWith('{"code":1');
  return (durationMs: number) =>
    runLoad({ port: PORT, connections: PLAYERS, durationMs, next, isOk });
}

/**
 * One bet-shaped raw SQL transaction (the wallet debit, the bet row, the journal row), without the
 * app around it: the baseline the betting and red-envelope benches compare with.
 */
export function rawBetTx(
  sql: Sql,
  p: { userId: number; walletId: number },
  houseId: number,
  issue: string,
) {
  return sql.begin(async (tx) => {
    const [w] = await tx<{ balance: number }[]>`
      update ledger_accounts set balance = balance - ${STAKE_FEN} where id = ${p.walletId} returning balance`;
    const key = crypto.randomBytes(12).toString('hex');
    const [bet] = await tx<{ id: number }[]>`
      insert into bets (order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number,
                        betting_count, unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type)
      values (${`raw${key}`}, ${p.userId}, ${`raw${key}`}, 0, ${LOTTERY}, ${issue}, 'DWD', '1,-,-,-,-',
              1, 'yuan', 1, ${STAKE_FEN}, 0, 1950, 1950, 301)
      returning id`;
    await tx`
      insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code, user_id, balance_after, ref)
      values (${`raw:${bet!.id}`}, ${p.walletId}, ${houseId}, ${STAKE_FEN}, 301, ${p.userId}, ${w!.balance}, ${`bet:${bet!.id}`})`;
  });
}

/**
 * The baseline: one transaction per bet, the shape of a bet without the app around it, from one
 * worker per player over a pool of the app's size. Returns a runner that records its latencies.
 */
async function rawLoad(sql: Sql, players: { userId: number; walletId: number }[], issue: string) {
  const [house] = await sql<{ id: number }[]>`select id from ledger_accounts where kind = 'house'`;
  const latencies: number[] = [];
  let done = 0;
  const once = (p: { userId: number; walletId: number }) => rawBetTx(sql, p, house!.id, issue);
  const run = async (ms: number, record: boolean) => {
    const deadline = performance.now() + ms;
    await Promise.all(
      players.map(async (p) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await once(p);
          if (record) {
            latencies.push(performance.now() - t0);
            done++;
          }
        }
      }),
    );
  };
  return { run, latencies, done: () => done };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * App and raw SQL alternate in ROUNDS rounds (app-raw, raw-app), so a change of machine load during
 * the run (other processes) and the after-effects of one side's writes weigh on both sides alike.
 */
async function measure(
  dbUrl: string,
  players: Awaited<ReturnType<typeof makePlayers>>,
  issue: string,
) {
  const app = appLoad(players, issue);
  const sql = connect(dbUrl, DB_POOL_SIZE);
  try {
    const raw = await rawLoad(sql, players, issue);
    await app(WARMUP_MS);
    await raw.run(WARMUP_MS, false);
    const rounds: LoadResult[] = [];
    let appMs = 0;
    let rawMs = 0;
    const appRound = async () => {
      const t0 = performance.now();
      rounds.push(await app(DURATION_MS / ROUNDS));
      appMs += performance.now() - t0;
    };
    const rawRound = async () => {
      const t0 = performance.now();
      await raw.run(DURATION_MS / ROUNDS, true);
      rawMs += performance.now() - t0;
    };
    // app-raw, raw-app, ...: each side follows the other as often (autovacuum, checkpoints)
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        await appRound();
        await rawRound();
      } else {
        await rawRound();
        await appRound();
      }
    }
    raw.latencies.sort((a, b) => a - b);
    const ok = rounds.reduce((s, r) => s + r.ok, 0);
    return {
      app: {
        betsPerSec: ok / (appMs / 1000),
        p50Ms: median(rounds.map((r) => r.p50Ms)),
        p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
        ok,
        errors: rounds.reduce((s, r) => s + r.errors, 0),
      },
      raw: {
        txPerSec: raw.done() / (rawMs / 1000),
        p50Ms: percentile(raw.latencies, 50),
        p99Ms: percentile(raw.latencies, 99),
        poolSize: DB_POOL_SIZE,
      },
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function benchBetting(): Promise<BettingBench> {
  const { child, dbUrl } = await startApp(PORT);
  try {
    const sql = connect(dbUrl, 2);
    const players = await makePlayers(sql);
    const lottery = (await loadLottery(sql, LOTTERY))!;
    const issue = upcomingIssues(lottery, Date.now(), 2)[1]!.issue;
    await ensureIssueRows(sql, lottery, [issue]);
    await sql.end({ timeout: 5 });
    const { app, raw } = await measure(dbUrl, players, issue);
    return {
      players: PLAYERS,
      durationSec: DURATION_MS / 1000,
      app,
      raw,
      ratio: app.betsPerSec / raw.txPerSec,
    };
  } finally {
    await stopApp(child);
  }
}

export function printBettingBench(r: BettingBench): void {
  console.log(
    `\n== Betting: ${r.players} players submitting addBetting for ${r.durationSec} s, ${os.cpus().length} cores ==`,
  );
  console.log(
    `app  addBetting   ${r.app.betsPerSec.toFixed(0).padStart(7)} bets/s   p50 ${r.app.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.app.p99Ms.toFixed(1).padStart(7)} ms   (${r.app.ok} ok, ${r.app.errors} refused or failed; p50 median and p99 worst of ${ROUNDS} rounds)`,
  );
  console.log(
    `raw  SQL tx       ${r.raw.txPerSec.toFixed(0).padStart(7)} tx/s     p50 ${r.raw.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.raw.p99Ms.toFixed(1).padStart(7)} ms   (pool ${r.raw.poolSize}, same as the app)`,
  );
  console.log(`ratio app / raw   ${r.ratio.toFixed(3)}   (aim ≥ 1.0)`);
}

async function serve(): Promise<void> {
  const { startTempServer } = await import('../../scripts/tempServer.ts');
  const portArg = process.argv.indexOf('--port');
  const temp = await startTempServer({
    port: portArg > 0 ? Number(process.argv[portArg + 1]) : PORT,
    logLevel: 'error',
  });
  console.log(`bench db ${temp.dbUrl}`);
  console.log(`temp server ready on ${temp.url}`);
  const parentPid = process.ppid;
  const stop = () => temp.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  setInterval(() => {
    if (process.ppid !== parentPid) stop();
  }, 1000).unref();
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  if (process.argv.includes('--serve')) await serve();
  else printBettingBench(await benchBetting());
}
