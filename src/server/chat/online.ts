/** The online-member list of a room (spec 001 section 3: userId, roleUserName, avatar, isManager). */
import type { Sql } from '../db/client.ts';
import { maskName } from '../../domain/money.ts';
import { managesRoom } from './rooms.ts';
import type { Presence } from '../realtime/presence.ts';
import { likePattern } from '../db/like.ts';
import { paging } from '../http/paging.ts';

export async function onlineMembers(
  sql: Sql,
  presence: Presence,
  roomId: number,
  q: { userName?: string; memberTypeId?: number; pageNum?: number; pageSize?: number },
) {
  const ids = await presence.online(roomId);
  const { limit: size, offset } = paging(q.pageNum, q.pageSize);
  if (ids.length === 0) return { list: [], total: 0 };
  // memberTypeId: 1 managers only, 2 players only (the picker's two groups), else everyone
  const type = q.memberTypeId === 1 || q.memberTypeId === 2 ? q.memberTypeId : 0;
  const rows = await sql<
    { id: number; name: string; avatar: string | null; manager: boolean; total: number }[]
  >`
    select id, name, avatar, manager, count(*) over ()::int as total from (
      select u.id, coalesce(nullif(u.nick_name, ''), u.user_name) as name, u.avatar,
             ${managesRoom(sql, 'u', roomId)} as manager
      from users u
      where u.id = any (${ids})
        ${q.userName ? sql`and (u.user_name ilike ${likePattern(q.userName)} or u.nick_name ilike ${likePattern(q.userName)})` : sql``}
    ) m
    where ${type} = 0 or manager = (${type} = 1)
    order by manager desc, id
    limit ${size} offset ${offset}`;
  return {
    list: rows.map((r) => ({
      userId: String(r.id),
      roleUserName: r.manager ? r.name : maskName(r.name),
      avatar: r.avatar ?? '',
      isManager: r.manager ? 1 : 0,
    })),
    total: rows[0]?.total ?? 0,
  };
}
