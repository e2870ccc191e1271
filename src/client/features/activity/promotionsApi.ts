/**
 * Typed calls of the promotions (docs/content.md "Activities"), under /v1/activity/. Amounts are yuan
 * strings on the wire. The list and detail are open to guests; a sign-in or claim is a money action
 * (its request id stored before it is sent, a retry repeats it).
 */
import { request } from '../../api/request';
import type { ActivityKind, ActivityStateValue } from '../../../domain/activity';

const A = (name: string) => `/v1/activity/${name}`;
const inline = { inline: true } as const;

export interface ActivityCategory {
  type: number;
  name: string;
}
export interface ActivityItem {
  id: number;
  type: number;
  typeName: string;
  kind: ActivityKind;
  kindName: string;
  title: string;
  summary: string;
  coverImage: string;
  /** Beijing 'YYYY-MM-DD HH:mm' */
  startTime: string;
  endTime: string;
  state: ActivityStateValue;
  /** why it cannot be claimed now ('' when it can) */
  reason: string;
  /** claimable: what a claim pays now; claimed: what was paid */
  amount: string | null;
  streak: number | null;
}
export interface ActivityList {
  serverTime: number;
  categories: ActivityCategory[];
  list: ActivityItem[];
}
export interface ActivityDetail extends ActivityItem {
  serverTime: number;
  content: string;
  ruleLines: string[];
  checkinRewards: string[] | null;
}
export interface CheckinToday extends ActivityDetail {
  signedToday: boolean;
  recentDays: { date: string; signed: boolean; today: boolean }[];
}
export interface PromoClaim {
  id: number;
  amount: string;
  streak: number | null;
  balance: string;
  applied: boolean;
}
export interface ActivityRecord {
  id: number;
  activityId: number;
  title: string;
  kindName: string;
  typeName: string;
  amount: string;
  streak: number | null;
  time: string;
}
export interface ActivityRecords {
  total: number;
  totalAmount: string;
  list: ActivityRecord[];
}

export const getActivityList = (type: number) =>
  request<ActivityList>('GET', A('getActivityList'), { type }, inline);
export const getActivityDetails = (id: number) =>
  request<ActivityDetail>('GET', A('getActivityDetails'), { id }, inline);
export const checkinSignIn = (id: number, requestId: string) =>
  request<PromoClaim>('POST', A('checkin/signIn'), { id, requestId }, inline);
export const receiveActivityReward = (id: number, requestId: string) =>
  request<PromoClaim>('POST', A('receiveActivityReward'), { id, requestId }, inline);
export const getActivityRecordList = (pageNum: number, pageSize = 20) =>
  request<ActivityRecords>('GET', A('getActivityRecordList'), { pageNum, pageSize }, inline);
export const getCheckinToday = (id: number) =>
  request<CheckinToday>('GET', A('checkin/today'), { id }, inline);
