/** The player's bet and chase records: lists, details and summaries, own rows only. */
import { PENDING_BET_STATUS, VALID_BET_STATUSES } from '../../domain/bets.ts';
import { profitFen } from '../../domain/figures.ts';
import { formatFen } from '../../domain/money.ts';
import { getPlay, ODDS_SCALE, prizePayoutFen } from '../../domain/lottery/index.ts';
import { CAP_NOTE } from '../../domain/lottery/caps.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import {
  BET_COLUMNS,
  betRow,
  betWhere,
  type BetOwner,
  CHASE_COLUMNS,
  CHASE_STATUSES,
  chaseRow,
  type BetDbRow,
  type ChaseDbRow,
  type RecordFilter,
} from './rows.ts';
import { paging } from '../http/paging.ts';

const REFUNDED = ['USER_CANCELLED', 'SYSTEM_CANCELLED', 'CHASE_STOPPED'];

export interface Paging {
  page?: number;
  pageSize?: number;
}

const limits = (p: Paging) => paging(p.page, p.pageSize);

const BET_FROM = (sql: Sql) => sql`
  from bets b join lotteries l on l.code = b.lottery_code
  join lottery_issues li on li.lottery_code = b.lottery_code and li.issue = b.issue`;

/** One page of bets (newest first) and the total, of one user or of a set of users (BetOwner). */
export async function listBetRows(sql: Sql, owner: BetOwner, f: RecordFilter & Paging) {
  const where = betWhere(sql, owner, f);
  const { limit, offset } = limits(f);
  const rows = await sql<BetDbRow[]>`
    select ${sql.unsafe(BET_COLUMNS)} ${BET_FROM(sql)} where ${where}
    order by b.created_at desc, b.id desc limit ${limit} offset ${offset}`;
  const [{ n }] = await sql<
    { n: number }[]
  >`select count(*)::int as n from bets b where ${betWhere(sql, owner, f)}`;
  return { rows, total: n };
}

export async function listBets(sql: Sql, userId: number, f: RecordFilter & Paging) {
  const { rows, total } = await listBetRows(sql, userId, f);
  return { list: rows.map(betRow), total };
}

/** Prize of one winning line of each tier for this ticket (unit and multiple), or the odds. */
function tiersOf(r: BetDbRow) {
  const play = getPlay(r.family, r.play_code);
  if (!play) return [];
  return play.tiers.map((t) => {
    if (play.model === 'odds') {
      const odds = r.odds?.[t.id];
      return {
        id: t.id,
        name: t.nameZh,
        prize: odds === undefined ? '' : String(odds / ODDS_SCALE),
      };
    }
    const fen = prizePayoutFen(
      play,
      { wins: { [t.id]: 1 }, refunds: 0 },
      r.bet_group,
      r.unit,
      r.multiple,
    );
    return { id: t.id, name: t.nameZh, prize: formatFen(fen) };
  });
}

/** The user's own bets of these ids (any order; another user's ids are simply absent). */
export function betsOf(sql: Sql, userId: number, ids: number[]): Promise<BetDbRow[]> {
  return sql<
    BetDbRow[]
  >`select ${sql.unsafe(BET_COLUMNS)} ${BET_FROM(sql)} where b.user_id = ${userId} and b.id = any(${ids}::bigint[])`;
}

export async function betDetail(sql: Sql, userId: number, betId: number) {
  const [r] = await sql<
    BetDbRow[]
  >`select ${sql.unsafe(BET_COLUMNS)} ${BET_FROM(sql)} where b.id = ${betId} and b.user_id = ${userId}`;
  if (!r) throw new AppError('订单不存在');
  return {
    ...betRow(r),
    winDetail: r.win_detail ?? null,
    seedHash: r.seed_hash ?? '',
    openNumber: r.open_number ?? '',
    rebate: formatFen(r.rebate),
    tiers: tiersOf(r),
    // a prize the payout caps cut (docs/lottery-design.md "Payout caps"): what it would have been, and why not
    capNote: r.cap_kind ? CAP_NOTE[r.cap_kind] : null,
    uncappedPrize: r.uncapped_prize === null ? null : formatFen(r.uncapped_prize),
  };
}

