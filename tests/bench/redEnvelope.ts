/**
 * Red envelope opens: one hot envelope of 100 shares, 1,000 players tap open at the same moment
 * (one HTTP request each, all fired at once) against the real app in its own process (embedded
 * PostgreSQL); repeated for ROUNDS envelopes. Against it, in the same run on the same database
 * and at the same concurrency, 1,000 bet-shaped raw SQL transactions (update the wallet, insert
 * the bet, insert the ledger row: betting.ts's baseline) over a pool of the app's size.
 * Prints answered opens per second (100 paid + 900 "none left"), the time until all 100 shares
 * were paid, p50/p99 per open, the raw figures and the ratio app / raw.
 *
 * `npx tsx tests/bench/redEnvelope.ts` runs it alone; `benchRedEnvelope()` is what `npm run bench` calls.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { connect, DB_POOL_SIZE, type Sql } from '../../src/server/db/client.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { kdfHash, newToken } from '../../src/server/auth/kdf.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { loadLottery } from '../../src/server/lottery/lotteries.ts';
import { ensureIssueRows, upcomingIssues } from '../../src/server/lottery/issues.ts';
import { rawBetTx, startApp, stopApp } from './betting.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const OPENERS = 1000;
const SHARES = 100;
const ROUNDS = 5;
const PORT = 8796;
const LOTTERY = '1009';
const SAFETY = '246810';

export interface RedEnvelopeBench {
  openers: number;
  shares: number;
  rounds: number;
  app: {
    opensPerSec: number;
    allPaidMs: number;
    p50Ms: number;
    p99Ms: number;
    paid: number;
    errors: number;
  };
  raw: { txPerSec: number; p50Ms: number; p99Ms: number; poolSize: number };
  ratio: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function makeOpeners(
  sql: Sql,
): Promise<{ cookie: string; ip: string; userId: number; walletId: number }[]> {
  const tag = crypto.randomBytes(3).toString('hex');
  const users = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf) select unnest(${Array.from({ length: OPENERS }, (_, i) => `ro${tag}${i}`)}::text[]), 'x'
    returning id`;
  const tokens = users.map(() => newToken());
  await sql`insert into sessions (token_hash, user_id, expires_at)
            select decode(unnest(${tokens.map((t) => t.hash.toString('hex'))}::text[]), 'hex'), unnest(${users.map((u) => u.id)}::bigint[]),
                   now() + interval '1 day'`;
  const wallets = await sql<{ id: number; user_id: number }[]>`
    select id, user_id from ledger_accounts where kind = 'player' and user_id = any (${users.map((u) => u.id)})`;
  const walletOf = new Map(wallets.map((w) => [w.user_id, w.id]));
  // the raw baseline's players need money (bets debit the wallet)
  await sql`update ledger_accounts set balance = balance + 100000000 where kind = 'player' and user_id = any (${users.map((u) => u.id)})`;
  await sql`update ledger_accounts set balance = balance - ${100_000_000 * OPENERS} where kind = 'house'`;
  return users.map((u, i) => ({
    cookie: `sid=${tokens[i]!.token}`,
    ip: `10.9.${i >> 8}.${i & 255}`,
    userId: u.id,
    walletId: walletOf.get(u.id)!,
  }));
}

async function makeSender(sql: Sql, base: string, roomCode: string) {
  const userName = `rs${crypto.randomBytes(3).toString('hex')}`;
  const userId = (await insertUserWithPassword(sql, userName, 'bench123'))!;
  await sql`update users set safety_kdf = ${await kdfHash(safetyPasswordHash(userName, SAFETY))} where id = ${userId}`;
  await transfer(sql, {
    transferId: transferIds.fixture(`bench-fund:${userId}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: 100_000_000,
    typeCode: 401,
    userId,
  });
  const { token, hash } = newToken();
  await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const cookie = `sid=${token}`;
  const safety = safetyPasswordHash(userName, SAFETY);
  return async (): Promise<string> => {
    const res = await post(base, '/v1/chat/addMessage', cookie, '10.8.0.1', {
      roomCode,
      messageTypeId: '3',
      status: '0',
      userIds: '',
      safetyPassword: safety,
      requestId: crypto.randomBytes(12).toString('hex'),
      message: JSON.stringify({ num: SHARES, type: 2, amount: '1000.00', wishingRemark: '压测' }),
    });
    if (res.code !== 1) throw new Error(`send refused: ${res.msg}`);
    return JSON.parse(res.data.message).recordId;
  };
}

async function post(
  base: string,
  path: string,
  cookie: string,
  ip: string,
  form: Record<string, string>,
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of each answer
): Promise<any> {
  const res = await fetch(base + encodeEnpath(path), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams(form).toString(),
  });
  return res.json();
}

/** One round: every opener taps at once; latencies of all, and when the last share was paid. */
async function openRound(
  base: string,
  openers: { cookie: string; ip: string }[],
  recordId: string,
  roomCode: string,
) {
  const latencies: number[] = [];
  let paid = 0;
  let errors = 0;
  let lastPaidMs = 0;
  const t0 = performance.now();
  await Promise.all(
    openers.map(async (o) => {
      const s = performance.now();
      try {
        const r = await post(base, '/v1/transfer/openRedEnvelope', o.cookie, o.ip, {
          recordId,
          roomCode,
          roomId: '',
          isDirect: '0',
        });
        const end = performance.now();
        latencies.push(end - s);
        if (r.code === 1 && r.data.state === 1) {
          paid++;
          lastPaidMs = Math.max(lastPaidMs, end - t0);
        } else if (r.code !== 1 || r.data.state !== 0) errors++;
      } catch {
        errors++;
      }
    }),
  );
  return { wallMs: performance.now() - t0, latencies, paid, errors, lastPaidMs };
}

