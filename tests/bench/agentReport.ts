/**
 * The agent report at scale (issue 15): a team of 10,000 members over four levels under one agent,
 * 1,000,000 bets over the last 30 Beijing days with their stake, prize and rebate transfers (and a
 * recharge per member), generated in bulk SQL (generate_series) in its own database, so every
 * transfer passes the roll-up trigger of migration 032 as the real writers' do. Then
 * /v1/report/agentReport/userAgentReport for those 30 days through the real app over HTTP (median and
 * p95 of repeated calls) against the raw scan of the same team's bets and transfers for the same days
 * (the figures the roll-up saves reading), in the same run. Prints the ratio and whether the report
 * answers under 300 ms.
 *
 * `npx tsx tests/bench/agentReport.ts` runs it alone; `benchAgentReport()` is what `npm run bench` calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { beijingDate } from '../../src/domain/time.ts';
import { buildApp } from '../../src/server/app.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';
import { migrateSite } from '../../src/server/migrateSite.ts';
import { startEmbedded } from '../../src/server/db/embedded.ts';

const MEMBERS = Number(process.env.BENCH_REPORT_MEMBERS ?? 10_000);
const BETS = Number(process.env.BENCH_REPORT_BETS ?? 1_000_000);
const DAYS = 30;
const CALLS = 30;
const AIM_MS = 300;
const CODE = '9900';

export interface AgentReportBench {
  members: number;
  bets: number;
  transfers: number;
  generateMs: number;
  app: { p50Ms: number; p95Ms: number };
  /** the same call for this calendar month so far (the "this month" preset) */
  appThisMonth: { p50Ms: number; p95Ms: number };
  raw: { p50Ms: number; p95Ms: number };
  ratio: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The team: the agent, then levels of 10, 100, 1,000 and the rest, each member under a random upline of the level above. */
export async function makeTeam(sql: Sql): Promise<number> {
  const [agent] = await sql<
    { id: number }[]
  >`insert into users (user_name, password_kdf, is_agent) values ('benchagent', 'x', true) returning id`;
  let above = [agent!.id];
  let left = MEMBERS - 1;
  for (const [level, size] of [
    [1, 10],
    [2, 100],
    [3, 1_000],
    [4, Number.MAX_SAFE_INTEGER],
  ] as const) {
    const n = Math.min(size, left);
    if (n <= 0) break;
    const rows = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf, is_agent, parent_id, created_at)
      select 'bm' || ${level}::text || '_' || g, 'x', ${level < 4}, (${above}::bigint[])[1 + (g * 7919) % ${above.length}],
             now() - make_interval(days => (g % 60))
      from generate_series(1, ${n}) g
      returning id`;
    above = rows.map((r) => r.id);
    left -= n;
  }
  return agent!.id;
}

/**
 * Per day: the day's bets (one issue per day), each bet's stake transfer (301), a prize for one in
 * five (201) and a rebate for one in two (501), all at instants inside that Beijing day; one
 * recharge per member on the first day.
 */
export async function makeBets(sql: Sql, agentId: number): Promise<number> {
  await sql`insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap)
            values (${CODE}, 'SSC', '压测时时彩', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960)`;
  await sql`create unlogged table team_players as
            select row_number() over (order by a.user_id) as n, a.user_id, a.id as account
            from ledger_accounts a
            where a.kind = 'player' and (a.user_id = ${agentId} or a.user_id in (select user_id from user_uplines where ancestor_id = ${agentId}))`;
  const [{ house }] = await sql<
    { house: number }[]
  >`select id as house from ledger_accounts where kind = 'house'`;
  const [{ members }] = await sql<
    { members: number }[]
  >`select count(*)::int as members from team_players`;
  const firstDayMs = Date.parse(`${beijingDate(Date.now(), DAYS - 1)}T00:00:00+08:00`);
  await sql`
    insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code, user_id, created_at)
    select 'rc:' || user_id, ${house}, account, 1000000, 101, user_id, ${new Date(firstDayMs + 60_000)} from team_players`;
  const perDay = Math.ceil(BETS / DAYS);
  for (let d = 0; d < DAYS; d++) {
    const dayMs = firstDayMs + d * 86_400_000;
    const issue = `R${d}`;
    const first = d * perDay + 1;
    const last = Math.min(BETS, (d + 1) * perDay);
    if (first > last) break;
    await sql`insert into lottery_issues (lottery_code, issue, sale_open_at, close_at, draw_at, result, status)
              values (${CODE}, ${issue}, ${new Date(dayMs)}, ${new Date(dayMs + 86_000_000)}, ${new Date(dayMs + 86_100_000)}, '1,2,3,4,5', 'settled')`;
    // g → player (g * 7919) mod members, instant inside the day, amount 2..20 yuan
    const at = sql`${new Date(dayMs)}::timestamptz + make_interval(secs => (g % 86000))`;
    await sql`
      insert into bets (id, order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number, betting_count,
                        unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type, status, payout, rebate, created_at)
      select g, 'B' || g, p.user_id, 'r' || g, 0, ${CODE}, ${issue}, 'DWD', '1,-,-,-,-', 1, 'yuan', 1 + g % 10, 200 * (1 + g % 10), 10, 1950, 1930,
             301, case when g % 5 = 0 then 'WON' else 'LOST' end, case when g % 5 = 0 then 1900 * (1 + g % 10) else 0 end,
             case when g % 2 = 0 then 2 * (1 + g % 10) else 0 end, ${at}
      from generate_series(${first}::bigint, ${last}::bigint) g join team_players p on p.n = 1 + (g * 7919) % ${members}`;
    await sql`
      insert into transfers (transfer_id, debit_account_id, credit_account_id, amount, type_code, user_id, ref, created_at)
      select x.tid, x.debit, x.credit, x.amount, x.type_code, p.user_id, 'bet:' || g, ${at}
      from generate_series(${first}::bigint, ${last}::bigint) g join team_players p on p.n = 1 + (g * 7919) % ${members}
      cross join lateral (values
        ('bet:' || g, p.account, ${house}::bigint, 200 * (1 + g % 10), 301),
        ('win:' || g, ${house}::bigint, p.account, case when g % 5 = 0 then 1900 * (1 + g % 10) end, 201),
        ('reb:' || g, ${house}::bigint, p.account, case when g % 2 = 0 then 2 * (1 + g % 10) end, 501)
      ) as x(tid, debit, credit, amount, type_code)
      where x.amount is not null`;
  }
  await sql`analyze`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from transfers`;
  return n;
}

