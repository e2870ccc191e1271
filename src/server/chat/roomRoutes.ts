/**
 * Public room calls under /v1/chat/ (spec 001 section 7): the room list and setting, the password
 * gate, the role call, history (members and guests), sending and withdrawing, the online list.
 */
import type { FastifyInstance } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse } from '../http/envelope.ts';
import { enterRefusal, historyPageSize } from '../../domain/chat/access.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE, ROOM_PAGE_SIZE } from '../../domain/chat/constants.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { formatBeijing } from '../../domain/time.ts';
import {
  activeBan,
  enterAsGuestWithPassword,
  enterAsMember,
  memberOf,
  speakCheck,
} from './entry.ts';
import { grantByPassword, PASSWORD_WRONG_MSG } from './passwords.ts';
import { historyPage } from './messages.ts';
import { managesRoom, publicRoom, roomSetting, rulesOf, viewerOf, type RoomRow } from './rooms.ts';
import { sendInPublicRoom } from './send.ts';
import { withEnvelopeState } from '../redEnvelope/view.ts';
import {
  AddMessageBody,
  CheckPasswordBody,
  GuestMessageListQuery,
  MessageListQuery,
  OnlineQuery,
  PagingQuery,
  RoleQuery,
  RoomMessageBody,
  RoomQuery,
  type AddMessage,
  type CheckPassword,
  type GuestMessageListQ,
  type MessageListQ,
  type OnlineQ,
  type Paging,
  type RoleQ,
  type RoomMessage,
  type RoomQ,
} from './schemas.ts';
import { onlineMembers } from './online.ts';
import { paging } from '../http/paging.ts';

const USER = { auth: 'user' as const };
const GUEST = { auth: 'none' as const };

