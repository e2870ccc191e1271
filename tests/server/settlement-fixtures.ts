/**
 * Fixtures for the settlement tests: a cloned database (no app needed), test lotteries, users with
 * prize groups, funded wallets, issues and bets inserted in SQL with their stake really taken through
 * the ledger (301 `bet:{id}` player → house), so every payout is real money.
 */
import { afterAll, expect, inject } from 'vitest';
import {
  getPlay,
  parseSelection,
  quoteBet,
  type BetUnit,
  type LotteryFamily,
} from '../../src/domain/lottery/index.ts';
import { PAYOUT_CAP_MAX_YUAN } from '../../src/domain/lottery/caps.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';
import {
  ledgerMismatches,
  ledgerSum,
  playerBalance,
  transfer,
} from '../../src/server/ledger/ledger.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

let seq = 0;
/** A fresh database cloned from the migrated template, dropped with the file's connections closed. */
export async function testDb(): Promise<{ sql: Sql; url: string }> {
  const base = inject('pgBaseUrl');
  const db = `s_${process.pid}_${Date.now()}_${seq++}`;
  const admin = connect(base, 1);
  await admin.unsafe(`create database ${db} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = withDb(base, db);
  const sql = connect(url);
  afterAll(async () => {
    await sql.end({ timeout: 5 });
  });
  await ensureTestLotteries(sql);
  return { sql, url };
}

/** SSC test lottery with the 龙虎 tie refunded (so ties can be tested); code 9901. */
export const SSC = '9901';
/** The same game copied from an official draw (results typed in, so they can be corrected); code 9902. */
export const OFFICIAL_SSC = '9902';

/** The test lotteries' payout caps: the highest an operator may set, so prize tests see whole prizes (settlement-caps tests cap). */
const NO_CAP_FEN = PAYOUT_CAP_MAX_YUAN * 100;

export async function ensureTestLotteries(sql: Sql): Promise<void> {
  await sql`
    insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap, rule_flags,
      max_payout_per_bet, max_payout_per_issue)
    values (${SSC}, 'SSC', '测试时时彩', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960,
            ${sql.json({ sscDragonTie: 'refund' })}, ${NO_CAP_FEN}, ${NO_CAP_FEN})
    on conflict (code) do nothing`;
  await sql`
    insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap, rule_flags,
      max_payout_per_bet, max_payout_per_issue)
    values (${OFFICIAL_SSC}, 'SSC', '测试官方时时彩', 'official',
            ${sql.json({ kind: 'daily', drawSec: 75_600, issueFormat: 'yearCounter' })}, 60, 1960, ${sql.json({ sscDragonTie: 'refund' })},
            ${NO_CAP_FEN}, ${NO_CAP_FEN})
    on conflict (code) do nothing`;
  clearLotteryCache();
}

let userSeq = 0;
/** A user (optionally under a parent) with a prize group on `family`. */
export async function makeUser(
  sql: Sql,
  opts: { parentId?: number; group?: number; family?: LotteryFamily } = {},
): Promise<number> {
  const [u] = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf, parent_id, is_agent)
    values (${`st${process.pid}x${userSeq++}`}, 'x', ${opts.parentId ?? null}, false)
    returning id`;
  if (opts.group !== undefined) {
    await sql`insert into user_prize_groups (user_id, family, prize_group) values (${u!.id}, ${opts.family ?? 'SSC'}, ${opts.group})`;
  }
  return u!.id;
}

