/** Operator calls of the promotions (/v1/admin/activities/*). Amounts are yuan strings; times Beijing 'YYYY-MM-DD HH:mm'. */
import { request } from '../../../api/request';
import type { ActivityFields, ActivityKind } from '../../../../domain/activity';

const P = (name: string) => `/v1/admin/activities/${name}`;
const I = { inline: true } as const;

export interface AdminActivity {
  id: number;
  category: number;
  categoryName: string;
  kind: ActivityKind;
  kindName: string;
  title: string;
  summary: string;
  coverImage: string;
  content: string;
  startTime: string;
  endTime: string;
  sort: number;
  enabled: boolean;
  /** JSON of the rule's form fields (domain RuleFields) */
  rule: string;
  ruleLines: string[];
  claimCount: number;
  claimPaid: string;
}
export interface AdminActivityClaim {
  id: number;
  userName: string;
  period: string;
  amount: string;
  base: string;
  streak: number | null;
  typeName: string;
  time: string;
}

export const listActivities = (page = 1) =>
  request<{ total: number; list: AdminActivity[] }>('GET', P('list'), { page, pageSize: 50 }, I);
export const saveActivity = (f: ActivityFields & { id?: number }) =>
  request<{ id: number; content: string }>('POST', P('save'), { ...f }, I);
export const setActivityEnabled = (id: number, enabled: boolean) =>
  request<null>('POST', P('setEnabled'), { id, enabled: enabled ? '1' : '0' }, I);
export const deleteActivity = (id: number) => request<null>('POST', P('delete'), { id }, I);
export const activityClaims = (id: number, page = 1) =>
  request<{ total: number; totalPaid: string; list: AdminActivityClaim[] }>(
    'GET',
    P('claims'),
    { id, page, pageSize: 50 },
    I,
  );
export const uploadActivityImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ url: string }>('POST', P('uploadImage'), undefined, { ...I, upload: form });
};
