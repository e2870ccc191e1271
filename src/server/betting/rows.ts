/**
 * The bet row and chase row of the wire (docs/lottery-design.md, Betting) from database rows, and the
 * record filters shared by the list and summary calls. A player only ever sees their own rows.
 */
import { formatFen, yuanNumber } from '../../domain/money.ts';
import { TxType } from '../../domain/txTypes.ts';
import {
  getPlay,
  permilleToRebatePoint,
  type BetUnit,
  type LotteryFamily,
} from '../../domain/lottery/index.ts';
import type { CapKind } from '../../domain/lottery/caps.ts';
import type postgres from 'postgres';
import type { Sql } from '../db/client.ts';
import { requireBeijingDay } from '../http/dates.ts';
import { AppError } from '../http/envelope.ts';
import { UNIT_WIRE } from './tickets.ts';

export const BET_STATUSES = [
  'PENDING',
  'WON',
  'LOST',
  'TIE_REFUND',
  'USER_CANCELLED',
  'SYSTEM_CANCELLED',
  'CHASE_STOPPED',
] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const BET_STATUS_TEXT: Readonly<Record<BetStatus, string>> = {
  PENDING: '等待开奖',
  WON: '已中奖',
  LOST: '未中奖',
  TIE_REFUND: '和局退款',
  USER_CANCELLED: '已撤单',
  SYSTEM_CANCELLED: '系统撤单',
  CHASE_STOPPED: '追中停止',
};

export const CHASE_STATUSES = ['running', 'finished', 'stopped', 'cancelled'] as const;
export type ChaseStatus = (typeof CHASE_STATUSES)[number];
export const CHASE_STATUS_TEXT: Readonly<Record<ChaseStatus, string>> = {
  running: '进行中',
  finished: '已完成',
  stopped: '追中停止',
  cancelled: '已撤销',
};

/** Columns every bet query selects (with lotteries l and lottery_issues li joined). */
export const BET_COLUMNS = `
  b.id, b.user_id, b.order_no, b.lottery_code, l.name as lottery_name, l.family, b.issue, b.play_code, b.betting_number,
  b.betting_count, b.amount, b.rebate_permille, b.unit, b.multiple, b.status, b.payout, b.refund, b.rebate,
  b.created_at, b.chase_id, b.win_detail, b.odds, b.bet_group, b.uncapped_prize, b.cap_kind,
  case when li.status in ('drawn', 'settled') then li.result end as open_number, li.seed_hash`;

export interface BetDbRow {
  id: number;
  user_id: number;
  order_no: string;
  lottery_code: string;
  lottery_name: string;
  family: LotteryFamily;
  issue: string;
  play_code: string;
  betting_number: string;
  betting_count: number;
  amount: number;
  rebate_permille: number;
  unit: BetUnit;
  multiple: number;
  status: BetStatus;
  payout: number;
  refund: number;
  rebate: number;
  created_at: Date;
  chase_id: number | null;
  win_detail: unknown;
  odds: Record<string, number> | null;
  bet_group: number;
  /** the prize before the payout caps cut it, and which cap did (null when not cut) */
  uncapped_prize: number | null;
  cap_kind: CapKind | null;
  open_number: string | null;
  seed_hash: string | null;
}

/** A number (yuan, spec 000 §3) once won or lost; otherwise the text of the state. */
function returnAmount(r: BetDbRow): number | string {
  if (r.status === 'WON' || r.status === 'LOST') return yuanNumber(r.payout);
  return BET_STATUS_TEXT[r.status];
}

/** The ticket a bet and a chase both carry, as the wire names it. */
type TicketDbFields = Pick<
  BetDbRow,
  | 'lottery_code'
  | 'lottery_name'
  | 'family'
  | 'play_code'
  | 'betting_number'
  | 'betting_count'
  | 'rebate_permille'
  | 'unit'
>;
function ticketFields(r: TicketDbFields) {
  return {
    lotteryCode: r.lottery_code,
    lotteryName: r.lottery_name,
    playDetailCode: r.lottery_code + r.play_code,
    playName: getPlay(r.family, r.play_code)?.nameZh ?? r.play_code,
    bettingNumber: r.betting_number,
    bettingCount: r.betting_count,
    bettingPoint: permilleToRebatePoint(r.rebate_permille),
    bettingUnit: UNIT_WIRE[r.unit],
  };
}

