/** Operator agent calls (/v1/admin/agents/*, docs/agents.md "Operator") and the VIP grade settings. */
import { request } from '../../../api/request';
import type { RebateFamily } from '../../../../domain/agent/points';
import type { GradeLevelWire } from '../../../../domain/grades';

export type RebateWire = Record<RebateFamily, string>;
export interface PathStep {
  userId: number;
  userName: string;
}
export interface AgentRow {
  userId: number;
  userName: string;
  isAgent: 0 | 1;
  childCount: number;
  teamCount: number;
  rebate: RebateWire;
  balance: string;
}
export interface AgentSearchRow extends AgentRow {
  path: PathStep[];
}

/** The report figures (agents contract "Figures object F"): amounts in yuan strings, counts as numbers. */
export interface Figures {
  betAmount: string;
  validBetAmount: string;
  prizeAmount: string;
  rebateAmount: string;
  activityAmount: string;
  redEnvelopeAmount: string;
  walletIncome: string;
  otherAmount: string;
  pendingBetAmount: string;
  rechargeAmount: string;
  withdrawAmount: string;
  profit: string;
  firstRechargeCount: number;
  newMemberCount: number;
  activeMemberCount: number;
  betMemberCount: number;
}
export interface SiteReport extends Figures {
  list: (Figures & { userId: number; userName: string })[];
}

const I = { inline: true } as const;
export const TREE_PAGE_SIZE = 50;

export const agentTree = (parentId: number, pageNum: number) =>
  request<{ list: AgentRow[]; total: number; path: PathStep[] }>(
    'GET',
    '/v1/admin/agents/tree',
    { parentId, pageNum, pageSize: TREE_PAGE_SIZE },
    I,
  );
export const searchAgents = (userName: string) =>
  request<{ list: AgentSearchRow[]; total: number }>(
    'GET',
    '/v1/admin/agents/search',
    { userName },
    I,
  );
export const moveMember = (userId: number, parentId: number) =>
  request<null>('POST', '/v1/admin/agents/move', { userId, parentId }, I);
export const getDefaultRebate = () =>
  request<{ rebate: RebateWire }>('GET', '/v1/admin/agents/defaultRebate', undefined, I);
export const saveDefaultRebate = (rebate: RebateWire) =>
  request<{ rebate: RebateWire }>(
    'POST',
    '/v1/admin/agents/defaultRebate',
    { rebate: JSON.stringify(rebate) },
    I,
  );
export const siteAgentReport = (startTime: string, endTime: string) =>
  request<SiteReport>('GET', '/v1/admin/agents/report', { startTime, endTime }, I);

/** The grade ladder (/v1/admin/grades/levels): each tier's thresholds in yuan and its benefits text. */
export const getGradeLevels = () =>
  request<{ list: GradeLevelWire[] }>('GET', '/v1/admin/grades/levels', undefined, I);
export const saveGradeLevels = (
  levels: Pick<GradeLevelWire, 'grade' | 'rechargeAmount' | 'validBetAmount' | 'benefits'>[],
) =>
  request<{ list: GradeLevelWire[] }>(
    'POST',
    '/v1/admin/grades/levels',
    { levels: JSON.stringify(levels) },
    I,
  );
