/** Display helpers of the records screens: bet statuses, date ranges (Beijing dates), times, amounts. */
import { yuanText } from '../../../domain/money';
import { beijingDate, formatBeijing } from '../../../domain/time';
import type { BetRow } from '../lottery/betsApi';

/** Bet statuses (lottery-rules.md §2.4) as the filter offers them. */
export const BET_STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'PENDING', label: '等待开奖' },
  { value: 'WON', label: '已中奖' },
  { value: 'LOST', label: '未中奖' },
  { value: 'TIE_REFUND', label: '和局退款' },
  { value: 'USER_CANCELLED', label: '已撤单' },
  { value: 'SYSTEM_CANCELLED', label: '系统撤单' },
  { value: 'CHASE_STOPPED', label: '追中停止' },
];

export type RangeKey = 'today' | 'yesterday' | 'week';
export const RANGE_OPTIONS: { value: RangeKey; label: string }[] = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'week', label: '近7天' },
];

export { beijingDate };

/** Inclusive date range of a range key. */
export function dateRange(key: RangeKey, nowMs: number): { startDate: string; endDate: string } {
  if (key === 'yesterday')
    return { startDate: beijingDate(nowMs, 1), endDate: beijingDate(nowMs, 1) };
  if (key === 'week') return { startDate: beijingDate(nowMs, 6), endDate: beijingDate(nowMs) };
  return { startDate: beijingDate(nowMs), endDate: beijingDate(nowMs) };
}

/** 'MM-DD HH:mm:ss' in Beijing time (the site's business time zone). */
export function formatTime(ms: number): string {
  return formatBeijing(ms, 'MM-DD HH:mm:ss');
}

/** A wire yuan amount for display with 2 decimals: the domain's one formatter (through fen, no float rounding). */
export const yuan = yuanText;

/** returnAmount is a number once settled, else a text such as 等待开奖 / 已撤单. */
export function returnText(row: Pick<BetRow, 'returnAmount'>): string {
  return typeof row.returnAmount === 'number' ? yuanText(row.returnAmount) : row.returnAmount;
}

/** Text colour of a status. */
export function statusTone(status: string): string {
  if (status === 'WON') return 'text-red-700';
  if (status === 'PENDING') return 'text-amber-700';
  if (status === 'LOST') return 'text-gray-600';
  return 'text-blue-700';
}

/** Sign colour of a profit. */
export function profitTone(v: string | number): string {
  const n = Number(v);
  return n > 0 ? 'text-red-700' : n < 0 ? 'text-green-700' : 'text-gray-900';
}

/** Countdown text mm:ss (or h:mm:ss) of a non-negative number of milliseconds. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** A chase's total stake: the server sends `totalAmount` (the shared ChaseRow type still names it bettingAllAmount). */
export function chaseTotal(c: { bettingAllAmount?: string; [extra: string]: unknown }): string {
  return yuan(typeof c.totalAmount === 'string' ? c.totalAmount : c.bettingAllAmount);
}