/**
 * Totals of the filtered records, the columns of /betRecord (domain/figures.ts): 投注 and 中奖 over
 * the settled bets (domain/bets.ts), their own rebate, and 盈亏 their signed sum; the stakes still
 * awaiting their draw apart (pendingBetAmount). Refunded bets (cancelled, stopped) count nowhere.
 */
export async function betSummary(sql: Sql, owner: BetOwner, f: RecordFilter) {
  const [s] = await sql<{ n: number; bet: number; pending: number; win: number; rebate: number }[]>`
    select count(*)::int as n,
           coalesce(sum(b.amount) filter (where b.status = any(${VALID_BET_STATUSES})), 0)::bigint as bet,
           coalesce(sum(b.amount) filter (where b.status = ${PENDING_BET_STATUS}), 0)::bigint as pending,
           coalesce(sum(b.payout) filter (where b.status = any(${VALID_BET_STATUSES})), 0)::bigint as win,
           coalesce(sum(b.rebate) filter (where b.status = any(${VALID_BET_STATUSES})), 0)::bigint as rebate
    from bets b where ${betWhere(sql, owner, f)} and not (b.status = any(${REFUNDED}))`;
  const cols = { bet: s!.bet, prize: s!.win, rebate: s!.rebate };
  return {
    betCount: s!.n,
    betAmount: formatFen(cols.bet),
    pendingBetAmount: formatFen(s!.pending),
    prizeAmount: formatFen(cols.prize),
    // the same figure under its older name
    winAmount: formatFen(cols.prize),
    rebateAmount: formatFen(cols.rebate),
    profit: formatFen(profitFen('betRecord', cols)),
  };
}

export interface ChaseFilter extends Paging {
  lotteryCode?: string;
  status?: string;
}

export async function listChases(sql: Sql, userId: number, f: ChaseFilter) {
  const where = sql`c.user_id = ${userId}
    ${f.lotteryCode ? sql`and c.lottery_code = ${f.lotteryCode}` : sql``}
    ${f.status ? sql`and c.status = ${f.status}` : sql``}`;
  const { limit, offset } = limits(f);
  const rows = await sql<ChaseDbRow[]>`
    select ${sql.unsafe(CHASE_COLUMNS)} from chases c join lotteries l on l.code = c.lottery_code
    where ${where} order by c.id desc limit ${limit} offset ${offset}`;
  const [{ n }] = await sql<
    { n: number }[]
  >`select count(*)::int as n from chases c where ${where}`;
  return { list: rows.map(chaseRow), total: n };
}

export async function chaseDetail(sql: Sql, userId: number, chaseId: number) {
  const [c] = await sql<ChaseDbRow[]>`
    select ${sql.unsafe(CHASE_COLUMNS)} from chases c join lotteries l on l.code = c.lottery_code
    where c.id = ${chaseId} and c.user_id = ${userId}`;
  if (!c) throw new AppError('追号记录不存在');
  const bets = await sql<BetDbRow[]>`
    select ${sql.unsafe(BET_COLUMNS)} ${BET_FROM(sql)} where b.chase_id = ${chaseId} and b.user_id = ${userId}
    order by b.issue, b.id`;
  return { ...chaseRow(c), orders: bets.map(betRow) };
}

export async function chaseCounts(sql: Sql, userId: number) {
  const rows = await sql<{ status: string; n: number }[]>`
    select status, count(*)::int as n from chases where user_id = ${userId} group by status`;
  const counts = Object.fromEntries(CHASE_STATUSES.map((s) => [s, 0])) as Record<
    (typeof CHASE_STATUSES)[number],
    number
  >;
  for (const r of rows) counts[r.status as keyof typeof counts] = r.n;
  return counts;
}
