/**
 * Who belongs to a public room, for notifications: the users who entered it (read its history,
 * sent into it) within ROOM_MEMBER_WINDOW_DAYS and may still see it. Entering records (room,
 * user) with the time; an instance remembers what it recorded in the last ENTRY_REFRESH_MS so a
 * busy room is not one write per history page.
 */
import type { Db, Sql } from '../db/client.ts';
import { ROOM_MEMBER_WINDOW_DAYS } from '../../domain/push.ts';
import { managesRoom, type RoomRow } from '../chat/rooms.ts';

const ENTRY_REFRESH_MS = 10 * 60 * 1000;
const RECENT_MAX = 50_000;
const recent = new Map<string, number>();

export async function recordRoomEntry(sql: Db, roomId: number, userId: number): Promise<void> {
  const key = `${roomId}:${userId}`;
  const now = Date.now();
  const last = recent.get(key);
  if (last !== undefined && now - last < ENTRY_REFRESH_MS) return;
  await sql`
    insert into chat_room_entries (room_id, user_id) values (${roomId}, ${userId})
    on conflict (room_id, user_id) do update set entered_at = now()`;
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(key, now);
}

/**
 * As SQL, for the users row `u` and the room row `r`: the user may see the room now. The account
 * is active, and a manager of the room, or of an allowed grade holding a grant of the room's
 * current password (chat/entry.ts: the same rules as entering).
 */
function maySee(sql: Sql) {
  return sql`u.status = 'active' and (${managesRoom(sql, 'u', sql`r.id`)} or (
    (cardinality(r.allowed_grades) = 0 or u.grade = any (r.allowed_grades))
    and (r.password_kdf is null or exists (
      select 1 from chat_room_grants g where g.room_id = r.id and g.user_id = u.id and g.password_kdf = r.password_kdf))))`;
}

/** As SQL, for the users row `u`: entered the room within the member window. */
function enteredRecently(sql: Sql, roomId: number) {
  return sql`exists (select 1 from chat_room_entries e where e.room_id = ${roomId} and e.user_id = u.id
    and e.entered_at > now() - make_interval(days => ${ROOM_MEMBER_WINDOW_DAYS}))`;
}

/** The room's recent members who may still see it, without the sender. */
export async function recentMembers(
  sql: Sql,
  room: RoomRow,
  exceptUserId: number | null,
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select u.id from users u join chat_rooms r on r.id = ${room.id}
    where ${enteredRecently(sql, room.id)} and u.id <> ${exceptUserId ?? 0} and ${maySee(sql)}`;
  return rows.map((r) => Number(r.id));
}

/**
 * Who of the users a message @-mentions is told (the room's @ notice and the push): nobody for a
 * guest's message (guests have no @: docs/chat.md) or outside a public room; for a member, those
 * who may see the room and are online in it or entered it recently, never the sender. So a
 * mention cannot reach strangers, nor anyone shut out since by grade, password or account.
 */
export async function mentionable(
  sql: Sql,
  room: RoomRow,
  senderId: number | null,
  userIds: readonly number[],
  online: () => Promise<number[]>,
): Promise<number[]> {
  if (senderId === null || room.type !== 1 || userIds.length === 0) return [];
  const onlineIds = await online();
  const rows = await sql<{ id: number }[]>`
    select u.id from users u join chat_rooms r on r.id = ${room.id}
    where u.id = any (${userIds as number[]}) and u.id <> ${senderId}
      and (u.id = any (${onlineIds}) or ${enteredRecently(sql, room.id)}) and ${maySee(sql)}`;
  return rows.map((r) => Number(r.id));
}
