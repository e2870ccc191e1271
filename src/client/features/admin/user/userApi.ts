/** Calls of the operator's page of one user (/v1/admin/users/...; the lists by user name are the panels' own calls). */
import { request } from '../../../api/request';
import type { AdminUser } from '../api';

export interface UserDetail {
  profile: {
    userId: number;
    userName: string;
    realName: string;
    nickName: string;
    phone: string;
    email: string;
    qq: string;
    status: AdminUser['status'];
    agent: boolean;
    operator: boolean;
    online: boolean;
    createdAt: number;
    registerIp: string;
    lastLoginAt: number | null;
    lastLoginIp: string;
  };
  grade: { grade: number; name: string };
  uplines: { userId: number; userName: string; depth: number }[];
  balances: { kind: string; name: string; balance: string }[];
  cards: {
    id: number;
    kind: 'bank' | 'alipay' | 'weixin';
    bankName: string;
    accountNo: string;
    realName: string;
    createdAt: number;
  }[];
  turnover: { required: string; done: string; remaining: string; flows: TurnoverRow[] };
}
export interface TurnoverRow {
  id: number;
  source: string;
  base: string;
  required: string;
  done: string;
  remaining: string;
  createdAt: number;
}
export interface BetRow {
  orderNo: string;
  lotteryName: string;
  issue: string;
  playName: string;
  bettingNumber: string;
  amount: string;
  payout: string;
  status: string;
  statusText: string;
  createdAt: number;
}
export interface LoginRow {
  id: number;
  ip: string;
  userAgent: string;
  createdAt: number;
}

const I = { inline: true } as const;
export const USER_PAGE_SIZE = 20;

export const getUserDetail = (userId: number) =>
  request<UserDetail>('GET', '/v1/admin/users/detail', { userId }, I);
export const getUserBets = (userId: number, page: number) =>
  request<{ list: BetRow[]; total: number }>(
    'GET',
    '/v1/admin/users/bets',
    { userId, page, pageSize: USER_PAGE_SIZE },
    I,
  );
export const getUserLogins = (userId: number, page: number) =>
  request<{ list: LoginRow[]; total: number }>(
    'GET',
    '/v1/admin/users/logins',
    { userId, page, pageSize: USER_PAGE_SIZE },
    I,
  );
/** `password` is the credential hash of the temporary password (src/domain/credentials.ts). */
export const resetUserPassword = (userId: number, password: string) =>
  request<{ ended: number }>('POST', '/v1/admin/users/resetPassword', { userId, password }, I);
export const waiveUserTurnover = (userId: number, reason: string, flowId?: number) =>
  request<{ waived: number }>(
    'POST',
    '/v1/admin/users/waiveTurnover',
    { userId, reason, flowId },
    I,
  );
