/**
 * Settlement benchmark: 100,000 bets of one issue (1,000 players under 10 agents, so own and upline
 * rebates are paid too), inserted with one statement and funded through the ledger, then the time of
 * settleIssue. Runs on the embedded PostgreSQL in a temp dir (or DATABASE_URL's server, in a scratch
 * database dropped afterwards). Alone: `npx tsx tests/bench/settle.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect, type Sql } from '../../src/server/db/client.ts';
import { migrateSite } from '../../src/server/migrateSite.ts';
import { startEmbedded } from '../../src/server/db/embedded.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { fundAll, insertBets, type BulkBet } from '../server/settlement-bets.ts';

/** BENCH_SETTLE_BETS overrides the count (quick runs); BENCH_SETTLE_WORKERS the parallel batches. */
const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const PLAYERS = 1000;
const AGENTS = 10;
const CODE = '9900';
const ISSUE = 'BENCH-1';
/** Issue 10: 100,000 bets settle in under 3 s. */
export const AIM_MS = 3000;

async function prepare(sql: Sql): Promise<void> {
  await sql`
    insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap)
    values (${CODE}, 'SSC', '结算基准', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960)
    on conflict (code) do nothing`;
  clearLotteryCache();
  const agents = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf, is_agent)
    select 'bench_agent_' || g, 'x', true from generate_series(1, ${AGENTS}) g returning id`;
  const players = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf, parent_id)
    select 'bench_player_' || g, 'x', (${sql.array(agents.map((a) => String(a.id)))}::bigint[])[1 + g % ${AGENTS}]
    from generate_series(1, ${PLAYERS}) g returning id`;
  await sql`insert into user_prize_groups (user_id, family, prize_group)
            select unnest(${sql.array(agents.map((a) => String(a.id)))}::bigint[]), 'SSC', 1960`;
  await sql`insert into user_prize_groups (user_id, family, prize_group)
            select unnest(${sql.array(players.map((p) => String(p.id)))}::bigint[]), 'SSC', 1950`;
  await sql`
    insert into lottery_issues (lottery_code, issue, sale_open_at, close_at, draw_at, status)
    values (${CODE}, ${ISSUE}, now() - interval '2 minutes', now() - interval '1 minute', now(), 'pending')`;
  const perPlayer = Math.ceil(BETS / PLAYERS);
  await fundAll(
    sql,
    players.map((p) => p.id),
    perPlayer * 2000,
    'bench-fund',
  );
  const tickets: Omit<BulkBet, 'userId'>[] = [
    {
      playCode: 'DWD',
      number: '3,-,-,-,-',
      unit: 'yuan',
      multiple: 1,
      userGroup: 1950,
      rebatePermille: 0,
    },
    {
      playCode: 'DWD',
      number: '1 2 3,-,-,-,-',
      unit: 'jiao',
      multiple: 5,
      userGroup: 1950,
      rebatePermille: 10,
    },
    {
      playCode: 'WX_ZXFS',
      number: '1,2,3,4,5',
      unit: 'yuan',
      multiple: 2,
      userGroup: 1950,
      rebatePermille: 20,
    },
    {
      playCode: 'Q2_ZXHZ',
      number: '9 10',
      unit: 'fen',
      multiple: 3,
      userGroup: 1950,
      rebatePermille: 0,
    },
  ];
  const bets: BulkBet[] = Array.from({ length: BETS }, (_, i) => ({
    ...tickets[i % tickets.length]!,
    userId: players[i % PLAYERS]!.id,
  }));
  await insertBets(sql, 'SSC', CODE, ISSUE, bets, 'bench');
  await sql`update lottery_issues set result = '3,2,3,4,5', status = 'drawn', drawn_at = now()
            where lottery_code = ${CODE} and issue = ${ISSUE}`;
  await sql`analyze bets`;
}

/** CPU time of this process (settlement's JavaScript side) during the last benchSettle run. */
export let nodeCpuMs = 0;
/**
 * CPU time of the embedded PostgreSQL (this process's child processes) during the last run; null on
 * DATABASE_URL's server. On a shared machine the wall time swings with the load, CPU time far less.
 */
export let pgCpuMs: number | null = null;

/** CPU ms used so far by the processes below this one (Linux /proc; clock ticks of 10 ms). */
function descendantsCpuMs(): number {
  const children = new Map<number, number[]>();
  const stats = new Map<number, string[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
      stats.set(Number(name), fields);
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const todo = [...(children.get(process.pid) ?? [])];
  for (let pid = todo.pop(); pid !== undefined; pid = todo.pop()) {
    const f = stats.get(pid)!;
    // utime, stime, and the same of its ended children
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    todo.push(...(children.get(pid) ?? []));
  }
  return ticks * 10;
}

export async function benchSettle(): Promise<{ bets: number; ms: number }> {
  let dir: string | null = null;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-settle-pg-'));
    fs.chmodSync(dir, 0o755);
    const pg = await startEmbedded(dir);
    baseUrl = pg.url;
    stopEmbedded = pg.stop;
  }
  const dbName = `bench_settle_${process.pid}`;
  const admin = connect(baseUrl, 1);
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const sql = connect(u.toString());
  try {
    await migrateSite(sql);
    await prepare(sql);
    const pgCpu = stopEmbedded ? descendantsCpuMs() : null;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const workers = process.env.BENCH_SETTLE_WORKERS
      ? Number(process.env.BENCH_SETTLE_WORKERS)
      : undefined;
    const { settled } = await settleIssue(sql, CODE, ISSUE, { workers });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    nodeCpuMs = (used.user + used.system) / 1000;
    pgCpuMs = pgCpu === null ? null : descendantsCpuMs() - pgCpu;
    if (settled !== BETS) throw new Error(`settled ${settled} of ${BETS}`);
    const [left] = await sql<
      { n: number }[]
    >`select count(*)::int as n from bets where status = 'PENDING'`;
    if (
      left!.n !== 0 ||
      (await ledgerSum(sql)) !== 0 ||
      (await ledgerMismatches(sql)).length !== 0
    ) {
      throw new Error('settlement left the ledger or the bets inconsistent');
    }
    return { bets: settled, ms };
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${dbName}`);
    await admin.end();
    await stopEmbedded?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchSettle();
  console.log('\n== Settlement (one issue) ==');
  console.log(
    `bets ${r.bets}   ${r.ms.toFixed(0)} ms   ${((r.bets * 1000) / r.ms).toFixed(0)} bets/s   (aim < ${AIM_MS} ms; ` +
      `node CPU ${nodeCpuMs.toFixed(0)} ms, PostgreSQL CPU ${pgCpuMs ?? '?'} ms)`,
  );
}
