/**
 * Entering a public room: the grade rule, the password grant, and the viewer's mute state, in
 * one place for the routes and the socket.
 */
import type { SessionUser } from '../auth/sessions.ts';
import type { Sql, Tx } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import { type ActiveBan, type ChatViewer, enterRefusal, speakRefusal } from '../../domain/chat/access.ts';
import { isRoomManager, passwordMatches, rulesOf, viewerOf, type RoomRow } from './rooms.ts';
import { recordRoomEntry } from '../push/entries.ts';
import { PASSWORD_FAILURE_WINDOW_SEC, PASSWORD_FAILURES_MAX } from '../../domain/chat/constants.ts';

export const PASSWORD_NEEDED_MSG = '请输入房间密码';
export const PASSWORD_WRONG_MSG = '房间密码错误';

export function memberOf(user: SessionUser) {
  return { userId: user.userId, userName: user.userName, grade: user.grade };
}

/** Whether the user gave this room's current password (checkPassword). */
export async function hasGrant(sql: Sql | Tx, room: RoomRow, userId: number): Promise<boolean> {
  if (!room.password_kdf) return true;
  const [row] = await sql`
    select 1 from chat_room_grants where room_id = ${room.id} and user_id = ${userId} and password_kdf = ${room.password_kdf}`;
  return !!row;
}

export const PASSWORD_LOCKED_MSG = '密码错误次数过多，请10分钟后再试';

/**
 * A member's password check: refused outright after PASSWORD_FAILURES_MAX wrong ones in the
 * window (before any scrypt runs), every wrong one recorded.
 */
export async function memberPasswordMatches(sql: Sql, room: RoomRow, userId: number, md5: string | undefined): Promise<boolean> {
  if (!room.password_kdf) return true;
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from chat_password_failures
    where room_id = ${room.id} and user_id = ${userId}
      and failed_at > now() - make_interval(secs => ${PASSWORD_FAILURE_WINDOW_SEC})`;
  if (n >= PASSWORD_FAILURES_MAX) refuse(PASSWORD_LOCKED_MSG);
  if (await passwordMatches(room, md5)) return true;
  await sql`insert into chat_password_failures (room_id, user_id) values (${room.id}, ${userId})`;
  await sql`delete from chat_password_failures where room_id = ${room.id} and user_id = ${userId}
            and failed_at < now() - make_interval(secs => ${PASSWORD_FAILURE_WINDOW_SEC})`;
  return false;
}

/** Checks the password and records the grant; false when it is wrong. */
export async function grantByPassword(sql: Sql, room: RoomRow, userId: number, md5: string): Promise<boolean> {
  if (!room.password_kdf) return true;
  if (!(await memberPasswordMatches(sql, room, userId, md5))) {
    await sql`delete from chat_room_grants where room_id = ${room.id} and user_id = ${userId}`;
    return false;
  }
  await sql`
    insert into chat_room_grants (room_id, user_id, password_kdf) values (${room.id}, ${userId}, ${room.password_kdf})
    on conflict (room_id, user_id) do update set password_kdf = excluded.password_kdf, created_at = now()`;
  await sql`delete from chat_password_failures where room_id = ${room.id} and user_id = ${userId}`;
  return true;
}

/**
 * The viewer of a member in a room they may read: refused by grade, or without the password
 * grant (managers pass both).
 */
export async function enterAsMember(sql: Sql | Tx, room: RoomRow, user: SessionUser): Promise<ChatViewer> {
  const viewer = await viewerOf(sql, room, memberOf(user));
  const refusal = enterRefusal(rulesOf(room), viewer);
  if (refusal) refuse(refusal);
  if (!viewer.isManager && !(await hasGrant(sql, room, user.userId))) refuse(PASSWORD_NEEDED_MSG);
  await recordRoomEntry(sql, room.id, user.userId);
  return viewer;
}

/**
 * A member about to speak in a room: the entry rule (grade, password grant) and the mute check of
 * speakCheck, with the manager, grant and mute reads sent together (one round trip of waiting, not
 * three: the send path's latency). The mute read is dropped for a manager, who is exempt.
 */
export async function enterToSpeak(sql: Sql, room: RoomRow, user: SessionUser): Promise<{ viewer: ChatViewer; refusal: string | null }> {
  const [isManager, granted, ban] = await Promise.all([
    isRoomManager(sql, room.id, user),
    hasGrant(sql, room, user.userId),
    activeBan(sql, room.id, user.userId),
  ]);
  const viewer: ChatViewer = { userId: user.userId, grade: user.grade, isManager };
  const refusal = enterRefusal(rulesOf(room), viewer);
  if (refusal) refuse(refusal);
  if (!isManager && !granted) refuse(PASSWORD_NEEDED_MSG);
  await recordRoomEntry(sql, room.id, user.userId);
  return { viewer, refusal: speakRefusal(rulesOf(room), viewer, isManager ? null : ban, Date.now()) };
}

/** A guest reads a room only with its guest code. */
export function enterAsGuest(room: RoomRow, guestCode: string): void {
  if (!room.guest_code || room.guest_code !== guestCode) refuse('游客不能进入该房间');
}

/** A member's (a user id) or a guest's ({ guestId }) current mute in a room. */
export async function activeBan(sql: Sql | Tx, roomId: number, who: number | { guestId: number }): Promise<ActiveBan | null> {
  const target = typeof who === 'number' ? sql`user_id = ${who}` : sql`guest_id = ${who.guestId}`;
  const [row] = await sql<{ duration_type_id: number; ends_at: Date | null }[]>`
    select duration_type_id, ends_at from chat_bans
    where room_id = ${roomId} and ${target} and (ends_at is null or ends_at > now())`;
  return row ? { durationTypeId: row.duration_type_id, endsAtMs: row.ends_at?.getTime() ?? null } : null;
}

/** Why the viewer may not speak now, or null. */
export async function speakCheck(sql: Sql | Tx, room: RoomRow, viewer: ChatViewer): Promise<string | null> {
  const who = viewer.userId ?? (viewer.guestId ? { guestId: viewer.guestId } : null);
  const ban = who === null || viewer.isManager ? null : await activeBan(sql, room.id, who);
  return speakRefusal(rulesOf(room), viewer, ban, Date.now());
}
