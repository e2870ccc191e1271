/**
 * Rooms as the chat routes and the socket read them, and who the viewer is in a room (guest,
 * member, manager). A manager of a public room is a user named for it, or of grade 100, or the
 * operator; in a private room nobody manages.
 */
import { kdfVerify } from '../auth/kdf.ts';
import type { Db, Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import type { ChatViewer, RoomRules } from '../../domain/chat/access.ts';
import { GRADE_GUEST, GRADE_MANAGER } from '../../domain/chat/constants.ts';

export const ROOM_DELETED_MSG = '房间已被删除';

export interface RoomRow {
  id: number;
  type: number;
  room_code: string | null;
  title: string;
  sub_title: string;
  avatar: string;
  image_url: string;
  intro: string;
  password_kdf: string | null;
  is_show_list: boolean;
  message_length: number;
  register_link: string;
  guest_code: string | null;
  guest_chat: boolean;
  allowed_grades: number[];
  muted_grades: number[];
  is_message_banned: boolean;
  enabled: boolean;
  sort: number;
  user_low: number | null;
  user_high: number | null;
  created_at: Date;
}

export function rulesOf(room: RoomRow): RoomRules {
  return {
    allowedGrades: room.allowed_grades,
    mutedGrades: room.muted_grades,
    isMessageBanned: room.is_message_banned,
    guestChat: room.guest_chat,
  };
}

/** An enabled public room by its code, or the refusal 房间已被删除 / 房间不存在. */
export async function publicRoom(sql: Db, roomCode: string): Promise<RoomRow> {
  const [room] = await sql<
    RoomRow[]
  >`select * from chat_rooms where room_code = ${roomCode} and type = 1`;
  if (!room) refuse('房间不存在');
  if (!room.enabled) refuse(ROOM_DELETED_MSG);
  return room;
}

/** A private room the user belongs to; another user's room is refused like a missing one. */
export async function directRoomOf(sql: Db, roomId: number, userId: number): Promise<RoomRow> {
  const [room] = await sql<RoomRow[]>`
    select * from chat_rooms where id = ${roomId} and type = 7 and ${userId} in (user_low, user_high)`;
  if (!room) refuse('私聊不存在');
  return room;
}

export interface Member {
  userId: number;
  userName: string;
  grade: number;
}

/**
 * The one rule of who manages a public room, as SQL: the users row `u` (an alias in the caller's
 * query) is of grade 100, the operator, or named for the room `roomId` (a value or a column).
 * Every query that asks it (the room list, messages, the online list, isRoomManager) uses this.
 */
export function managesRoom(sql: Db, u: string, roomId: number | ReturnType<Sql>) {
  return sql`(${sql(u)}.grade = ${GRADE_MANAGER} or ${sql(u)}.is_operator
    or exists (select 1 from chat_room_managers rm where rm.room_id = ${roomId} and rm.user_id = ${sql(u)}.id))`;
}

/** Whether a user manages a public room. */
export async function isRoomManager(
  sql: Db,
  roomId: number,
  user: { userId: number; grade: number },
): Promise<boolean> {
  if (user.grade === GRADE_MANAGER) return true;
  const [row] = await sql<
    { manager: boolean }[]
  >`select ${managesRoom(sql, 'u', roomId)} as manager from users u where u.id = ${user.userId}`;
  return row?.manager === true;
}

/** Whether a user manages any room (grade 100, operator, or named for a room): for private chats. */
export async function isAnyManager(sql: Db, userId: number): Promise<boolean> {
  const [row] = await sql`
    select 1 from users where id = ${userId} and (is_operator or grade = ${GRADE_MANAGER})
    union all
    select 1 from chat_room_managers where user_id = ${userId}
    limit 1`;
  return !!row;
}

export async function viewerOf(sql: Db, room: RoomRow, user: Member | null): Promise<ChatViewer> {
  if (!user) return { userId: null, grade: GRADE_GUEST, isManager: false };
  return {
    userId: user.userId,
    grade: user.grade,
    isManager: await isRoomManager(sql, room.id, user),
  };
}

/**
 * The room password check. The client sends md5 of the 4 digits; the room keeps scrypt of that.
 * A verified pair is remembered in memory (scrypt costs ~50 ms and sockets reconnect often);
 * the cache key holds the stored hash, so a changed password is checked afresh.
 */
const verified = new Map<string, true>();
const VERIFIED_MAX = 10_000;

export async function passwordMatches(room: RoomRow, md5: string | undefined): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!md5 || !/^[0-9a-f]{32}$/.test(md5)) return false;
  const key = `${room.password_kdf}|${md5}`;
  if (verified.has(key)) return true;
  if (!(await kdfVerify(md5, room.password_kdf))) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(key, true);
  return true;
}

/** The public fields of a room setting (spec 001 section 3). */
export function roomSetting(room: RoomRow) {
  return {
    roomCode: room.room_code,
    title: room.title,
    subTitle: room.sub_title,
    avatar: room.avatar,
    imageUrl: room.image_url,
    content: room.intro,
    isPassword: room.password_kdf ? 1 : 0,
    isShowList: room.is_show_list ? 1 : 0,
    messageLength: room.message_length,
    registerLink: room.register_link,
    isMessageBanned: room.is_message_banned ? 1 : 0,
  };
}
