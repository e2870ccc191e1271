/**
 * Who belongs to a public room, for notifications: the users who entered it (read its history,
 * sent into it) within ROOM_MEMBER_WINDOW_DAYS. Entering records (room, user) with the time; an
 * instance remembers what it recorded in the last ENTRY_REFRESH_MS so a busy room is not one
 * write per history page.
 */
import type { Sql, Tx } from '../db/client.ts';
import { ROOM_MEMBER_WINDOW_DAYS } from '../../domain/push.ts';
import { GRADE_MANAGER } from '../../domain/chat/constants.ts';

const ENTRY_REFRESH_MS = 10 * 60 * 1000;
const RECENT_MAX = 50_000;
const recent = new Map<string, number>();

export async function recordRoomEntry(sql: Sql | Tx, roomId: number, userId: number): Promise<void> {
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
 * The room's recent members who may still enter it (their grade is allowed and the account is
 * active), without the sender.
 */
export async function recentMembers(sql: Sql, roomId: number, exceptUserId: number | null): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select u.id from chat_room_entries e
    join users u on u.id = e.user_id
    join chat_rooms r on r.id = e.room_id
    where e.room_id = ${roomId}
      and e.entered_at > now() - make_interval(days => ${ROOM_MEMBER_WINDOW_DAYS})
      and u.id <> ${exceptUserId ?? 0}
      and u.status = 'active'
      and (cardinality(r.allowed_grades) = 0 or u.grade = any (r.allowed_grades) or u.grade = ${GRADE_MANAGER})`;
  return rows.map((r) => Number(r.id));
}
