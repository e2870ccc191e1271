/**
 * The player's letters and notices (platform-api.md "Content"), under /v1/users/: messageList,
 * messageContent (marks read), unReadMessage, setMessageRead (one or all), deleteMessage (one or
 * several); announcement and announcementContent read the operator's notices (site/content.ts), open
 * to guests since the home marquee shows them to everyone. The operator's calls: adminRoutes.ts.
 * docs/content.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  LETTER_DELETE_MAX,
  MESSAGE_TYPE_NAMES,
  type MessageTypeValue,
} from '../../domain/letters.ts';
import { formatBeijing } from '../../domain/time.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { listNotices, type Notice } from '../site/content.ts';
import { Flag, Id } from '../http/schemas.ts';
import { deleteLetters, inboxPage, markRead, openLetter, unreadCount } from './store.ts';
import adminRoutes from './adminRoutes.ts';

const USER = { config: { auth: 'user' as const } };
const OPEN = { config: { auth: 'none' as const } };

const MessageTypeField = Type.Integer({ minimum: 1, maximum: 2 });
const ListQuery = Form({ pageNum: Type.Optional(PageNum), pageSize: Type.Optional(PageSize) });
const ContentQuery = Form({ id: Id, messageType: Type.Optional(MessageTypeField) });
const ReadForm = Form({ id: Type.Optional(Id), all: Type.Optional(Flag) });
/** `ids` is a JSON array string (arrays travel as JSON strings), e.g. `[3,5]` */
const DeleteForm = Form({
  id: Type.Optional(Id),
  ids: Type.Optional(Type.String({ minLength: 2, maxLength: 2000 })),
});
const NoticeQuery = Form({ id: Id });

/** The ids of deleteMessage: `id`, or `ids` as a JSON array of distinct positive integers. */
export function parseDeleteIds(body: Static<typeof DeleteForm>): number[] {
  if (body.id !== undefined && body.ids !== undefined) refuse('请只选择一种删除方式');
  if (body.id !== undefined) return [body.id];
  if (body.ids === undefined) refuse('请选择要删除的消息');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.ids);
  } catch {
    refuse('消息编号格式不正确');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) refuse('请选择要删除的消息');
  if (parsed.length > LETTER_DELETE_MAX) refuse(`一次最多删除${LETTER_DELETE_MAX}条消息`);
  if (!parsed.every((x) => Number.isSafeInteger(x) && (x as number) > 0))
    refuse('消息编号格式不正确');
  const ids = parsed as number[];
  if (new Set(ids).size !== ids.length) refuse('消息编号重复');
  return ids;
}

const messageTypeName = (t: MessageTypeValue) => MESSAGE_TYPE_NAMES[t];

function noticeItem(n: Notice) {
  return {
    id: n.id,
    title: n.title,
    createTime: formatBeijing(n.createdAt),
    createTimeMs: n.createdAt,
  };
}

export default async function letterRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/users/messageList',
    { ...USER, schema: { querystring: ListQuery } },
    async (req) => {
      const { limit, offset } = paging(req.query.pageNum, req.query.pageSize);
      const page = await inboxPage(sql, loggedIn(req).userId, limit, offset);
      return ok({
        list: page.list.map((m) => ({
          id: m.id,
          title: m.title,
          messageType: m.messageType,
          messageTypeName: messageTypeName(m.messageType),
          isRead: m.read ? 1 : 0,
          createTime: formatBeijing(m.createdAtMs),
          createTimeMs: m.createdAtMs,
        })),
        total: page.total,
        unread: page.unread,
        pageNum: req.query.pageNum ?? 1,
        pageSize: limit,
      });
    },
  );

  app.get<{ Querystring: Static<typeof ContentQuery> }>(
    '/v1/users/messageContent',
    { ...USER, schema: { querystring: ContentQuery } },
    async (req) => {
      const m = await openLetter(sql, loggedIn(req).userId, req.query.id, req.query.messageType);
      return ok({
        id: m.id,
        title: m.title,
        content: m.content,
        messageType: m.messageType,
        messageTypeName: messageTypeName(m.messageType),
        isRead: 1,
        createTime: formatBeijing(m.createdAtMs),
        createTimeMs: m.createdAtMs,
      });
    },
  );

  app.get('/v1/users/unReadMessage', USER, async (req) =>
    ok({ count: await unreadCount(sql, loggedIn(req).userId) }),
  );

  app.post<{ Body: Static<typeof ReadForm> }>(
    '/v1/users/setMessageRead',
    { ...USER, schema: { body: ReadForm } },
    async (req) => {
      const { id, all } = req.body;
      if (id !== undefined && all !== undefined) refuse('请只选择一种标记方式');
      if (id === undefined && all !== '1') refuse('请选择要标为已读的消息');
      const changed = await markRead(sql, loggedIn(req).userId, id ?? null);
      return ok({ changed, unread: await unreadCount(sql, loggedIn(req).userId) });
    },
  );

  app.post<{ Body: Static<typeof DeleteForm> }>(
    '/v1/users/deleteMessage',
    { ...USER, schema: { body: DeleteForm } },
    async (req) => {
      const ids = parseDeleteIds(req.body);
      const deleted = await deleteLetters(sql, loggedIn(req).userId, ids);
      return ok({ deleted, unread: await unreadCount(sql, loggedIn(req).userId) });
    },
  );

  app.get('/v1/users/announcement', OPEN, async () =>
    ok({ list: (await listNotices(sql)).map(noticeItem) }),
  );

  app.get<{ Querystring: Static<typeof NoticeQuery> }>(
    '/v1/users/announcementContent',
    { ...OPEN, schema: { querystring: NoticeQuery } },
    async (req) => {
      const notice = (await listNotices(sql)).find((n) => n.id === req.query.id);
      if (!notice) refuse('公告不存在或已下线');
      return ok({ ...noticeItem(notice), content: notice.content });
    },
  );

  await app.register(adminRoutes);
}
