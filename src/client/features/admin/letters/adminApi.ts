/** Operator calls of letters (/v1/admin/letters/*, docs/content.md). */
import { request } from '../../../api/request';
import type { LetterAudience } from '../../../../domain/letters';

const P = (name: string) => `/v1/admin/letters/${name}`;
const I = { inline: true } as const;

export interface AdminLetter {
  id: number;
  audience: LetterAudience;
  /** 全部会员 / 等级 VIP3 黄金 / 会员 name */
  audienceText: string;
  toGrade: number | null;
  toUserName: string | null;
  messageTypeName: string;
  title: string;
  content: string;
  /** players who have opened it (or marked it read) */
  readCount: number;
  operatorName: string;
  createTime: string;
}
export interface AdminLetterList {
  list: AdminLetter[];
  total: number;
}
export interface LetterDraft {
  audience: LetterAudience;
  userName: string;
  grade: number;
  title: string;
  content: string;
}

export const ADMIN_LETTER_PAGE_SIZE = 20;

export const listLetters = (page: number) =>
  request<AdminLetterList>('GET', P('list'), { page, pageSize: ADMIN_LETTER_PAGE_SIZE }, I);
export const sendLetter = (d: LetterDraft) =>
  request<{ id: number }>(
    'POST',
    P('send'),
    {
      audience: d.audience,
      title: d.title,
      content: d.content,
      ...(d.audience === 'user' ? { userName: d.userName.trim() } : {}),
      ...(d.audience === 'grade' ? { grade: d.grade } : {}),
    },
    I,
  );
export const deleteLetter = (id: number) => request<null>('POST', P('delete'), { id }, I);
