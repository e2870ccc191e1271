/**
 * Typed calls of letters (站内信) and notices (platform-api.md "Content", docs/content.md), under
 * /v1/users/. The reads are `inline` (the pages show a failure themselves); the unread count is
 * `quiet` (a badge that cannot load is simply not shown).
 */
import { request } from '../../api/request';
import type { MessageTypeValue } from '../../../domain/letters';

const U = (name: string) => `/v1/users/${name}`;
const inline = { inline: true } as const;

export interface LetterItem {
  id: number;
  title: string;
  messageType: MessageTypeValue;
  messageTypeName: string;
  /** 1 read, 0 unread */
  isRead: 0 | 1;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  createTime: string;
  createTimeMs: number;
}
export interface LetterPage {
  list: LetterItem[];
  total: number;
  unread: number;
  pageNum: number;
  pageSize: number;
}
export interface Letter extends LetterItem {
  content: string;
}
export interface InboxChange {
  unread: number;
}

export interface NoticeItem {
  id: number;
  title: string;
  createTime: string;
  createTimeMs: number;
}
export interface NoticeDetail extends NoticeItem {
  content: string;
}

export const LETTER_PAGE_SIZE = 20;

export const messageList = (pageNum: number) =>
  request<LetterPage>('GET', U('messageList'), { pageNum, pageSize: LETTER_PAGE_SIZE }, inline);
export const messageContent = (id: number, messageType?: number) =>
  request<Letter>('GET', U('messageContent'), { id, messageType }, inline);
export const unReadMessage = () =>
  request<{ count: number }>('GET', U('unReadMessage'), undefined, { quiet: true }).then(
    (r) => r.count,
  );
export const setMessageRead = (target: { id: number } | { all: true }) =>
  request<InboxChange & { changed: number }>(
    'POST',
    U('setMessageRead'),
    'id' in target ? { id: target.id } : { all: '1' },
    inline,
  );
export const deleteMessage = (ids: number[]) =>
  request<InboxChange & { deleted: number }>(
    'POST',
    U('deleteMessage'),
    ids.length === 1 ? { id: ids[0] } : { ids: JSON.stringify(ids) },
    inline,
  );

export const announcement = () =>
  request<{ list: NoticeItem[] }>('GET', U('announcement'), undefined, inline).then((r) => r.list);
export const announcementContent = (id: number) =>
  request<NoticeDetail>('GET', U('announcementContent'), { id }, inline);