/** The bet-shaped raw SQL transaction, OPENERS at once over a pool of the app's size. */
async function rawRound(
  sql: Sql,
  players: { userId: number; walletId: number }[],
  houseId: number,
  issue: string,
) {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    players.map(async (p) => {
      const s = performance.now();
      await rawBetTx(sql, p, houseId, issue);
      latencies.push(performance.now() - s);
    }),
  );
  return { wallMs: performance.now() - t0, latencies };
}

export async function benchRedEnvelope(): Promise<RedEnvelopeBench> {
  // 1,000 players are 1,000 addresses: the app reads them from X-Forwarded-For, as behind the site's proxy
  process.env.TRUST_PROXY = '1';
  const { child, dbUrl } = await startApp(PORT);
  delete process.env.TRUST_PROXY;
  const base = `http://127.0.0.1:${PORT}`;
  const sql = connect(dbUrl, DB_POOL_SIZE);
  try {
    const roomCode = `8${String(process.pid % 10000).padStart(4, '0')}`;
    await sql`insert into chat_rooms (type, room_code, title, message_length) values (1, ${roomCode}, '压测房间', 200)`;
    const openers = await makeOpeners(sql);
    const send = await makeSender(sql, base, roomCode);
    const lottery = (await loadLottery(sql, LOTTERY))!;
    const issue = upcomingIssues(lottery, Date.now(), 2)[1]!.issue;
    await ensureIssueRows(sql, lottery, [issue]);
    const [house] = await sql<
      { id: number }[]
    >`select id from ledger_accounts where kind = 'house'`;
    // warm-up: one round of each
    await openRound(base, openers, await send(), roomCode);
    await rawRound(sql, openers, house!.id, issue);
    const app = {
      wallMs: 0,
      latencies: [] as number[],
      paid: 0,
      errors: 0,
      allPaid: [] as number[],
    };
    const raw = { wallMs: 0, latencies: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const recordId = await send();
      const a = await openRound(base, openers, recordId, roomCode);
      app.wallMs += a.wallMs;
      app.latencies.push(...a.latencies);
      app.paid += a.paid;
      app.errors += a.errors;
      app.allPaid.push(a.lastPaidMs);
      const r = await rawRound(sql, openers, house!.id, issue);
      raw.wallMs += r.wallMs;
      raw.latencies.push(...r.latencies);
    }
    app.latencies.sort((x, y) => x - y);
    raw.latencies.sort((x, y) => x - y);
    const opensPerSec = (OPENERS * ROUNDS) / (app.wallMs / 1000);
    const txPerSec = (OPENERS * ROUNDS) / (raw.wallMs / 1000);
    return {
      openers: OPENERS,
      shares: SHARES,
      rounds: ROUNDS,
      app: {
        opensPerSec,
        allPaidMs: [...app.allPaid].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!,
        p50Ms: percentile(app.latencies, 50),
        p99Ms: percentile(app.latencies, 99),
        paid: app.paid,
        errors: app.errors,
      },
      raw: {
        txPerSec,
        p50Ms: percentile(raw.latencies, 50),
        p99Ms: percentile(raw.latencies, 99),
        poolSize: DB_POOL_SIZE,
      },
      ratio: opensPerSec / txPerSec,
    };
  } finally {
    await sql.end({ timeout: 5 });
    await stopApp(child);
  }
}

export function printRedEnvelopeBench(r: RedEnvelopeBench): void {
  console.log(
    `\n== Red envelope: ${r.openers} players open one ${r.shares}-share envelope at once, ${r.rounds} envelopes, ${os.cpus().length} cores ==`,
  );
  console.log(
    `app  openRedEnvelope ${r.app.opensPerSec.toFixed(0).padStart(7)} opens/s  p50 ${r.app.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.app.p99Ms.toFixed(1).padStart(7)} ms   (all ${r.shares} shares paid after ${r.app.allPaidMs.toFixed(0)} ms, median round; ${r.app.paid} paid, ${r.app.errors} failed)`,
  );
  console.log(
    `raw  bet-shaped SQL tx ${r.raw.txPerSec.toFixed(0).padStart(7)} tx/s   p50 ${r.raw.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.raw.p99Ms.toFixed(1).padStart(7)} ms   (${r.openers} at once, pool ${r.raw.poolSize}, same as the app)`,
  );
  console.log(`ratio app opens / raw tx   ${r.ratio.toFixed(3)}`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) printRedEnvelopeBench(await benchRedEnvelope());
