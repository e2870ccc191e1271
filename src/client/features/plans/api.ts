/**
 * Push plans (chat message type 10, docs/push-plans.md): the payload the server posts, a plan's
 * history with its win rates (getPushPlayListFront) and one issue's plan record.
 */
import { request } from '../../api/request';
import type { FollowEntry } from '../follow/openFollow';
import type { ChatMessage } from '../chat/api';

/** 0 miss, 1 hit, 2 waiting, 3 the issue was cancelled */
export const PRIZE_LABELS: Readonly<Record<number, string>> = {
  0: '未中',
  1: '中',
  2: '等待',
  3: '撤单',
};
export const prizeClass = (p: number) =>
  p === 1 ? 'text-red-600' : p === 0 ? 'text-gray-500' : 'text-amber-600';

export interface PlanHistoryRow {
  issue: string;
  predictionResult: string;
  playType: string;
  isPrize: number;
  openNumber?: string;
}

export interface PlanPayload {
  planId: number;
  lotteryCode: string;
  lotteryName: string;
  lotteryType: string;
  bettingIssue: string;
  playName: string;
  playHistory: string;
  betPlay: string;
  describePlay: string;
  totalWinRate: string;
  todayWinRate: string;
  displayContent: { showHistory: number; showWinRate: number };
  predictionResult: string;
  history: PlanHistoryRow[];
  entries: FollowEntry[];
}

export interface PlanHistory {
  list: PlanHistoryRow[];
  total: number;
  totalWinRate: string;
  todayWinRate: string;
  playName: string;
  betPlay: string;
  gameName: string;
  lotteryCode: string;
}
export interface PlanRecord {
  gameName: string;
  issue: string;
  openNumber: string;
  predictionResult: string;
  isPrize: number;
  playType: string;
  playName: string;
}

/** The plan of a type-10 message, or null for any other message or a malformed body. */
export function planPayload(m: ChatMessage): PlanPayload | null {
  if (m.messageTypeId !== 10) return null;
  try {
    const p = JSON.parse(m.message) as PlanPayload;
    return typeof p.planId === 'number' && Array.isArray(p.history) && Array.isArray(p.entries)
      ? p
      : null;
  } catch {
    return null;
  }
}

const inline = { inline: true } as const;
export const PLAN_PAGE_SIZE = 20;
export const getPlanHistory = (planId: number, pageNum: number, pageSize = PLAN_PAGE_SIZE) =>
  request<PlanHistory>(
    'GET',
    '/v1/chat/getPushPlayListFront',
    { playId: planId, pageNum, pageSize },
    inline,
  );
export const getPlanRecord = (planId: number, issue: string) =>
  request<PlanRecord>('GET', '/v1/chat/getPushPlayRecordFront', { playId: planId, issue }, inline);
