/**
 * Typed calls of docs/lottery-design.md, "Betting": placing bets and chases, cancelling them, and the
 * player's own bets, chases, rebates and balance (the records feature reads these). Apart from api.ts,
 * which every visitor's screens read, so a change to the bet forms does not touch the hall's calls.
 */
import { request } from '../../api/request';
import type { BettingRow, LotteryFamily } from '../../../domain/lottery';
import { B, inline, type PlayTier } from './api';

/** One ticket of addBetting: the wire form lives with the lottery domain. */
export type { BettingRow };

export interface ChaseBettingData {
  isStopAfterWinning: 0 | 1;
  startIssue: string;
  lotteryCode: string;
  bettingPoint: number;
  playDetailCode: string;
  bettingUnit: 1 | 0.1 | 0.01;
  bettingAllAmount: string;
  chaseCount: number;
  eachInfo: { bettingNumber: string; bettingCount: number }[];
  eachOrder: { bettingIssue: string; graduationCount: number; bettingAmount: string }[];
}

export interface OrderRef {
  id: number;
  orderNo: string;
}
export interface BetResult {
  orders: OrderRef[];
  balance: string;
}
export interface ChaseResult {
  chaseId: number;
  orders: (OrderRef & { issue: string })[];
  balance: string;
}

export type BetStatus = 'PENDING' | 'WON' | 'LOST' | 'TIE' | 'CANCELLED' | (string & {});

export interface BetRow {
  id: number;
  orderNo: string;
  lotteryCode: string;
  lotteryName: string;
  issue: string;
  playDetailCode: string;
  playName: string;
  bettingNumber: string;
  bettingCount: number;
  bettingAmount: string;
  bettingPoint: number;
  bettingUnit: number;
  graduationCount: number;
  status: BetStatus;
  statusText: string;
  /** a number when settled; text (等待开奖 / 已撤单 / 和局退款 …) otherwise */
  returnAmount: number | string;
  openNumber: string | null;
  createdAt: number;
  chaseId: number | null;
}

export interface BetDetail extends BetRow {
  winDetail: unknown;
  seedHash: string | null;
  rebate: string | number | null;
  tiers: PlayTier[];
  /** a prize the payout caps cut: 已按单注/单期最高派奖限额派奖, and the prize before the cut (yuan text) */
  capNote?: string | null;
  uncappedPrize?: string | null;
}

/** A chase (追号) row; the contract leaves its fields open, these are the ones the server sends (betting/rows.ts). */
export interface ChaseRow {
  id: number;
  lotteryCode: string;
  lotteryName: string;
  playDetailCode: string;
  playName: string;
  bettingNumber: string;
  bettingCount: number;
  bettingPoint: number;
  bettingUnit: number;
  isStopAfterWinning: 0 | 1;
  startIssue: string;
  chaseCount: number;
  /** issues settled so far */
  finishedCount: number;
  totalAmount: string;
  finishedAmount: string;
  winAmount: string;
  /** running / finished / stopped / cancelled */
  status: string;
  statusText: string;
  createdAt: number;
  [extra: string]: unknown;
}
export interface ChaseDetail extends ChaseRow {
  orders: BetRow[];
}

export interface BetListQuery {
  lotteryCode?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  page?: number;
  pageSize?: number;
  /** where the bet was placed: betting page, chase, quick two-sided, long-dragon helper */
  source?: 'bet' | 'chase' | 'quick' | 'dragon';
}
/** getBetData: the settled stakes, their prize and rebate, 盈亏 (domain/figures.ts), the pending stakes apart. */
export interface BetSummary {
  betCount: number;
  betAmount: string;
  pendingBetAmount: string;
  prizeAmount: string;
  winAmount: string;
  rebateAmount: string;
  profit: string;
}
export interface ChaseCounts {
  running: number;
  finished: number;
  stopped: number;
  cancelled: number;
}
export interface RebateInfo {
  rebate: number;
  prizeGroup: number;
}
export interface FamilyRebate extends RebateInfo {
  lotteryType: LotteryFamily;
}
export interface WinnerRow {
  userName: string;
  lotteryName: string;
  amount: string;
  time: number;
}

/** Bet calls answer refusals inline (the page shows the §8 flows itself). */
export const addBetting = (bettingData: BettingRow[], requestId: string) =>
  request<BetResult>(
    'POST',
    B('addBetting'),
    { bettingData: JSON.stringify(bettingData), requestId },
    inline,
  );

export const addFastBetting = (
  bettingData: BettingRow[],
  requestId: string,
  source: 'quick' | 'dragon',
) =>
  request<BetResult>(
    'POST',
    B('addFastBetting'),
    { bettingData: JSON.stringify(bettingData), requestId, source },
    inline,
  );

export const addChaseBetting = (chaseBettingData: ChaseBettingData, requestId: string) =>
  request<ChaseResult>(
    'POST',
    B('addChaseBetting'),
    { chaseBettingData: JSON.stringify(chaseBettingData), requestId },
    inline,
  );

export const cancelBetting = (orderId: number) =>
  request<{ balance: string }>('POST', B('cancelBetting'), { orderId }, inline);

export const cancelChase = (chaseId: number, issues?: string[]) =>
  request<{ refunded: number | string; balance: string }>(
    'POST',
    B('cancelAutoChaseBetting'),
    {
      chaseId,
      issues: issues?.length ? issues.join(',') : undefined,
    },
    inline,
  );

export const getBetting = (q: BetListQuery) =>
  request<{ list: BetRow[]; total: number }>('GET', B('getBetting'), { ...q }, inline);
export const getBetDetail = (id: number) =>
  request<BetDetail>('GET', B('getBetDetail'), { id }, inline);
export const getBetData = (q: Omit<BetListQuery, 'page' | 'pageSize'>) =>
  request<BetSummary>('GET', B('getBetData'), { ...q }, inline);

export const getChaseBetting = (q: {
  lotteryCode?: string;
  status?: string;
  page?: number;
  pageSize?: number;
}) => request<{ list: ChaseRow[]; total: number }>('GET', B('getChaseBetting'), { ...q }, inline);
export const getChaseDetail = (id: number) =>
  request<ChaseDetail>('GET', B('getChaseDetail'), { id }, inline);
export const getChaseBetData = () =>
  request<ChaseCounts>('GET', B('getChaseBetData'), undefined, inline);

export const getAllBetRebate = () =>
  request<{ list: FamilyRebate[] }>('GET', B('getAllBetRebate'), undefined, inline).then(
    (r) => r.list,
  );
export const getBetRebate = (lotteryType: LotteryFamily) =>
  request<RebateInfo>('GET', B('getBetRebate'), { lotteryType }, inline);
export const getNewestWinners = () =>
  request<{ list: WinnerRow[] }>('GET', B('getNewestBounsList'), undefined, inline).then(
    (r) => r.list,
  );

export const queryBalance = () =>
  request<{ balance: string; balanceFen: number }>(
    'GET',
    '/v1/balance/queryBalanceFront',
    undefined,
    { quiet: true },
  );
