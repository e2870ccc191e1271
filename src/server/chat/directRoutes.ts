/**
 * Private rooms (type 7) under /v1/chat/: open one (getDirectRoomWeb, by the spec's rule that one
 * of the two is a manager), list them with read state, send, read, mark read, recall, and the
 * member remarks managers keep. Another user's room is refused as if it did not exist.
 */
import type { FastifyInstance } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse } from '../http/envelope.ts';
import { directRefusal, historyPageSize, isUnread } from '../../domain/chat/access.ts';
import {
  DIRECT_MESSAGE_LENGTH,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  ROOM_PAGE_SIZE,
} from '../../domain/chat/constants.ts';
import { messageKind, stripTags } from '../../domain/chat/messageTypes.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { formatBeijing } from '../../domain/time.ts';
import { historyPage } from './messages.ts';
import { directRoomOf, isAnyManager } from './rooms.ts';
import { sendToRoom } from './send.ts';
import { withEnvelopeState } from '../redEnvelope/view.ts';
import {
  AddDirectMessageBody,
  DirectMessageBody,
  DirectMessageListQuery,
  DirectRoomQuery,
  PagingQuery,
  RemarkBody,
  RemarkQuery,
  type AddDirectMessage,
  type DirectMessage,
  type DirectMessageListQ,
  type DirectRoomQ,
  type Paging,
  type Remark,
  type RemarkQ,
} from './schemas.ts';
import { paging } from '../http/paging.ts';

const USER = { auth: 'user' as const };

interface DirectItemRow {
  room_id: number;
  peer_id: number;
  user_name: string;
  nick_name: string | null;
  avatar: string | null;
  message_read_id: number;
  latest_id: number | null;
  latest_type: number | null;
  latest_body: string | null;
  latest_at: Date | null;
  total: number;
}

function directItem(r: DirectItemRow) {
  const kind = r.latest_type === null ? null : messageKind(r.latest_type);
  return {
    roomId: r.room_id,
    userId: String(r.peer_id),
    userName: r.nick_name || r.user_name,
    avatar: r.avatar ?? '',
    subTitle: r.latest_body === null ? '' : stripTags(kind ? kind.preview(r.latest_body) : ''),
    latestMessageId: r.latest_id ?? 0,
    messageReadId: r.message_read_id,
    unread: isUnread(r.latest_id, r.message_read_id) ? 1 : 0,
    gmtLatestMessageTimestamp: r.latest_at?.getTime() ?? 0,
    gmtLatestMessage: r.latest_at ? formatBeijing(r.latest_at) : '',
    banned: 0,
    isMessageBanned: 0,
  };
}

