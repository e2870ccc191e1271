/** Typed calls of the withdraw feature (docs/withdraw.md). */
import { request } from '../../api/request';
import { formatBeijing } from '../../../domain/time';
import type {
  WithdrawSettingsWire,
  WithdrawStatus,
  WithdrawTargetKind,
} from '../../../domain/withdraw';

const inline = { inline: true } as const;

export interface FrontSettings extends WithdrawSettingsWire {
  usedToday: number;
  remainingCount: number;
  isOpen: boolean;
}
export interface TurnoverFlow {
  id: number;
  source: string;
  sourceName: string;
  amount: string;
  required: string;
  done: string;
  remaining: string;
  createdAt: number;
}
export interface TurnoverList {
  list: TurnoverFlow[];
  totalRequired: string;
  totalDone: string;
  totalRemaining: string;
}
export interface WithdrawOrder {
  id: number;
  orderNo: string;
  amount: string;
  fee: string;
  arrival: string;
  status: WithdrawStatus;
  statusName: string;
  targetKind: WithdrawTargetKind;
  accountName: string;
  accountNo: string;
  realName: string;
  remark: string;
  createdAt: number;
  decidedAt: number | null;
}
export interface AdminWithdrawOrder extends WithdrawOrder {
  userId: number;
  userName: string;
  operatorName: string;
}
export interface SaveResult {
  order: WithdrawOrder;
  balance: string;
  balanceFen: number;
  applied: boolean;
}

/** The bound accounts a withdrawal can go to (the cards feature's lists, only the fields used here). */
export interface BoundCard {
  id: number;
  kind: 'bank' | 'alipay' | 'weixin';
  bankName: string;
  accountNo: string;
}
export interface BoundAddress {
  id: number;
  currency: string;
  protocol: string;
  address: string;
}

export const getSettings = () =>
  request<FrontSettings>(
    'GET',
    '/v1/users/queryUsersTenantConfigWithdrawSettingFront',
    undefined,
    inline,
  );
export const getTurnover = () =>
  request<TurnoverList>('GET', '/v1/transaction/getWithdrawLimitFlowList', undefined, inline);
export const getBalance = () =>
  request<{ balance: string; balanceFen: number }>(
    'GET',
    '/v1/balance/queryBalanceFront',
    undefined,
    inline,
  );
export const getCards = () =>
  request<{ list: BoundCard[] }>('GET', '/v1/users/getBankCardListFront', undefined, inline);
export const getAddresses = () =>
  request<{ list: BoundAddress[] }>('GET', '/v1/users/queryDigitalCurrencyList', undefined, inline);

export interface SaveForm {
  amount: string;
  cardId?: number;
  addressId?: number;
  safetyPassword: string;
  requestId: string;
}
export const saveWithdraw = (f: SaveForm) =>
  request<SaveResult>('POST', '/v1/transaction/saveFrontWithdrawRecord', { ...f }, inline);

export const getRecords = (page: number, status?: WithdrawStatus) =>
  request<{ list: WithdrawOrder[]; total: number }>(
    'GET',
    '/v1/transaction/withdrawRecordList',
    { page, pageSize: 20, status },
    inline,
  );

// operator
export const adminList = (page: number, status?: WithdrawStatus, userName?: string) =>
  request<{ list: AdminWithdrawOrder[]; total: number }>(
    'GET',
    '/v1/admin/withdraw/list',
    { page, pageSize: 20, status, userName: userName || undefined },
    inline,
  );
export const adminApprove = (id: number) =>
  request<{ id: number; status: WithdrawStatus }>(
    'POST',
    '/v1/admin/withdraw/approve',
    { id },
    inline,
  );
export const adminReject = (id: number, remark: string) =>
  request<{ id: number; status: WithdrawStatus }>(
    'POST',
    '/v1/admin/withdraw/reject',
    { id, remark },
    inline,
  );
export const adminGetSettings = () =>
  request<WithdrawSettingsWire>('GET', '/v1/admin/withdraw/settings', undefined, inline);
export const adminSaveSettings = (s: Record<string, string | number | boolean>) =>
  request<WithdrawSettingsWire>('POST', '/v1/admin/withdraw/settings', s, inline);

export const fmtTime = (ms: number | null) => (ms ? formatBeijing(ms) : '-');
