/**
 * Typed calls of docs/lottery-design.md, "Lottery info" and "Betting". Amounts are yuan strings on the
 * wire (as the contract says); convert with domain/money at the edge of a screen. The records feature
 * imports this module read-only, so its exports stay stable.
 */
import { request, type RequestOptions } from '../../api/request';
import type { BettingRow, LongDragonRow, LotteryFamily } from '../../../domain/lottery';

const inline: RequestOptions = { inline: true };

/** Rows of the latest-results strip; the hall asks for the same page so the service worker's copy serves both offline. */
export const RESULTS_STRIP_SIZE = 5;
const B = (name: string) => `/v1/betting/${name}`;
const L = (name: string) => `/v1/lottery/${name}`;

// ---------------------------------------------------------------- lottery info

export interface LotteryItem {
  lotteryCode: string;
  lotteryName: string;
  family: LotteryFamily;
  source: 'self' | 'official';
  intervalSec: number;
  closeLeadSec: number;
  enabled: boolean;
  sort: number;
  /** The lottery's cap group: default odds are quoted at it (absent in a copy cached before it was sent). */
  prizeGroupCap?: number;
}

export interface NextIssueData {
  lotteryCode: string;
  /** The issue on sale; null when none (an official game between draws). */
  issue: string | null;
  saleOpenTime: number | null;
  closeTime: number | null;
  openTime: number | null;
  seedHash: string | null;
  serverTime: number;
  lastIssue: string | null;
  lastOpenNumber: string | null;
  lastStatus: string | null;
}

export interface OpenRow {
  issue: string;
  openNumber: string;
  openTime: number;
  status: string;
}
export interface OpenResultRow {
  issue: string;
  openNumber: string;
  openTime: number;
}
export interface ScheduleRow {
  lotteryCode: string;
  issue: string;
  startTime: number;
  endTime: number;
  openTime: number;
}
export interface ChaseIssueRow {
  issue: string;
  closeTime: number;
  openTime: number;
}

export interface PlayRowSpec {
  name: string;
  values: number[];
  labels?: string[] | null;
  min: number;
  max: number;
}
export interface PlayTier {
  id: string;
  name: string /** yuan at the user's group, or odds for odds plays */;
  prize: string | number;
}
export interface PlayInfo {
  playDetailCode: string;
  name: string;
  model: 'prizeGroup' | 'odds';
  rows: PlayRowSpec[];
  entryLength: number | null;
  /** 任选单式: the positions to check under the typed entries */
  positionRow?: PlayRowSpec | null;
  tiers: PlayTier[];
  description: string;
}
export interface PlayGroup {
  group: string;
  plays: PlayInfo[];
}
/** 单注/单期最高派奖 of the lottery, yuan text (docs/lottery-design.md "Payout caps"). */
export interface PayoutCapsInfo {
  maxPayoutPerBet: string;
  maxPayoutPerIssue: string;
}
/** The catalogue of howToPlay and lotteryPlays (a copy held from before the caps existed has none). */
export interface PlayCatalogue {
  lotteryCode: string;
  family: LotteryFamily;
  payoutCaps?: PayoutCapsInfo;
  groups: PlayGroup[];
}
/** lotteryPlays with its version; `unchanged` (and no groups) when the caller already holds that version. */
export type VersionedPlays =
  | (PlayCatalogue & { version: string; unchanged?: undefined })
  | { lotteryCode: string; version: string; unchanged: true };

export type { LongDragonRow };

/** One correction of an official result, as published: the operator by a masked user name. */
export interface DrawCorrection {
  operator: string;
  correctedAt: number;
  before: string;
  after: string;
  reason: string | null;
}

/** verifyDraw: a self-run draw with its seed check; an official one without (no seed), both with their corrections. */
export type VerifyDrawData = {
  lotteryCode: string;
  issue: string;
  openNumber: string;
  algorithm: string;
  corrections: DrawCorrection[];
} & (
  | {
      source: 'self';
      seedHash: string;
      seed: string;
      recomputed: string;
      hashMatches: boolean;
      resultMatches: boolean;
    }
  | {
      source: 'official';
      seedHash: null;
      seed: null;
      recomputed: null;
      hashMatches: null;
      resultMatches: null;
    }
);

export const getLotteryList = () =>
  request<{ lotteryList: LotteryItem[] }>(
    'GET',
    '/v1/management/content/lotteryConfig',
    undefined,
    inline,
  ).then((r) => r.lotteryList);

export const getNextIssue = (lotteryCode: string, opts: RequestOptions = inline) =>
  request<NextIssueData>('GET', B('nextIssueOpenData'), { lotteryCode }, opts);

/** The issue on sale with the local time halfway through its round trip (for the clock until it is synced). */
export async function getNextIssueTimed(
  lotteryCode: string,
): Promise<{ next: NextIssueData; midAtMs: number }> {
  const sentAt = Date.now();
  const next = await getNextIssue(lotteryCode);
  return { next, midAtMs: Math.round((sentAt + Date.now()) / 2) };
}

export const getOpenData = (lotteryCode: string, pageSize = 30, opts: RequestOptions = inline) =>
  request<{ list: OpenRow[] }>('GET', B('lotteryOpenData'), { lotteryCode, pageSize }, opts).then(
    (r) => r.list,
  );

export const getServerTimeMs = () =>
  request<number>('GET', B('getServerTimeMillisecond'), undefined, { quiet: true });

export const getOpenTime = (lotteryCode: string) =>
  request<{ list: ScheduleRow[] }>('GET', L('openTime'), { lotteryCode }, inline).then(
    (r) => r.list,
  );

export const getOpenResult = (p: {
  lotteryCode: string;
  date?: string;
  page?: number;
  pageSize?: number;
}) => request<{ list: OpenResultRow[]; total: number }>('GET', L('openResult'), p, inline);

export const getLhcOpenTime = () =>
  request<{ list: { issue: string; openTime: number }[] }>(
    'GET',
    L('6hc/openTime'),
    undefined,
    inline,
  ).then((r) => r.list);

export const findChaseIssues = (lotteryCode: string, count: number) =>
  request<{ list: ChaseIssueRow[] }>(
    'GET',
    L('findSelfLotteryIssue'),
    { lotteryCode, count },
    inline,
  ).then((r) => r.list);

export const getHowToPlay = (lotteryCode: string) =>
  request<PlayCatalogue>('GET', L('howToPlay'), { lotteryCode }, inline);
export const getLotteryPlays = (lotteryCode: string, version?: string) =>
  request<VersionedPlays>('GET', L('lotteryPlays'), { lotteryCode, version }, inline);

export const getLongDragon = (type = 1) =>
  request<{ list: LongDragonRow[] }>('GET', L('longDragon'), { type }, inline).then((r) => r.list);

export const verifyDraw = (lotteryCode: string, issue: string) =>
  request<VerifyDrawData>('GET', L('verifyDraw'), { lotteryCode, issue }, inline);

// ---------------------------------------------------------------- betting

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