/** The same figures straight from the bets and the journal of the team over the days. */
async function rawScan(sql: Sql, agentId: number, from: Date, to: Date) {
  return sql`
    with team as (select ${agentId}::bigint as user_id union all select user_id from user_uplines where ancestor_id = ${agentId}),
    j as (
      select t.user_id, k.category, k.tie_refund,
             (case when c.user_id = t.user_id and c.kind in ('player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow') then t.amount else 0 end)
           - (case when d.user_id = t.user_id and d.kind in ('player', 'withdraw_hold', 'virtual_wallet', 'pledge_escrow') then t.amount else 0 end) as net
      from transfers t join ledger_accounts c on c.id = t.credit_account_id join ledger_accounts d on d.id = t.debit_account_id
      left join report_type_categories k on k.type_code = t.type_code
      where t.user_id in (select user_id from team) and t.created_at >= ${from} and t.created_at < ${to}
    )
    select (select coalesce(sum(net) filter (where category = 'bet'), 0) from j) as bet,
           (select coalesce(sum(net) filter (where category = 'prize'), 0) from j) as prize,
           (select coalesce(sum(net) filter (where category = 'rebate'), 0) from j) as rebate,
           (select coalesce(sum(net) filter (where category = 'recharge'), 0) from j) as recharge,
           (select count(distinct user_id) from j) as active,
           (select count(distinct b.user_id) from bets b where b.user_id in (select user_id from team)
              and b.created_at >= ${from} and b.created_at < ${to}) as bettors`;
}

async function timed(
  n: number,
  f: () => Promise<unknown>,
): Promise<{ p50Ms: number; p95Ms: number }> {
  await f(); // warm
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95) };
}