export default async function roomRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Paging }>(
    '/v1/chat/getRoomList',
    { config: USER, schema: { querystring: PagingQuery } },
    async (req) => {
      const user = loggedIn(req);
      const { limit: size, offset } = paging(req.query.pageNum, req.query.pageSize, ROOM_PAGE_SIZE);
      // a room shows to who may enter it: every grade, the listed grades, and its managers
      const rows = await sql<(RoomRow & { banned: boolean; total: number })[]>`
      select r.*, exists (select 1 from chat_bans b where b.room_id = r.id and b.user_id = ${user.userId}
                          and (b.ends_at is null or b.ends_at > now())) as banned,
             count(*) over ()::int as total
      from chat_rooms r
      where r.type = 1 and r.enabled
        and (cardinality(r.allowed_grades) = 0 or ${user.grade} = any (r.allowed_grades)
             or exists (select 1 from users u where u.id = ${user.userId} and ${managesRoom(sql, 'u', sql`r.id`)}))
      order by r.sort, r.id limit ${size} offset ${offset}`;
      const list = rows.map((r) => {
        const { roomCode, title, subTitle, avatar, isPassword, isMessageBanned } = roomSetting(r);
        return {
          roomCode,
          title,
          subTitle,
          avatar,
          grade: r.allowed_grades,
          isPassword,
          banned: r.banned ? 1 : 0,
          isMessageBanned,
        };
      });
      return ok({ list, total: rows[0]?.total ?? 0 });
    },
  );

  app.get<{ Querystring: RoomQ }>(
    '/v1/chat/getRoomWeb',
    { config: USER, schema: { querystring: RoomQuery } },
    async (req) => {
      const user = loggedIn(req);
      const room = await publicRoom(sql, req.query.roomCode);
      const viewer = await viewerOf(sql, room, memberOf(user));
      // a room the grade may not enter is not in its list (getRoomList): neither is its setting or intro
      const refusal = enterRefusal(rulesOf(room), viewer);
      if (refusal) refuse(refusal);
      const ban = viewer.isManager ? null : await activeBan(sql, room.id, user.userId);
      const bannedMessage = await speakCheck(sql, room, viewer);
      return ok({
        ...roomSetting(room),
        gmtCreated: formatBeijing(room.created_at),
        isManager: viewer.isManager ? 1 : 0,
        isBanned: ban ? 1 : 0,
        bannedMessage: bannedMessage ?? '',
        grade: user.grade,
        mutedGrades: room.muted_grades,
      });
    },
  );

  app.post<{ Body: CheckPassword }>(
    '/v1/chat/checkPassword',
    { config: USER, schema: { body: CheckPasswordBody } },
    async (req) => {
      const user = loggedIn(req);
      const room = await publicRoom(sql, req.body.roomCode);
      if (!(await grantByPassword(sql, room, user.userId, req.body.password)))
        refuse(PASSWORD_WRONG_MSG);
      return ok(null, '密码正确');
    },
  );

  app.get<{ Querystring: RoleQ }>(
    '/v1/chat/getRoleFront',
    { config: USER, schema: { querystring: RoleQuery } },
    async (req) => {
      const user = loggedIn(req);
      const room = await publicRoom(sql, req.query.roomCode);
      const viewer = await viewerOf(sql, room, memberOf(user));
      return ok(viewer.isManager ? 1 : 0);
    },
  );

  app.get<{ Querystring: MessageListQ }>(
    '/v1/chat/getMessageListWeb',
    { config: USER, schema: { querystring: MessageListQuery } },
    async (req) => {
      const room = await publicRoom(sql, req.query.roomCode);
      const user = loggedIn(req);
      await enterAsMember(sql, room, user);
      const size = historyPageSize(req.query.pageSize ?? PAGE_SIZE, MAX_PAGE_SIZE);
      return ok({
        list: await withEnvelopeState(
          sql,
          user.userId,
          await historyPage(sql, room.id, req.query.id, size, true),
        ),
      });
    },
  );

  app.get<{ Querystring: GuestMessageListQ }>(
    '/v1/chat/getMessageListWebGuest',
    { config: GUEST, schema: { querystring: GuestMessageListQuery } },
    async (req) => {
      const room = await publicRoom(sql, req.query.roomCode);
      await enterAsGuestWithPassword(sql, req, room, req.query.guestCode);
      const size = historyPageSize(req.query.pageSize ?? PAGE_SIZE, MAX_PAGE_SIZE);
      return ok({
        list: await withEnvelopeState(
          sql,
          null,
          await historyPage(sql, room.id, req.query.id, size, true),
        ),
        registerLink: room.register_link,
      });
    },
  );

  app.post<{ Body: AddMessage }>(
    '/v1/chat/addMessage',
    { config: USER, schema: { body: AddMessageBody } },
    async (req) =>
      ok(await sendInPublicRoom(app, loggedIn(req), req.body, 'addMessage'), '发送成功'),
  );

  app.post<{ Body: RoomMessage }>(
    '/v1/chat/updateMessageStateFront',
    { config: USER, schema: { body: RoomMessageBody } },
    async (req) => {
      const user = loggedIn(req);
      const room = await publicRoom(sql, req.body.roomCode);
      const viewer = await enterAsMember(sql, room, user);
      // own messages, or anyone's for a manager (spec 001 section 6)
      const [done] = await sql<{ id: number }[]>`
        update chat_messages set state = 1
        where id = ${req.body.id} and room_id = ${room.id} and state = 0
          and (${viewer.isManager} or user_id = ${user.userId})
        returning id`;
      if (!done) refuse('消息不存在或不能撤回');
      await app.chat.roomEvent(room.id, RoomEvent.MESSAGE_WITHDRAWN, { id: done.id });
      return ok(null, '撤回成功');
    },
  );

  app.get<{ Querystring: OnlineQ }>(
    '/v1/chat/getOnlineMemberList',
    { config: USER, schema: { querystring: OnlineQuery } },
    async (req) => {
      const room = await publicRoom(sql, req.query.roomCode);
      const viewer = await enterAsMember(sql, room, loggedIn(req));
      if (!room.is_show_list && !viewer.isManager) refuse('在线列表未开放');
      return ok(await onlineMembers(sql, app.chat.presence, room.id, req.query));
    },
  );
}
