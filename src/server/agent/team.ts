/**
 * Reading an agent's team (migration 026: user_uplines holds every (upline, member) pair, so a team
 * of any depth is one indexed read). The team of A is A plus every user_id under ancestor A;
 * A's direct members are users.parent_id = A.
 */
import { ONLINE_WINDOW_SEC } from '../../domain/agent/inviteCodes.ts';
import { formatFen } from '../../domain/money.ts';
import { pointsToWire } from '../../domain/agent/points.ts';
import type { Db, Sql, Tx } from '../db/client.ts';
import { pointsOfMany } from './points.ts';
import { ms } from './schemas.ts';

/**
 * Locks an account's row before a points check against it (uplines before downlines, see
 * inviteCodes.ts); its is_agent flag, or null when there is no such account.
 */
/**
 * The one rule of "online" for the agent screens: a live session of the user (the column `userIdCol`)
 * seen in the last ONLINE_WINDOW_SEC. Used by the member list and the team balance report.
 */
export function onlineSession(sql: Db, userIdCol: string) {
  return sql`exists (select 1 from sessions s where s.user_id = ${sql.unsafe(userIdCol)} and s.ended_at is null
    and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_SEC}))`;
}

export async function lockAccount(tx: Tx, userId: number): Promise<{ isAgent: boolean } | null> {
  const [row] = await tx<
    { is_agent: boolean }[]
  >`select is_agent from users where id = ${userId} for update`;
  return row ? { isAgent: row.is_agent } : null;
}

/** True when `userId` is below `agentId` at any depth (the agent itself is not). */
export async function inDownline(sql: Db, agentId: number, userId: number): Promise<boolean> {
  const rows =
    await sql`select 1 from user_uplines where ancestor_id = ${agentId} and user_id = ${userId}`;
  return rows.length > 0;
}

/** The breadcrumb from the agent down to `userId` (both included; `userId` in the agent's team). */
export async function pathTo(
  sql: Db,
  agentId: number,
  userId: number,
): Promise<{ userId: number; userName: string }[]> {
  const rows = await sql<{ id: string; user_name: string }[]>`
    select u.id, u.user_name from (
      select up.ancestor_id as id, up.depth from user_uplines up
      where up.user_id = ${userId}
        and up.depth <= (select depth from user_uplines where ancestor_id = ${agentId} and user_id = ${userId})
      union all select ${userId}::bigint, 0
    ) p join users u on u.id = p.id
    order by p.depth desc`;
  return rows.map((r) => ({ userId: Number(r.id), userName: r.user_name }));
}

export interface MemberFilter {
  /** direct members of this account, or (with namePrefix) its whole downline */
  parentId: number;
  namePrefix: string | null;
  isAgent: boolean | null;
  limit: number;
  offset: number;
}

interface MemberRow {
  id: string;
  user_name: string;
  is_agent: boolean;
  grade: number;
  created_at: Date;
  last_login_at: Date | null;
  balance: number | null;
  online: boolean;
  child_count: number;
  total: number;
}

/** Escapes LIKE wildcards so a typed prefix matches itself. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of members with what the agent's member list shows. */
export async function listMembers(sql: Sql, f: MemberFilter) {
  const scope = f.namePrefix
    ? sql`u.id in (select user_id from user_uplines where ancestor_id = ${f.parentId})
          and lower(u.user_name) like ${likePrefix(f.namePrefix)}`
    : sql`u.parent_id = ${f.parentId}`;
  const rows = await sql<MemberRow[]>`
    select u.id, u.user_name, u.is_agent, u.grade, u.created_at, u.last_login_at, a.balance,
           ${onlineSession(sql, 'u.id')} as online,
           (select count(*)::int from users c where c.parent_id = u.id) as child_count,
           count(*) over ()::int as total
    from users u left join ledger_accounts a on a.kind = 'player' and a.user_id = u.id
    where ${scope} and (${f.isAgent}::boolean is null or u.is_agent = ${f.isAgent})
    order by u.id desc limit ${f.limit} offset ${f.offset}`;
  const points = await pointsOfMany(
    sql,
    rows.map((r) => Number(r.id)),
  );
  const list = rows.map((r) => ({
    userId: Number(r.id),
    userName: r.user_name,
    isAgent: r.is_agent ? 1 : 0,
    online: r.online,
    balance: formatFen(Number(r.balance ?? 0)),
    lastLoginTime: ms(r.last_login_at),
    rebate: pointsToWire(points.get(Number(r.id))!),
    grade: r.grade,
    registerTime: r.created_at.getTime(),
    childCount: r.child_count,
  }));
  return { list, total: rows[0]?.total ?? (f.offset > 0 ? await countMembers(sql, f) : 0) };
}

async function countMembers(sql: Sql, f: MemberFilter): Promise<number> {
  return (await listMembers(sql, { ...f, limit: 1, offset: 0 })).total;
}