export default async function directRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  const items = (userId: number, limit: number, offset: number, roomId?: number) => sql<
    DirectItemRow[]
  >`
    select d.room_id, d.peer_id, u.user_name, u.nick_name, u.avatar, d.message_read_id,
           l.id as latest_id, l.message_type_id as latest_type, l.body as latest_body, l.created_at as latest_at,
           count(*) over ()::int as total
    from chat_direct_members d
    join users u on u.id = d.peer_id
    left join lateral (select id, message_type_id, body, created_at from chat_messages m
                       where m.room_id = d.room_id and m.state = 0 order by m.id desc limit 1) l on true
    where d.user_id = ${userId} ${roomId ? sql`and d.room_id = ${roomId}` : sql``}
    order by l.id desc nulls last, d.room_id desc
    limit ${limit} offset ${offset}`;

  app.get<{ Querystring: DirectRoomQ }>(
    '/v1/chat/getDirectRoomWeb',
    { config: USER, schema: { querystring: DirectRoomQuery } },
    async (req) => {
      const user = loggedIn(req);
      let roomId = req.query.roomId;
      if (roomId) await directRoomOf(sql, roomId, user.userId);
      else {
        const target = req.query.targetUserId;
        if (!target) refuse('请选择私聊对象');
        const [peer] = await sql<
          { id: number }[]
        >`select id from users where id = ${target} and status = 'active'`;
        if (!peer) refuse('用户不存在');
        const refusal = directRefusal(
          user.userId,
          await isAnyManager(sql, user.userId),
          target,
          await isAnyManager(sql, target),
        );
        if (refusal) refuse(refusal);
        roomId = await openDirectRoom(app, user.userId, target);
      }
      const [row] = await items(user.userId, 1, 0, roomId);
      return ok(directItem(row));
    },
  );

  app.get<{ Querystring: Paging }>(
    '/v1/chat/getDirectRoomListWeb',
    { config: USER, schema: { querystring: PagingQuery } },
    async (req) => {
      const user = loggedIn(req);
      const { limit, offset } = paging(req.query.pageNum, req.query.pageSize, ROOM_PAGE_SIZE);
      const rows = await items(user.userId, limit, offset);
      return ok({ list: rows.map(directItem), total: rows[0]?.total ?? 0 });
    },
  );

  app.post<{ Body: AddDirectMessage }>(
    '/v1/chat/addDirectMessage',
    { config: USER, schema: { body: AddDirectMessageBody } },
    async (req) => {
      const user = loggedIn(req);
      const room = await directRoomOf(sql, req.body.roomId, user.userId);
      const money = { safetyPassword: req.body.safetyPassword, requestId: req.body.requestId };
      const message = await sendToRoom(
        app,
        room,
        user.userId,
        { messageTypeId: req.body.messageTypeId, message: req.body.message, money },
        'addDirectMessage',
      );
      // the sender has read what they sent
      await sql`update chat_direct_members set message_read_id = greatest(message_read_id, ${message.id})
              where room_id = ${room.id} and user_id = ${user.userId}`;
      return ok(message, '发送成功');
    },
  );

  app.get<{ Querystring: DirectMessageListQ }>(
    '/v1/chat/getDirectMessageListWeb',
    { config: USER, schema: { querystring: DirectMessageListQuery } },
    async (req) => {
      const user = loggedIn(req);
      const room = await directRoomOf(sql, req.query.roomId, user.userId);
      const size = historyPageSize(req.query.pageSize ?? PAGE_SIZE, MAX_PAGE_SIZE);
      return ok({
        list: await withEnvelopeState(
          sql,
          user.userId,
          await historyPage(sql, room.id, req.query.id, size, false),
        ),
      });
    },
  );

  app.post<{ Body: DirectMessage }>(
    '/v1/chat/setDirectMessageReadWeb',
    { config: USER, schema: { body: DirectMessageBody } },
    async (req) => {
      const user = loggedIn(req);
      const room = await directRoomOf(sql, req.body.roomId, user.userId);
      // the read mark only moves forward, and never past the room's latest message
      const [row] = await sql<{ message_read_id: number }[]>`
      update chat_direct_members set message_read_id = greatest(message_read_id,
             least(${req.body.id}, coalesce((select max(id) from chat_messages where room_id = ${room.id}), 0)))
      where room_id = ${room.id} and user_id = ${user.userId}
      returning message_read_id`;
      return ok({ messageReadId: row.message_read_id });
    },
  );

  app.post<{ Body: DirectMessage }>(
    '/v1/chat/recallDirectMessageWeb',
    { config: USER, schema: { body: DirectMessageBody } },
    async (req) => {
      const user = loggedIn(req);
      const room = await directRoomOf(sql, req.body.roomId, user.userId);
      const [done] = await sql<{ id: number }[]>`
      update chat_messages set state = 2
      where id = ${req.body.id} and room_id = ${room.id} and user_id = ${user.userId} and state = 0
      returning id`;
      if (!done) refuse('消息不存在或不能撤回');
      await app.chat.roomEvent(room.id, RoomEvent.MESSAGE_WITHDRAWN, { id: done.id });
      return ok(null, '撤回成功');
    },
  );

  app.get<{ Querystring: RemarkQ }>(
    '/v1/chat/getMemberRemark',
    { config: USER, schema: { querystring: RemarkQuery } },
    async (req) => {
      const user = loggedIn(req);
      const [row] = await sql<{ remark: string }[]>`
      select remark from chat_member_remarks where user_id = ${user.userId} and target_user_id = ${req.query.targetUserId}`;
      return ok({ remark: row?.remark ?? '' });
    },
  );

  app.post<{ Body: Remark }>(
    '/v1/chat/setMemberRemark',
    { config: USER, schema: { body: RemarkBody } },
    async (req) => {
      const user = loggedIn(req);
      // remark editing is for managers (spec 001 section 6)
      if (!(await isAnyManager(sql, user.userId))) refuse('只有管理员可以设置备注');
      const [target] = await sql`select 1 from users where id = ${req.body.targetUserId}`;
      if (!target) refuse('用户不存在');
      await sql`
      insert into chat_member_remarks (user_id, target_user_id, remark) values (${user.userId}, ${req.body.targetUserId}, ${req.body.remark})
      on conflict (user_id, target_user_id) do update set remark = excluded.remark, updated_at = now()`;
      return ok(null, '修改成功');
    },
  );
}

/** The private room of a pair, made once (the pair's unique index settles a race). */
async function openDirectRoom(app: FastifyInstance, a: number, b: number): Promise<number> {
  const [low, high] = a < b ? [a, b] : [b, a];
  return app.deps.sql.begin(async (tx) => {
    await tx`
      insert into chat_rooms (type, user_low, user_high, message_length) values (7, ${low}, ${high}, ${DIRECT_MESSAGE_LENGTH})
      on conflict (user_low, user_high) where type = 7 do nothing`;
    const [room] = await tx<
      { id: number }[]
    >`select id from chat_rooms where type = 7 and user_low = ${low} and user_high = ${high}`;
    await tx`
      insert into chat_direct_members (room_id, user_id, peer_id) values (${room.id}, ${low}, ${high}), (${room.id}, ${high}, ${low})
      on conflict do nothing`;
    return room.id;
  });
}
