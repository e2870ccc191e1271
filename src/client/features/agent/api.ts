/**
 * Typed calls of the agent screens (/agentIntro, /manageIcode, /manageInvite, /agentMember), through
 * the one request function. Points travel as the wire map `{"SSC":"7.5",...}` (a JSON string in a
 * POST body); pages work with domain RebatePoints and convert here. Passwords are hashed here with
 * the same credential hash the register call sends.
 */
import { request } from '../../api/request';
import { loginPasswordHash } from '../../../domain/credentials';
import { pointsToWire, type RebateFamily, type RebatePoints } from '../../../domain/agent/points';

const inline = { inline: true } as const;
const U = (name: string) => `/v1/users/${name}`;

/** Points as the server sends them: one point string per family. */
export type WirePoints = Record<RebateFamily, string>;
export type AgentFlag = 0 | 1;
export interface Paged<T> {
  list: T[];
  total: number;
}
export interface Crumb {
  userId: number;
  userName: string;
}

export interface InviteCode {
  id: number;
  inviteCode: string;
  isAgent: AgentFlag;
  rebate: WirePoints;
  remark: string;
  useCount: number;
  createTime: number;
}

export interface TeamMember {
  userId: number;
  userName: string;
  isAgent: AgentFlag;
  online: boolean;
  balance: string;
  lastLoginTime: number | null;
  rebate: WirePoints;
  grade: number;
  registerTime: number;
  childCount: number;
}

export interface MemberPoints {
  userId: number;
  userName: string;
  isAgent: AgentFlag;
  rebate: WirePoints;
  /** the highest point per family among the member's own direct members (absent: none) */
  minRebate: Partial<WirePoints>;
  /** my own points */
  maxRebate: WirePoints;
}

const wire = (points: RebatePoints) => JSON.stringify(pointsToWire(points));

export function myRebate() {
  return request<{ isAgent: AgentFlag; rebate: WirePoints; defaultRebate?: WirePoints }>(
    'GET',
    U('rebate'),
    undefined,
    inline,
  );
}

export function inviteCodes(isAgent: AgentFlag, pageNum: number, pageSize: number) {
  return request<Paged<InviteCode>>('GET', U('inviteCode'), { isAgent, pageNum, pageSize }, inline);
}

export function createInviteCode(isAgent: AgentFlag, points: RebatePoints, remark: string) {
  return request<{ id: number; inviteCode: string }>(
    'POST',
    U('createInviteCode'),
    { rebate: wire(points), isAgent, remark },
    inline,
  );
}

export function updateInviteCodeRemark(inviteCodeId: number, remark: string) {
  return request<null>('POST', U('updateInviteCodeRemark'), { inviteCodeId, remark }, inline);
}

export function deleteInviteCode(inviteCodeId: number) {
  return request<null>('POST', U('deleteInviteCode'), { inviteCodeId }, inline);
}

export interface TeamFilter {
  parentId: number | null;
  userName: string;
}

export function userManage(filter: TeamFilter, pageNum: number, pageSize: number) {
  return request<Paged<TeamMember> & { path: Crumb[] }>(
    'GET',
    U('userManage'),
    {
      userName: filter.userName || undefined,
      isAgent: -1,
      parentId: filter.parentId ?? undefined,
      pageNum,
      pageSize,
    },
    inline,
  );
}

export function userManageList(userId: number) {
  return request<MemberPoints>('GET', U('userManageList'), { userId }, inline);
}

export function updateLowerRebate(userId: number, points: RebatePoints) {
  return request<null>('POST', U('updateLowerRebate'), { userId, rebate: wire(points) }, inline);
}

export function createLowerUser(
  userName: string,
  password: string,
  isAgent: AgentFlag,
  points: RebatePoints,
) {
  return request<{ userId: number }>(
    'POST',
    U('createLowerUser'),
    {
      userName,
      password: loginPasswordHash(userName, password),
      isAgent,
      rebate: wire(points),
    },
    inline,
  );
}
