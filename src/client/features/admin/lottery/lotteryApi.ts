/** Operator lottery API (/v1/admin/lottery/..., docs/lottery-design.md "Operator"). */
import { request } from '../../../api/request';
import type { LotteryFamily } from '../../../../domain/lottery';

/** Odds overrides per play code and tier id, as decimal odds (48.5). */
export type OddsOverrides = Record<string, Record<string, number | string>>;

export interface AdminLottery {
  lotteryCode: string;
  lotteryName: string;
  family: LotteryFamily;
  source: 'self' | 'official';
  closeLeadSec: number;
  enabled: boolean;
  sort: number;
  prizeGroupCap: number;
  odds: OddsOverrides;
  /** payout caps in force, the lottery's own (null = the family's default) and that default, yuan text */
  maxPayoutPerBet: string;
  maxPayoutPerIssue: string;
  ownMaxPayoutPerBet: string | null;
  ownMaxPayoutPerIssue: string | null;
  defaultMaxPayoutPerBet: string;
  defaultMaxPayoutPerIssue: string;
}
export type IssueStatus = 'pending' | 'drawn' | 'settled' | 'cancelled';
export interface AdminIssue {
  issue: string;
  closeTime: number;
  openTime: number;
  status: IssueStatus;
  openNumber: string | null;
}

const I = { inline: true } as const;
const P = '/v1/admin/lottery';
/** Enough for a day of a fast game's recent issues. */
const ISSUES_PAGE_SIZE = 50;
export const listLotteries = () =>
  request<{ list: AdminLottery[] }>('GET', `${P}/list`, undefined, I);
/** Payout caps are whole yuan text; '' puts a cap back to the family's default. */
export const updateLottery = (p: {
  lotteryCode: string;
  enabled?: boolean;
  prizeGroupCap?: number;
  closeLeadSec?: number;
  maxPayoutPerBet?: string;
  maxPayoutPerIssue?: string;
}) => request<AdminLottery>('POST', `${P}/update`, p, I);
/** An empty `odds` puts the tier back to its default. */
export const setOdds = (p: {
  lotteryCode: string;
  playCode: string;
  tierId: string;
  odds: string;
}) => request<AdminLottery>('POST', `${P}/odds`, p, I);
export const listIssues = (lotteryCode: string, status?: 'awaiting') =>
  request<{ list: AdminIssue[]; total: number }>(
    'GET',
    `${P}/issues`,
    { lotteryCode, status, pageSize: ISSUES_PAGE_SIZE },
    I,
  );
export const openResult = (p: { lotteryCode: string; issue: string; result: string }) =>
  request<{ issue: string; status: IssueStatus }>('POST', `${P}/openResult`, p, I);
/** Official games only; the reason is published with the correction. */
export const correctResult = (p: {
  lotteryCode: string;
  issue: string;
  result: string;
  reason?: string;
}) => request<{ issue: string; resultVersion: number }>('POST', `${P}/correctResult`, p, I);
export const cancelIssue = (p: { lotteryCode: string; issue: string; remark: string }) =>
  request<{ refunded: number }>('POST', `${P}/cancelIssue`, p, I);
