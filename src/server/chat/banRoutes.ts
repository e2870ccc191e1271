/**
 * Muting under /v1/chat/ (spec 001 sections 4 and 6): a room's managers mute and unmute members
 * (never another manager) for the durations of section 4, and mute the whole room. Every change
 * is pushed to the room (push 3) after it is stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse } from '../http/envelope.ts';
import { BanDuration, banEndsAt, banMessage, ROOM_MUTED_MSG } from '../../domain/chat/access.ts';
import { RoomEvent } from '../../domain/chat/push.ts';
import { maskName } from '../../domain/money.ts';
import { formatBeijing } from '../../domain/time.ts';
import { likePattern } from '../db/like.ts';
import { memberOf } from './entry.ts';
import { guestIdOf, guestSearch, guestWireId } from '../../domain/chat/guest.ts';
import { isRoomManager, publicRoom, viewerOf, type RoomRow } from './rooms.ts';
import {
  AddBanBody,
  BanListQuery,
  BanQuery,
  DeleteBanBody,
  RoomBannedBody,
  UpdateBanBody,
  type AddBan,
  type BanListQ,
  type BanQ,
  type DeleteBan,
  type RoomBanned,
  type UpdateBan,
} from './schemas.ts';
import { paging } from '../http/paging.ts';

/** the mute list's page (spec 001 §9: lists page size 10) */
const BAN_PAGE_SIZE = 10;

const USER = { auth: 'user' as const };
/** A mute's target: a member (user id) or a guest ({ guestId }, `g<id>` on the wire). */
type Target = number | { guestId: number };
const wireIdOf = (r: { user_id: number | null; guest_id: number | null }) =>
  r.guest_id !== null ? guestWireId(r.guest_id) : String(r.user_id);
const targetOf = (r: { user_id: number | null; guest_id: number | null }): Target =>
  r.guest_id !== null ? { guestId: r.guest_id } : Number(r.user_id);
const NOT_MANAGER_MSG = '只有管理员可以管理禁言';

interface BanRow {
  id: number;
  user_id: number | null;
  guest_id: number | null;
  user_name: string;
  nick_name: string | null;
  duration_type_id: number;
  updated_at: Date;
  total: number;
}

const banItem = (r: BanRow) => ({
  id: r.id,
  target: wireIdOf(r),
  userName: r.user_name,
  nickname: maskName(r.nick_name || r.user_name),
  durationTypeId: r.duration_type_id,
  gmtModified: formatBeijing(r.updated_at),
  isBan: 1,
});

