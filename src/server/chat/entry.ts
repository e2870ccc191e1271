/**
 * Entering a public room: the grade rule, the password grant, and the viewer's mute state, in
 * one place for the routes and the socket.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions.ts';
import type { Db, Sql } from '../db/client.ts';
import { refuse } from '../http/envelope.ts';
import {
  type ActiveBan,
  type ChatViewer,
  enterRefusal,
  speakRefusal,
} from '../../domain/chat/access.ts';
import { isRoomManager, rulesOf, viewerOf, type RoomRow } from './rooms.ts';
import { recordRoomEntry } from '../push/entries.ts';
import { guestHasGrant, hasGrant, PASSWORD_NEEDED_MSG } from './passwords.ts';
import { currentGuest, type Guest } from './guests.ts';

export function memberOf(user: SessionUser) {
  return { userId: user.userId, userName: user.userName, grade: user.grade };
}

/**
 * The viewer of a member in a room they may read: refused by grade, or without the password
 * grant (managers pass both).
 */
export async function enterAsMember(
  sql: Db,
  room: RoomRow,
  user: SessionUser,
): Promise<ChatViewer> {
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
export async function enterToSpeak(
  sql: Sql,
  room: RoomRow,
  user: SessionUser,
): Promise<{ viewer: ChatViewer; refusal: string | null }> {
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
  return {
    viewer,
    refusal: speakRefusal(rulesOf(room), viewer, isManager ? null : ban, Date.now()),
  };
}

/** A guest reads a room only with its guest code. */
export function enterAsGuest(room: RoomRow, guestCode: string): void {
  if (!room.guest_code || room.guest_code !== guestCode) refuse('游客不能进入该房间');
}

/**
 * A guest's REST call in a room (history, sending, withdrawing): the guest code and, in a password
 * room, the request's guest identity holding a grant of the current password (checkPasswordGuest).
 * Answers the identity when it was read (a password room), else null.
 */
export async function enterAsGuestWithPassword(
  sql: Sql,
  req: FastifyRequest,
  room: RoomRow,
  guestCode: string,
): Promise<Guest | null> {
  enterAsGuest(room, guestCode);
  if (!room.password_kdf) return null;
  const guest = await currentGuest(sql, req);
  if (!guest || !(await guestHasGrant(sql, room, guest.id))) refuse(PASSWORD_NEEDED_MSG);
  return guest;
}

/** A member's (a user id) or a guest's ({ guestId }) current mute in a room. */
export async function activeBan(
  sql: Db,
  roomId: number,
  who: number | { guestId: number },
): Promise<ActiveBan | null> {
  const target = typeof who === 'number' ? sql`user_id = ${who}` : sql`guest_id = ${who.guestId}`;
  const [row] = await sql<{ duration_type_id: number; ends_at: Date | null }[]>`
    select duration_type_id, ends_at from chat_bans
    where room_id = ${roomId} and ${target} and (ends_at is null or ends_at > now())`;
  return row
    ? { durationTypeId: row.duration_type_id, endsAtMs: row.ends_at?.getTime() ?? null }
    : null;
}

/** Why the viewer may not speak now, or null. */
export async function speakCheck(
  sql: Db,
  room: RoomRow,
  viewer: ChatViewer,
): Promise<string | null> {
  const who = viewer.userId ?? (viewer.guestId ? { guestId: viewer.guestId } : null);
  const ban = who === null || viewer.isManager ? null : await activeBan(sql, room.id, who);
  return speakRefusal(rulesOf(room), viewer, ban, Date.now());
}
