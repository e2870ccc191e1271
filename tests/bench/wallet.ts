/**
 * Ledger transfers through the API: 100 players move 1.00 yuan between their main wallet and their
 * virtual wallet (transferIn / transferOut alternating) back to back against the real app (its own
 * process, embedded PostgreSQL). Two baselines of the same shape run on the same database at the
 * same concurrency with the app's pool size, alternating with the app in short rounds:
 * - raw tx: BEGIN; lock both accounts in id order; update both; insert the transfer row; COMMIT
 *   (what the ledger's transferInTx does, without its look-ups);
 * - raw CTE: the same transfer as ONE statement (lock, two updates, insert in data-modifying
 *   CTEs; no explicit transaction), the proposal for a one-round-trip ledger transfer.
 * Prints transfers/s, p50, p99 of each and the ratios, and (3 s) a GET queryBalanceFront through
 * the same app: the cost of HTTP + the session check alone, the ceiling of any logged-in call.
 *
 * `npx tsx tests/bench/wallet.ts` runs it alone; `benchWallet()` is what `npm run bench` calls.
 * The app process is tests/bench/betting.ts in its `--serve` mode (a temp server).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { connect, DB_POOL_SIZE, type Sql } from '../../src/server/db/client.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { accountId, transfer } from '../../src/server/ledger/ledger.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startApp, stopApp } from './betting.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const PLAYERS = 100;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;
const ROUNDS = 2;
const CEILING_MS = 3_000;
const PORT = 8794;
const AMOUNT_FEN = 100;
const FUND_FEN = 100_000_000;

interface Player {
  userId: number;
  cookie: string;
  walletId: number;
  vwId: number;
}
interface Side {
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  errors: number;
}
export interface WalletBench {
  players: number;
  durationSec: number;
  app: Side;
  rawTx: Side;
  rawCte: Side;
  /** GET queryBalanceFront through the same app: what any logged-in call costs at most */
  ceiling: Side;
  poolSize: number;
}

