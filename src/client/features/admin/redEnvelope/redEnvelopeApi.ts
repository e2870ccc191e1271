/**
 * The operator's red-envelope calls (notes/envelope-api.md "Operator"): per-grade limits (grade
 * -1000 is the default row), the envelope list with its filters, one envelope's receipts, and the
 * room-wide system envelope funded by the house.
 */
import { request } from '../../../api/request';
import type { ChatMessage } from '../../chat/api';

const I = { inline: true } as const;
/** the grade key of the default limits row */
export const DEFAULT_GRADE = -1000;

export interface GradeLimits {
  grade: number;
  maxAmount: string;
  dayLimitAmount: string;
  dayLimitCount: number;
}
export interface AdminEnvelope {
  recordCode: string;
  userName: string;
  type: number;
  num: number;
  receiveNum: number;
  amount: string;
  remainingAmount: string;
  receiveAmount: string;
  /** 0 open, 1 expired (refund pending), 4 refunded, 5 all taken */
  status: number;
  isSystem: number;
  isDirect: number;
  roomCode: string;
  roomTitle: string;
  wishingRemark: string;
  createTime: string;
  expireTime: string;
}
export interface Receipt {
  userName: string;
  amount: string;
  seq: number;
  receiveTime: string;
}
export interface EnvelopeFilter {
  userName: string;
  type: number;
  status: number;
  recordCode: string;
  startTime: string;
  endTime: string;
  pageNum: number;
}
export const ADMIN_PAGE_SIZE = 20;

export const getLimits = () =>
  request<{ perGrade: GradeLimits[]; default: GradeLimits }>(
    'GET',
    '/v1/admin/redEnvelope/config',
    undefined,
    I,
  );
export const saveLimits = (l: GradeLimits) =>
  request<null>('POST', '/v1/admin/redEnvelope/config', { ...l }, I);
export const removeLimits = (grade: number) =>
  request<null>('POST', '/v1/admin/redEnvelope/config', { grade, remove: 1 }, I);

export const listEnvelopes = (f: EnvelopeFilter) =>
  request<{ list: AdminEnvelope[]; total: number }>(
    'GET',
    '/v1/transfer/queryReceiveRedEnvelopeList',
    { ...f, pageSize: ADMIN_PAGE_SIZE },
    I,
  );
export const getReceipts = (recordId: string) =>
  request<{ list: Receipt[]; total: number }>(
    'GET',
    '/v1/transfer/queryPersonaRedEnvelopeCircumstance',
    { recordId },
    I,
  );

export const sendSystemEnvelope = (
  f: { roomCode: string; num: string; type: 1 | 2; amount: string; wishingRemark: string },
  requestId: string,
) => request<ChatMessage>('POST', '/v1/admin/redEnvelope/system', { ...f, requestId }, I);

export const STATUS_LABEL: Record<number, string> = {
  0: '进行中',
  1: '已过期待退回',
  4: '已退回',
  5: '已抢完',
};
