/**
 * Typed calls of docs/lottery-design.md, "Lottery info": what every visitor reads (lotteries, issues,
 * results, plays, draw checks). Placing bets and the player's own bets are in betsApi.ts. Amounts are
 * yuan strings on the wire (as the contract says); convert with domain/money at the edge of a screen.
 * The records feature imports this module read-only, so its exports stay stable.
 */
import { request, type RequestOptions } from '../../api/request';
import type { LongDragonRow, LotteryFamily } from '../../../domain/lottery';

export const inline: RequestOptions = { inline: true };

/** Rows of the latest-results strip; the hall asks for the same page so the service worker's copy serves both offline. */
export const RESULTS_STRIP_SIZE = 5;
export const B = (name: string) => `/v1/betting/${name}`;
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