export default async function banRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  /** The room, when the caller manages it. */
  async function managedRoom(req: FastifyRequest, roomCode: string): Promise<RoomRow> {
    const user = loggedIn(req);
    const room = await publicRoom(sql, roomCode);
    if (!(await viewerOf(sql, room, memberOf(user))).isManager) refuse(NOT_MANAGER_MSG);
    return room;
  }

  async function mute(room: RoomRow, managerId: number, target: Target, durationTypeId: number) {
    const userId = typeof target === 'number' ? target : null;
    const guestId = typeof target === 'number' ? null : target.guestId;
    const wireId = wireIdOf({ user_id: userId, guest_id: guestId });
    const which = userId !== null ? sql`user_id = ${userId}` : sql`guest_id = ${guestId}`;
    if (durationTypeId === BanDuration.CANCEL) {
      await sql`delete from chat_bans where room_id = ${room.id} and ${which}`;
      await app.chat.roomEvent(room.id, RoomEvent.USER_UNMUTED, { userId: wireId });
      return;
    }
    const ends = banEndsAt(durationTypeId, Date.now());
    const endsAt = ends === null ? null : new Date(ends);
    await sql`
      insert into chat_bans (room_id, user_id, guest_id, duration_type_id, ends_at, created_by)
      values (${room.id}, ${userId}, ${guestId}, ${durationTypeId}, ${endsAt}, ${managerId})
      on conflict ${userId !== null ? sql`(room_id, user_id)` : sql`(room_id, guest_id)`} do update
        set duration_type_id = excluded.duration_type_id, ends_at = excluded.ends_at,
            created_by = excluded.created_by, updated_at = now()`;
    await app.chat.roomEvent(room.id, RoomEvent.USER_MUTED, {
      userId: wireId,
      durationTypeId,
      msg: banMessage(durationTypeId),
    });
  }

  app.get<{ Querystring: BanListQ }>(
    '/v1/chat/getBanListFront',
    { config: USER, schema: { querystring: BanListQuery } },
    async (req) => {
      const room = await managedRoom(req, req.query.roomCode);
      const { limit, offset } = paging(req.query.pageNum, req.query.pageSize, BAN_PAGE_SIZE);
      const target = req.query.target?.trim();
      const rows = await sql<BanRow[]>`
      select b.id, b.user_id, b.guest_id, coalesce(u.user_name, g.name) as user_name, u.nick_name, b.duration_type_id, b.updated_at,
             count(*) over ()::int as total
      from chat_bans b left join users u on u.id = b.user_id left join chat_guests g on g.id = b.guest_id
      where b.room_id = ${room.id} and (b.ends_at is null or b.ends_at > now())
        ${target ? sql`and coalesce(u.user_name, g.name) ilike ${likePattern(target)}` : sql``}
      order by b.updated_at desc, b.id desc
      limit ${limit} offset ${offset}`;
      return ok({ list: rows.map(banItem), total: rows[0]?.total ?? 0 });
    },
  );

  app.get<{ Querystring: BanQ }>(
    '/v1/chat/getBanFront',
    { config: USER, schema: { querystring: BanQuery } },
    async (req) => {
      const room = await managedRoom(req, req.query.roomCode);
      const [user] = await sql<{ id: number; user_name: string; nick_name: string | null }[]>`
      select id, user_name, nick_name from users where lower(user_name) = lower(${req.query.target})`;
      if (!user) return ok(await guestBan(room, req.query.target));
      const [ban] = await sql<BanRow[]>`
      select b.id, b.user_id, b.guest_id, ${user.user_name} as user_name, ${user.nick_name} as nick_name, b.duration_type_id, b.updated_at
      from chat_bans b where b.room_id = ${room.id} and b.user_id = ${user.id} and (b.ends_at is null or b.ends_at > now())`;
      return ok(
        ban
          ? banItem(ban)
          : {
              id: 0,
              target: String(user.id),
              userName: user.user_name,
              nickname: maskName(user.nick_name || user.user_name),
              durationTypeId: 0,
              gmtModified: '',
              isBan: 0,
            },
      );
    },
  );

  /**
   * getBanFront for a guest (`g12`, 游客0012 or the shown 游客***2): among the guests who spoke or are
   * muted in this room, the muted one first, then the latest to speak; `用户不存在` when none.
   */
  async function guestBan(room: RoomRow, target: string) {
    const search = guestSearch(target);
    if (!search) refuse('用户不存在');
    const [guest] = await sql<{ id: number; name: string; ban_id: number | null }[]>`
      select g.id, g.name, b.id as ban_id
      from chat_guests g
      left join chat_bans b on b.room_id = ${room.id} and b.guest_id = g.id and (b.ends_at is null or b.ends_at > now())
      where ${'guestId' in search ? sql`g.id = ${search.guestId}` : sql`g.name like ${search.namePattern}`}
        and (b.id is not null or exists (select 1 from chat_messages m where m.room_id = ${room.id} and m.guest_id = g.id))
      order by b.id is null, (select max(m.id) from chat_messages m where m.room_id = ${room.id} and m.guest_id = g.id) desc nulls last
      limit 1`;
    if (!guest) refuse('用户不存在');
    if (guest.ban_id !== null) {
      const [ban] = await sql<BanRow[]>`
        select b.id, b.user_id, b.guest_id, ${guest.name} as user_name, null as nick_name, b.duration_type_id, b.updated_at
        from chat_bans b where b.id = ${guest.ban_id}`;
      return banItem(ban);
    }
    return {
      id: 0,
      target: guestWireId(guest.id),
      userName: guest.name,
      nickname: maskName(guest.name),
      durationTypeId: 0,
      gmtModified: '',
      isBan: 0,
    };
  }

  app.post<{ Body: AddBan }>(
    '/v1/chat/addBanFront',
    { config: USER, schema: { body: AddBanBody } },
    async (req) => {
      const room = await managedRoom(req, req.body.roomCode);
      const manager = loggedIn(req);
      const guestId = guestIdOf(req.body.target);
      if (guestId !== null) {
        // a guest of guest chat: muted by its issued identity
        const [guest] = await sql`select 1 from chat_guests where id = ${guestId}`;
        if (!guest) refuse('用户不存在');
        await mute(room, manager.userId, { guestId }, req.body.durationTypeId);
        return ok(null, req.body.durationTypeId === BanDuration.CANCEL ? '已解除禁言' : '禁言成功');
      }
      const [target] = await sql<
        { id: number; grade: number }[]
      >`select id, grade from users where id = ${Number(req.body.target)}`;
      if (!target) refuse('用户不存在');
      if (target.id === manager.userId) refuse('不能禁言自己');
      if (await isRoomManager(sql, room.id, { userId: target.id, grade: target.grade }))
        refuse('不能禁言管理员');
      await mute(room, manager.userId, target.id, req.body.durationTypeId);
      return ok(null, req.body.durationTypeId === BanDuration.CANCEL ? '已解除禁言' : '禁言成功');
    },
  );

  app.post<{ Body: UpdateBan }>(
    '/v1/chat/updateBanFront',
    { config: USER, schema: { body: UpdateBanBody } },
    async (req) => {
      const room = await managedRoom(req, req.body.roomCode);
      const [ban] = await sql<{ user_id: number | null; guest_id: number | null }[]>`
      select user_id, guest_id from chat_bans where id = ${req.body.id} and room_id = ${room.id}`;
      if (!ban) refuse('禁言记录不存在');
      await mute(room, loggedIn(req).userId, targetOf(ban), req.body.durationTypeId);
      return ok(null, '修改成功');
    },
  );

  app.post<{ Body: DeleteBan }>(
    '/v1/chat/deleteBanFront',
    { config: USER, schema: { body: DeleteBanBody } },
    async (req) => {
      const room = await managedRoom(req, req.body.roomCode);
      if (!req.body.ids) refuse('请选择要解除的禁言');
      const ids = req.body.ids.split(',').map(Number);
      const gone = await sql<{ user_id: number | null; guest_id: number | null }[]>`
      delete from chat_bans where room_id = ${room.id} and id = any (${ids}) returning user_id, guest_id`;
      for (const g of gone)
        await app.chat.roomEvent(room.id, RoomEvent.USER_UNMUTED, { userId: wireIdOf(g) });
      return ok({ deleted: gone.length }, '已解除禁言');
    },
  );

  app.post<{ Body: RoomBanned }>(
    '/v1/chat/updateRoomBannedWeb',
    { config: USER, schema: { body: RoomBannedBody } },
    async (req) => {
      const room = await managedRoom(req, req.body.roomCode);
      const banned = req.body.isMessageBanned === 1;
      await sql`update chat_rooms set is_message_banned = ${banned}, updated_at = now() where id = ${room.id}`;
      await app.chat.roomEvent(
        room.id,
        banned ? RoomEvent.ROOM_MUTED : RoomEvent.ROOM_UNMUTED,
        banned ? { msg: ROOM_MUTED_MSG } : {},
      );
      return ok(null, banned ? '已开启全体禁言' : '已关闭全体禁言');
    },
  );
}
