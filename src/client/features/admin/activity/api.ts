/** Operator calls of the activity red envelopes (/v1/admin/activityRedEnvelope/*). Amounts are yuan strings. */
import { request } from '../../../api/request';
import type {
  ActivityEnvelopeFields,
  ActivityEnvelopeKind,
  RequirementKind,
} from '../../../../domain/activity';

const P = (name: string) => `/v1/admin/activityRedEnvelope/${name}`;
const I = { inline: true } as const;

export interface AdminEnvelope {
  id: number;
  kind: ActivityEnvelopeKind;
  kindName: string;
  title: string;
  /** Beijing 'YYYY-MM-DD HH:mm' */
  startTime: string;
  endTime: string;
  budget: string;
  paid: string;
  shares: number | null;
  claimedCount: number;
  amount: string | null;
  minGrade: number;
  maxGrade: number;
  requirement: RequirementKind;
  requiredAmount: string;
  periodDays: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  condition: string;
  closed: boolean;
}
export interface AdminEnvelopeList {
  list: AdminEnvelope[];
  total: number;
  totalPaid: string;
  totalBudget: string;
}
export interface AdminClaim {
  userName: string;
  amount: string;
  time: string;
}
export interface AdminClaims {
  envelope: AdminEnvelope;
  list: AdminClaim[];
  total: number;
  totalPaid: string;
}

/** The form as sent: every field text, plus the id when editing. */
export type EnvelopeDraft = Required<ActivityEnvelopeFields> & { id?: number };

export const listEnvelopes = (page = 1) =>
  request<AdminEnvelopeList>('GET', P('list'), { page, pageSize: 20 }, I);
export const saveEnvelope = (d: EnvelopeDraft) =>
  request<{ id: number }>('POST', P('save'), { ...d }, I);
export const closeEnvelope = (id: number) => request<null>('POST', P('close'), { id }, I);
export const envelopeClaims = (id: number, page = 1) =>
  request<AdminClaims>('GET', P('claims'), { id, page, pageSize: 50 }, I);