export function betRow(r: BetDbRow) {
  return {
    id: r.id,
    orderNo: r.order_no,
    ...ticketFields(r),
    issue: r.issue,
    bettingAmount: formatFen(r.amount),
    graduationCount: r.multiple,
    status: r.status,
    statusText: BET_STATUS_TEXT[r.status],
    returnAmount: returnAmount(r),
    openNumber: r.open_number ?? '',
    createdAt: r.created_at.getTime(),
    chaseId: r.chase_id,
  };
}

/** Ledger type of a bet's stake by where it was placed (spec 000 §3: 301–304). */
export const STAKE_TYPE = {
  bet: TxType.BET,
  chase: TxType.CHASE_BET,
  quick: TxType.QUICK_BET,
  dragon: TxType.LONG_DRAGON_BET,
} as const;
export type BetSource = keyof typeof STAKE_TYPE;

export interface RecordFilter {
  lotteryCode?: string;
  status?: string;
  source?: BetSource;
  startDate?: string;
  endDate?: string;
}

/** The WHERE fragment of a player's bet records (b = bets). */
/**
 * Whose bets: one user's id, or a condition on `b.user_id` (an agent's team, reports/records.ts).
 */
export type BetOwner = number | postgres.PendingQuery<postgres.Row[]>;

export function betWhere(sql: Sql, owner: BetOwner, f: RecordFilter) {
  const from = f.startDate ? new Date(requireBeijingDay(f.startDate).startMs) : null;
  const to = f.endDate ? new Date(requireBeijingDay(f.endDate).endMs) : null;
  if (from && to && from >= to) throw new AppError('开始日期不能晚于结束日期');
  return sql`${typeof owner === 'number' ? sql`b.user_id = ${owner}` : owner}
    ${f.lotteryCode ? sql`and b.lottery_code = ${f.lotteryCode}` : sql``}
    ${f.status ? sql`and b.status = ${f.status}` : sql``}
    ${f.source ? sql`and b.stake_type = ${STAKE_TYPE[f.source]}` : sql``}
    ${from ? sql`and b.created_at >= ${from}` : sql``}
    ${to ? sql`and b.created_at < ${to}` : sql``}`;
}

export interface ChaseDbRow {
  id: number;
  lottery_code: string;
  lottery_name: string;
  family: LotteryFamily;
  play_code: string;
  betting_number: string;
  betting_count: number;
  unit: BetUnit;
  rebate_permille: number;
  stop_after_win: boolean;
  start_issue: string;
  chase_count: number;
  total_amount: number;
  status: ChaseStatus;
  created_at: Date;
  done_count: number;
  done_amount: number;
  win_amount: number;
}

/** Per chase: issues done (no longer pending), their stake, and what they paid back. */
export const CHASE_COLUMNS = `
  c.id, c.lottery_code, l.name as lottery_name, l.family, c.play_code, c.betting_number, c.betting_count, c.unit,
  c.rebate_permille, c.stop_after_win, c.start_issue, c.chase_count, c.total_amount, c.status, c.created_at,
  (select count(distinct b.issue)::int from bets b where b.chase_id = c.id and b.status in ('WON', 'LOST', 'TIE_REFUND')) as done_count,
  (select coalesce(sum(b.amount), 0)::bigint from bets b where b.chase_id = c.id and b.status in ('WON', 'LOST', 'TIE_REFUND')) as done_amount,
  (select coalesce(sum(b.payout), 0)::bigint from bets b where b.chase_id = c.id and b.status in ('WON', 'TIE_REFUND')) as win_amount`;

export function chaseRow(r: ChaseDbRow) {
  return {
    id: r.id,
    ...ticketFields(r),
    isStopAfterWinning: r.stop_after_win ? 1 : 0,
    startIssue: r.start_issue,
    chaseCount: r.chase_count,
    finishedCount: r.done_count,
    totalAmount: formatFen(r.total_amount),
    finishedAmount: formatFen(r.done_amount),
    winAmount: formatFen(r.win_amount),
    status: r.status,
    statusText: CHASE_STATUS_TEXT[r.status],
    createdAt: r.created_at.getTime(),
  };
}
