/** Operator API (/v1/admin/...). */
import { request } from '../../api/request';
import { formatBeijing } from '../../../domain/time';

export interface AdminUser {
  userId: number;
  userName: string;
  agent: boolean;
  operator: boolean;
  status: 'active' | 'frozen' | 'disabled';
  balance: string;
  createdAt: number;
  lastLoginAt: number | null;
  online: boolean;
}
export interface SiteStatusFull {
  maintenance: boolean;
  maintenanceMessage: string;
  closed: boolean;
  closedMessage: string;
  ipMode: 'off' | 'allow' | 'deny';
  ipList: string[];
}
export interface OutboxRow {
  id: number;
  channel: string;
  target: string;
  purpose: string;
  message: string;
  userId: number | null;
  createdAt: number;
}
export interface TransferRow {
  id: number;
  transferId: string;
  typeCode: number;
  typeName: string;
  amount: string;
  balanceAfter: string;
  remark: string;
  userName: string;
  operatorName: string;
  createdAt: number;
}
export interface AdjustResult {
  transferId: string;
  balance: string;
  balanceFen: number;
  applied: boolean;
}

const I = { inline: true } as const;
export const searchUsers = (keyword: string, page = 1, status?: AdminUser['status']) =>
  request<{ list: AdminUser[]; total: number }>(
    'GET',
    '/v1/admin/users/list',
    { keyword: keyword || undefined, status, page, pageSize: 20 },
    I,
  );
export const forceLogout = (userId: number, message?: string) =>
  request<{ ended: number }>(
    'POST',
    '/v1/admin/users/forceLogout',
    { userId, message: message || undefined },
    I,
  );
export const setStatus = (userId: number, status: AdminUser['status']) =>
  request<null>('POST', '/v1/admin/users/setStatus', { userId, status }, I);
export const adjustBalance = (p: {
  userName: string;
  amount: string;
  remark: string;
  requestId: string;
}) => request<AdjustResult>('POST', '/v1/admin/balance/adjust', p, I);
export const getStatus = () =>
  request<SiteStatusFull>('GET', '/v1/admin/site/status', undefined, I);
export const saveStatus = (p: Record<string, string | boolean>) =>
  request<SiteStatusFull>('POST', '/v1/admin/site/status', p, I);
export const getOutbox = (page = 1) =>
  request<{ list: OutboxRow[]; total: number }>(
    'GET',
    '/v1/admin/codes/outbox',
    { page, pageSize: 30 },
    I,
  );
export const getTransfers = (userName: string, page = 1) =>
  request<{ list: TransferRow[]; total: number }>(
    'GET',
    '/v1/admin/ledger/transfers',
    { userName: userName || undefined, page, pageSize: 30 },
    I,
  );

/** An operator reads the same Beijing time the players see. */
export const fmtTime = (ms: number | null) => (ms ? formatBeijing(ms) : '-');
