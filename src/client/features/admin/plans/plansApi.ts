/** The operator's push plan calls (/v1/admin/plans/*, docs/push-plans.md). */
import { request } from '../../../api/request';

const I = { inline: true } as const;
const P = '/v1/admin/plans';

export interface AdminPlan {
  id: number;
  name: string;
  lotteryCode: string;
  lotteryName: string;
  playDetailCode: string;
  rule: string;
  ruleName: string;
  windowSize: number;
  pickCount: number;
  roomCodes: string;
  enabled: number;
  totalWinRate: string;
  todayWinRate: string;
}
export interface PlanForm {
  id?: number;
  name: string;
  lotteryCode: string;
  playDetailCode: string;
  rule: string;
  windowSize: number;
  pickCount: number;
  roomCodes: string;
  enabled: 0 | 1;
}
export interface PlanPlay {
  playDetailCode: string;
  name: string;
  maxPick: number;
}

export const listPlans = () =>
  request<{ list: AdminPlan[]; rules: { rule: string; name: string }[] }>(
    'GET',
    `${P}/list`,
    undefined,
    I,
  );
export const planPlays = (lotteryCode: string) =>
  request<PlanPlay[]>('GET', `${P}/plays`, { lotteryCode }, I);
export const savePlan = ({ id, ...f }: PlanForm) =>
  request<{ id: number }>('POST', `${P}/save`, id ? { ...f, id } : f, I);
export const deletePlan = (id: number) => request<null>('POST', `${P}/delete`, { id }, I);