/** Players with a session each and money in both wallets. */
async function makePlayers(sql: Sql): Promise<Player[]> {
  const firstId = await insertUserWithPassword(sql, `wb${Date.now().toString(36)}`, 'bench123');
  const [{ password_kdf }] = await sql<
    { password_kdf: string }[]
  >`select password_kdf from users where id = ${firstId!}`;
  const out: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const [u] = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf) values (${`wp${i}_${crypto.randomBytes(4).toString('hex')}`}, ${password_kdf})
      returning id`;
    const userId = u!.id;
    const { token, hash } = newToken();
    await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
    const house = { kind: 'house' as const, userId: null };
    await transfer(sql, {
      transferId: transferIds.fixture(`wbench-fund:${userId}`),
      from: house,
      to: { kind: 'player', userId },
      amountFen: FUND_FEN,
      typeCode: 401,
      userId,
    });
    await transfer(sql, {
      transferId: transferIds.fixture(`wbench-vw:${userId}`),
      from: { kind: 'player', userId },
      to: { kind: 'virtual_wallet', userId },
      amountFen: FUND_FEN / 2,
      typeCode: 611,
      userId,
    });
    out.push({
      userId,
      cookie: `sid=${token}`,
      walletId: await accountId(sql, 'player', userId),
      vwId: await accountId(sql, 'virtual_wallet', userId),
    });
  }
  return out;
}

/** Request i: player i % 100, in on even passes over the players, out on odd ones. */
function appLoad(players: Player[]): (durationMs: number) => Promise<LoadResult> {
  const paths = [
    encodeEnpath('/v1/virtualWallet/transferIn'),
    encodeEnpath('/v1/virtualWallet/transferOut'),
  ];
  const next = (i: number) => {
    const body = new URLSearchParams({
      amount: '1.00',
      requestId: crypto.randomBytes(12).toString('hex'),
    }).toString();
    return {
      method: 'POST' as const,
      path: paths[Math.floor(i / players.length) % 2]!,
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

type Once = (p: Player, n: number) => Promise<unknown>;

/** The ledger's shape without its look-ups: lock two, update two, insert one, in a transaction. */
const rawTx =
  (sql: Sql): Once =>
  (p, n) => {
    const [from, to] = n % 2 ? [p.vwId, p.walletId] : [p.walletId, p.vwId];
    return sql.begin(async (tx) => {
      await tx`select id from ledger_accounts where id in (${from}, ${to}) order by id for update`;
      const [d] = await tx<
        { balance: number }[]
      >`update ledger_accounts set balance = balance - ${AMOUNT_FEN} where id = ${from} returning balance`;
      await tx`update ledger_accounts set balance = balance + ${AMOUNT_FEN} where id = ${to}`;
      await tx`
      insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code, user_id, balance_after)
      values (${`rawtx:${crypto.randomBytes(12).toString('hex')}`}, ${from}, ${to}, ${AMOUNT_FEN}, ${n % 2 ? 612 : 611}, ${p.userId}, ${d!.balance})`;
    });
  };

/**
 * The proposal: one statement. The CHECK constraint refuses an overdraft (23514) and the unique
 * transfer id a duplicate (23505); either aborts the whole statement, so nothing half-moves.
 */
const rawCte =
  (sql: Sql): Once =>
  (p, n) => {
    const [from, to] = n % 2 ? [p.vwId, p.walletId] : [p.walletId, p.vwId];
    return sql`
    with locked as (select id from ledger_accounts where id in (${from}, ${to}) order by id for update),
    d as (update ledger_accounts set balance = balance - ${AMOUNT_FEN}
          where id = ${from} and (select count(*) from locked) = 2 returning balance),
    c as (update ledger_accounts set balance = balance + ${AMOUNT_FEN}
          where id = ${to} and (select count(*) from locked) = 2 returning balance)
    insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code, user_id, balance_after)
    select ${`rawcte:${crypto.randomBytes(12).toString('hex')}`}, ${from}, ${to}, ${AMOUNT_FEN}, ${n % 2 ? 612 : 611}, ${p.userId}, d.balance
    from d, c returning id`;
  };

function rawLoad(players: Player[], once: Once) {
  const latencies: number[] = [];
  let done = 0;
  const run = async (ms: number, record: boolean) => {
    const deadline = performance.now() + ms;
    await Promise.all(
      players.map(async (p) => {
        let n = 0;
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await once(p, n++);
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

async function measure(dbUrl: string, players: Player[]) {
  const app = appLoad(players);
  const sql = connect(dbUrl, DB_POOL_SIZE);
  try {
    const tx = rawLoad(players, rawTx(sql));
    const cte = rawLoad(players, rawCte(sql));
    await app(WARMUP_MS);
    await tx.run(WARMUP_MS, false);
    await cte.run(WARMUP_MS, false);
    const rounds: LoadResult[] = [];
    const ms = { app: 0, tx: 0, cte: 0 };
    const timed = async (key: keyof typeof ms, f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      ms[key] += performance.now() - t0;
    };
    const slice = DURATION_MS / ROUNDS;
    for (let i = 0; i < ROUNDS; i++) {
      const order = [
        () => timed('app', async () => rounds.push(await app(slice))),
        () => timed('tx', () => tx.run(slice, true)),
        () => timed('cte', () => cte.run(slice, true)),
      ];
      if (i % 2) order.reverse();
      for (const step of order) await step();
    }
    // the ceiling of any logged-in call on this machine now: HTTP + session check + one query
    const path = encodeEnpath('/v1/balance/queryBalanceFront');
    const ceilingRun = await runLoad({
      port: PORT,
      connections: PLAYERS,
      durationMs: CEILING_MS,
      next: (i) => ({
        method: 'GET',
        path,
        headers: { cookie: players[i % players.length]!.cookie },
      }),
      isOk: (status, body) => status === 200 && body.startsWith('{"code":1'),
    });
    const ceiling: Side = {
      perSec: ceilingRun.reqPerSec,
      p50Ms: ceilingRun.p50Ms,
      p99Ms: ceilingRun.p99Ms,
      ok: ceilingRun.ok,
      errors: ceilingRun.errors,
    };
    const rawSide = (r: ReturnType<typeof rawLoad>, elapsed: number): Side => {
      r.latencies.sort((a, b) => a - b);
      return {
        perSec: r.done() / (elapsed / 1000),
        p50Ms: percentile(r.latencies, 50),
        p99Ms: percentile(r.latencies, 99),
        ok: r.done(),
        errors: 0,
      };
    };
    const ok = rounds.reduce((s, r) => s + r.ok, 0);
    return {
      app: {
        perSec: ok / (ms.app / 1000),
        p50Ms: median(rounds.map((r) => r.p50Ms)),
        p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
        ok,
        errors: rounds.reduce((s, r) => s + r.errors, 0),
      },
      rawTx: rawSide(tx, ms.tx),
      rawCte: rawSide(cte, ms.cte),
      ceiling,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** After the run the books must still balance: a benchmark that broke the ledger would say so. */
async function checkLedger(sql: Sql): Promise<string> {
  const [{ total }] = await sql<
    { total: number }[]
  >`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`;
  return total === 0 ? 'ledger zero-sum: yes' : `LEDGER NOT ZERO-SUM: ${total}`;
}

export async function benchWallet(): Promise<WalletBench & { ledger: string }> {
  const { child, dbUrl } = await startApp(PORT);
  try {
    const sql = connect(dbUrl, 2);
    const players = await makePlayers(sql);
    const r = await measure(dbUrl, players);
    const ledger = await checkLedger(sql);
    await sql.end({ timeout: 5 });
    return {
      players: PLAYERS,
      durationSec: DURATION_MS / 1000,
      poolSize: DB_POOL_SIZE,
      ...r,
      ledger,
    };
  } finally {
    await stopApp(child);
  }
}

export function printWalletBench(r: WalletBench & { ledger: string }): void {
  const line = (label: string, s: Side, unit: string) =>
    `${label} ${s.perSec.toFixed(0).padStart(7)} ${unit}   p50 ${s.p50Ms.toFixed(1).padStart(6)} ms   p99 ${s.p99Ms.toFixed(1).padStart(7)} ms`;
  console.log(
    `\n== Ledger transfers: ${r.players} players, transferIn/transferOut alternating, ${r.durationSec} s per side, ${os.cpus().length} cores ==`,
  );
  console.log(
    `${line('app  virtualWallet API  ', r.app, 'transfers/s')}   (${r.app.ok} ok, ${r.app.errors} refused or failed; p50 median and p99 worst of ${ROUNDS} rounds)`,
  );
  console.log(
    `${line('raw  SQL tx (6 trips)   ', r.rawTx, 'tx/s       ')}   (pool ${r.poolSize}, same as the app)`,
  );
  console.log(`${line('raw  one-statement CTE  ', r.rawCte, 'tx/s       ')}`);
  console.log(
    `${line('app  queryBalanceFront GET', r.ceiling, 'req/s      ')}   (HTTP + session + 1 query: the ceiling of any logged-in call here)`,
  );
  console.log(
    `ratio app / raw tx ${(r.app.perSec / r.rawTx.perSec).toFixed(3)}   app / CTE ${(r.app.perSec / r.rawCte.perSec).toFixed(3)}   CTE / raw tx ${(r.rawCte.perSec / r.rawTx.perSec).toFixed(2)}   ${r.ledger}`,
  );
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) printWalletBench(await benchWallet());
