/**
 * Calls of the agent's team reports and records (agents contract, "Reports"): the team's figures
 * over a Beijing date range, per day and per direct member, the team's bets, bills and card-game
 * rounds, and the player's own profit and profit rank. Amounts are yuan strings, times ms epoch.
 */
import type { Figures } from '../../../domain/agent/reportFigures';
import { request } from '../../api/request';
import type { BetRow } from '../lottery/betsApi';
import type { BillRow } from '../records/components/billApi';

/** The figures of a report (a team, a member's team, a day): the wire shape both sides share. */
export type { Figures };

export interface TeamReport extends Figures {
  startDate: string;
  endDate: string;
  teamBalance: string;
  memberCount: number;
}
export interface DayFigures extends Figures {
  date: string;
}
export interface PathStep {
  userId: number;
  userName: string;
}
export interface MemberFigures extends Figures {
  userId: number;
  userName: string;
  isAgent: 0 | 1;
  childCount: number;
}
/** `self`: the figures of the whole team of the level shown (userId and all below it). */
export interface ChildReport {
  self: Figures & PathStep;
  list: MemberFigures[];
  total: number;
  path: PathStep[];
}
export interface TeamBalance {
  teamBalance: string;
  memberCount: number;
  onlineCount: number;
}
export interface UserProfit extends Figures {
  list: DayFigures[];
}
export interface RankRow {
  rank: number;
  userName: string;
  profit: string;
}
export interface ProfitRank {
  list: RankRow[];
  mine: { rank: number | null; profit: string };
}

/** A team bet: the bet row of the player's own record plus whose it is. */
export type TeamBetRow = BetRow & { userName: string };
/** A team bill: the bill row of the player's own record plus whose it is. */
export type TeamBillRow = BillRow & { userName: string };

/** A card-game movement of the team (stake or payout): a bill row of the ledger's card-game codes. */
export type ChessRow = TeamBillRow;

export type ChessKind = 'Battle' | 'Banker' | 'Multi' | 'Fish';

interface Range {
  startTime: string;
  endTime: string;
}
interface Paged {
  pageNum: number;
  pageSize: number;
}

const R = (path: string) => `/v1/report/agentReport/${path}`;
const inline = { inline: true } as const;

export const getTeamReport = (q: Range) =>
  request<TeamReport>('GET', R('userAgentReport'), { ...q }, inline);
export const getTeamDays = (q: Range) =>
  request<{ list: DayFigures[] }>('GET', R('userAgentReport/detail'), { ...q }, inline).then(
    (r) => r.list,
  );
export const getChildReport = (q: Range & Paged & { userId?: number; userName?: string }) =>
  request<ChildReport>('GET', R('childReport'), { ...q }, inline);
export const getTeamBalance = () =>
  request<TeamBalance>('GET', R('teamBalance'), undefined, inline);

export const getTeamBets = (
  q: Range & Paged & { userName?: string; lotteryCode?: string; status?: string },
) =>
  request<{ list: TeamBetRow[]; total: number }>(
    'GET',
    '/v1/betting/getAgentBetData',
    { ...q },
    inline,
  );
export const getTeamBills = (q: Range & Paged & { userName?: string; type?: string }) =>
  request<{ list: TeamBillRow[]; total: number }>('GET', R('teamBill'), { ...q }, inline);
export const getTeamChess = (kind: ChessKind, q: Partial<Range> & Paged) =>
  request<{ list: ChessRow[]; total: number }>(
    'GET',
    `/v1/game/frontAgent${kind}GameRecord`,
    { ...q },
    inline,
  );

export const getUserProfit = (q: Range) =>
  request<UserProfit>('GET', '/v1/report/userReport/userProfit', { ...q }, inline);
/** dateType: 1 today, 2 this week, 3 this month */
export const getProfitRank = (dateType: 1 | 2 | 3) =>
  request<ProfitRank>('GET', '/v1/report/userReport/userProfitRank', { dateType }, inline);