export async function benchAgentReport(): Promise<AgentReportBench> {
  let dir: string | null = null;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-pg-'));
    fs.chmodSync(dir, 0o755);
    const pg = await startEmbedded(dir);
    baseUrl = pg.url;
    stopEmbedded = pg.stop;
  }
  const dbName = `bench_report_${process.pid}`;
  const admin = connect(baseUrl, 1);
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const sql = connect(u.toString());
  await migrateSite(sql);
  const app = await buildApp({
    config: { ...loadConfig(), logLevel: 'silent', distDir: '/nonexistent' },
    sql,
  });
  try {
    const started = performance.now();
    const agentId = await makeTeam(sql);
    const transfers = await makeBets(sql, agentId);
    const generateMs = performance.now() - started;
    const { token, hash } = newToken();
    await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${agentId}, now() + interval '1 day')`;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const startTime = beijingDate(Date.now(), DAYS - 1);
    const endTime = beijingDate(Date.now());
    const url = `${address}${encodeEnpath('/v1/report/agentReport/userAgentReport')}?startTime=${startTime}&endTime=${endTime}`;
    let last: { code: number; msg: string; data: Record<string, unknown> } | null = null;
    const appTimes = await timed(CALLS, async () => {
      const res = await fetch(url, { headers: { cookie: `sid=${token}` } });
      last = await res.json();
    });
    if (last!.code !== 1) throw new Error(`report refused: ${last!.msg}`);
    const monthUrl = `${address}${encodeEnpath('/v1/report/agentReport/userAgentReport')}?startTime=${endTime.slice(0, 8)}01&endTime=${endTime}`;
    const appThisMonth = await timed(CALLS, async () => {
      const res = await fetch(monthUrl, { headers: { cookie: `sid=${token}` } });
      if (((await res.json()) as { code: number }).code !== 1) throw new Error('report refused');
    });
    const from = new Date(Date.parse(`${startTime}T00:00:00+08:00`));
    const to = new Date(Date.parse(`${endTime}T00:00:00+08:00`) + 86_400_000);
    let raw: Record<string, number> = {};
    const rawTimes = await timed(Math.min(CALLS, 5), async () => {
      [raw] = (await rawScan(sql, agentId, from, to)) as unknown as Record<string, number>[];
    });
    // the two must agree, or the comparison means nothing
    const d = last!.data;
    const fen = (y: unknown) => Math.round(Number(y) * 100);
    if (
      fen(d.betAmount) !== -Number(raw.bet) ||
      fen(d.prizeAmount) !== Number(raw.prize) ||
      fen(d.rebateAmount) !== Number(raw.rebate) ||
      fen(d.rechargeAmount) !== Number(raw.recharge) ||
      d.betMemberCount !== Number(raw.bettors) ||
      d.activeMemberCount !== Number(raw.active)
    ) {
      throw new Error(
        `report and raw scan disagree: ${JSON.stringify(d)} vs ${JSON.stringify(raw)}`,
      );
    }
    const [{ bets }] = await sql<{ bets: number }[]>`select count(*)::int as bets from bets`;
    return {
      members: MEMBERS,
      bets,
      transfers,
      generateMs,
      app: appTimes,
      appThisMonth,
      raw: rawTimes,
      ratio: rawTimes.p50Ms / appTimes.p50Ms,
    };
  } finally {
    await app.close();
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${dbName}`);
    await admin.end();
    await stopEmbedded?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printAgentReportBench(r: AgentReportBench): void {
  console.log(
    `\n== Agent report: team of ${r.members} members, ${r.bets} bets over ${DAYS} days ==`,
  );
  console.log(
    `generated ${r.bets} bets and ${r.transfers} transfers in ${(r.generateMs / 1000).toFixed(1)} s (every transfer through the roll-up trigger)`,
  );
  console.log(
    `app  userAgentReport for ${DAYS} days   p50 ${r.app.p50Ms.toFixed(1)} ms   p95 ${r.app.p95Ms.toFixed(1)} ms   (${CALLS} calls over HTTP)`,
  );
  console.log(
    `app  userAgentReport this month so far   p50 ${r.appThisMonth.p50Ms.toFixed(1)} ms   p95 ${r.appThisMonth.p95Ms.toFixed(1)} ms`,
  );
  console.log(
    `raw  scan of the team's bets + transfers   p50 ${r.raw.p50Ms.toFixed(1)} ms   p95 ${r.raw.p95Ms.toFixed(1)} ms`,
  );
  const verdict = r.app.p95Ms < AIM_MS ? `under ${AIM_MS} ms` : `OVER ${AIM_MS} ms`;
  console.log(`ratio raw / report ${r.ratio.toFixed(1)}x   report p95 ${verdict}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printAgentReportBench(await benchAgentReport());
}