let fundSeq = 0;
export async function fund(sql: Sql, userId: number, fen: number): Promise<void> {
  await transfer(sql, {
    transferId: transferIds.fixture(`test-fund:${process.pid}:${fundSeq++}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: fen,
    typeCode: 401,
    userId,
  });
}

/** Takes money out of a wallet (the player spent it). */
export async function spend(sql: Sql, userId: number, fen: number): Promise<void> {
  await transfer(sql, {
    transferId: transferIds.fixture(`test-spend:${process.pid}:${fundSeq++}`),
    from: { kind: 'player', userId },
    to: { kind: 'house', userId: null },
    amountFen: fen,
    typeCode: 402,
    userId,
  });
}

export async function makeIssue(
  sql: Sql,
  code: string,
  issue: string,
  opts: { result?: string | null; closeInSec?: number } = {},
): Promise<void> {
  const close = opts.closeInSec ?? -60;
  const result = opts.result ?? null;
  await sql`
    insert into lottery_issues (lottery_code, issue, sale_open_at, close_at, draw_at, result, status, drawn_at)
    values (${code}, ${issue}, now() - interval '1 hour', now() + make_interval(secs => ${close}),
            now() + make_interval(secs => ${close + 10}), ${result}, ${result === null ? 'pending' : 'drawn'},
            ${result === null ? null : sql`now()`})`;
}

export async function drawIssue(
  sql: Sql,
  code: string,
  issue: string,
  result: string,
): Promise<void> {
  await sql`update lottery_issues set result = ${result}, status = 'drawn', drawn_at = now()
            where lottery_code = ${code} and issue = ${issue}`;
}

export interface BetSpec {
  userId: number;
  code?: string;
  family?: LotteryFamily;
  issue: string;
  playCode: string;
  number: string;
  unit?: BetUnit;
  multiple?: number;
  /** odds plays */
  stakePerLineFen?: number;
  odds?: Record<string, number>;
  userGroup: number;
  rebatePermille?: number;
  chaseId?: number | null;
}

export interface PlacedBet {
  id: number;
  amount: number;
  betGroup: number;
  lines: number;
}

let betSeq = 0;
/** Inserts a priced bet (domain quoteBet) and takes its stake from the wallet. */
export async function placeBet(sql: Sql, b: BetSpec): Promise<PlacedBet> {
  const play = getPlay(b.family ?? 'SSC', b.playCode)!;
  const sel = parseSelection(play, b.number)!;
  const q = quoteBet(play, sel, {
    unit: b.unit ?? 'yuan',
    multiple: b.multiple ?? 1,
    stakePerLineFen: b.stakePerLineFen,
    userGroup: b.userGroup,
    rebatePermille: b.rebatePermille ?? 0,
  });
  if (!q.ok) throw new Error(q.msg);
  const [{ id }] = await sql<{ id: number }[]>`select nextval('bets_id_seq')::bigint as id`;
  const odds = play.model === 'odds' ? (b.odds ?? q.odds) : null;
  await sql`
    insert into bets (id, order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number,
      betting_count, unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type, odds, chase_id)
    values (${id}, ${`T${id}`}, ${b.userId}, ${`req${betSeq++}`}, 0, ${b.code ?? SSC}, ${b.issue}, ${b.playCode}, ${b.number},
      ${q.lines}, ${b.unit ?? 'yuan'}, ${b.multiple ?? 1}, ${q.amountFen}, ${b.rebatePermille ?? 0}, ${b.userGroup}, ${q.betGroup},
      ${b.chaseId ? 302 : 301}, ${odds === null ? null : sql.json(odds)}, ${b.chaseId ?? null})`;
  await transfer(sql, {
    transferId: transferIds.betStake(id),
    from: { kind: 'player', userId: b.userId },
    to: { kind: 'house', userId: null },
    amountFen: q.amountFen,
    typeCode: b.chaseId ? 302 : 301,
    userId: b.userId,
  });
  return { id, amount: q.amountFen, betGroup: q.betGroup, lines: q.lines };
}

export async function makeChase(
  sql: Sql,
  userId: number,
  opts: {
    stopAfterWin: boolean;
    code?: string;
    playCode: string;
    number: string;
    startIssue: string;
    count: number;
  },
): Promise<number> {
  const [c] = await sql<{ id: number }[]>`
    insert into chases (user_id, request_id, lottery_code, play_code, betting_number, betting_count, unit, rebate_permille,
      stop_after_win, start_issue, chase_count, total_amount)
    values (${userId}, ${`chase${betSeq++}`}, ${opts.code ?? SSC}, ${opts.playCode}, ${opts.number}, 1, 'yuan', 0,
      ${opts.stopAfterWin}, ${opts.startIssue}, ${opts.count}, 1)
    returning id`;
  return c!.id;
}

export async function betRow(sql: Sql, id: number) {
  const [row] = await sql<
    {
      status: string;
      payout: number;
      refund: number;
      rebate: number;
      settled_version: number | null;
      win_detail: unknown;
    }[]
  >`
    select status, payout, refund, rebate, settled_version, win_detail from bets where id = ${id}`;
  return row!;
}

/** Transfers about a bet (ref or id), by id → amount and type. */
export async function transfersOf(sql: Sql, betId: number) {
  return sql<{ transfer_id: string; amount: number; type_code: number; user_id: number }[]>`
    select transfer_id, amount, type_code, user_id from transfers
    where ref = ${`bet:${betId}`} or transfer_id = ${`bet:${betId}`} order by id`;
}

/** The issue's batch rebate transfers and their reversals (ref `issue:{code}:{issue}`), by id. */
export async function issueTransfers(sql: Sql, issue: string, code = SSC) {
  return sql<{ transfer_id: string; amount: number; type_code: number; user_id: number }[]>`
    select transfer_id, amount, type_code, user_id from transfers
    where ref = ${`issue:${code}:${issue}`} order by id`;
}

export async function expectLedgerSound(sql: Sql): Promise<void> {
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
  const [neg] = await sql<
    { n: number }[]
  >`select count(*)::int as n from ledger_accounts where kind <> 'house' and balance < 0`;
  expect(neg!.n).toBe(0);
}

export { playerBalance };
