/**
 * Typed calls of the activity red envelopes (docs/activity-red-envelopes.md), under /v1/activity/.
 * Amounts are yuan strings on the wire. The list is `inline` (the page shows a refusal itself); the
 * claim is sent through the money action (a request id stored first, a retry repeats it).
 */
import { request } from '../../api/request';
import type { ActivityEnvelopeKind, FrontStatusValue } from '../../../domain/activity';

const A = (name: string) => `/v1/activity/${name}`;
const inline = { inline: true } as const;

export interface ActivityEnvelopeItem {
  id: number;
  kind: ActivityEnvelopeKind;
  kindName: string;
  title: string;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  startTime: string;
  endTime: string;
  startTimeMs: number;
  endTimeMs: number;
  totalAmount: string;
  amountEach: string | null;
  shares: number | null;
  claimedCount: number;
  condition: string;
  status: FrontStatusValue;
  reason: string;
  amount: string | null;
}

export interface ActivityClaimRecord {
  id: number;
  title: string;
  kindName: string;
  amount: string;
  time: string;
}
export interface ActivityEnvelopeList {
  serverTime: number;
  list: ActivityEnvelopeItem[];
  records: ActivityClaimRecord[];
}
export interface ClaimResult {
  id: number;
  amount: string;
  balance: string;
  applied: boolean;
}

export const getActivityRedEnvelopeNumber = () =>
  request<number>('GET', A('getActivityRedEnvelopeNumber'), undefined, { quiet: true });
export const getActivityRedEnvelopeFrontList = () =>
  request<ActivityEnvelopeList>('GET', A('getActivityRedEnvelopeFrontList'), undefined, inline);
export const receiveRedEnvelope = (id: number, requestId: string) =>
  request<ClaimResult>('POST', A('receiveRedEnvelope'), { id, requestId }, inline);
