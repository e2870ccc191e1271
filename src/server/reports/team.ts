/**
 * The agent's team reports (docs/agents.md "Reports"): the team's figures over a range and per
 * day, per direct member (each row that member's whole team), the team's balance, and the
 * operator's site-wide report. A team is the agent itself plus its downline (user_uplines); all
 * money figures come from the daily roll-ups (rollups.ts), never from a scan of bets.
 */
import { formatFen } from '../../domain/money.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import type { DayRange } from '../http/dates.ts';
import { onlineSession } from '../agent/team.ts';
import { daysOf } from './range.ts';
import {
  emptyFigures,
  figuresByDay,
  figuresByHead,
  teamIds,
  teamsOf,
  type Figures,
  type Fragment,
} from './rollups.ts';
import { paging } from '../http/paging.ts';

export const NOT_IN_TEAM_MSG = '该用户不是您的下级';

export interface Paging {
  pageNum?: number;
  pageSize?: number;
}
export const REPORT_PAGE_SIZE = 10;
const limits = (p: Paging) => paging(p.pageNum, p.pageSize, REPORT_PAGE_SIZE);

/** True when userId is the agent itself or in its downline. */
export async function inTeam(sql: Sql, agentId: number, userId: number): Promise<boolean> {
  if (agentId === userId) return true;
  const [r] =
    await sql`select 1 from user_uplines where ancestor_id = ${agentId} and user_id = ${userId}`;
  return r !== undefined;
}

/** Refuses a user outside the agent's team with the contract's message. */
export async function assertInTeam(sql: Sql, agentId: number, userId: number): Promise<void> {
  if (!(await inTeam(sql, agentId, userId))) throw new AppError(NOT_IN_TEAM_MSG);
}

/** The team's main-wallet balances (fen), its size and how many are online. */
async function teamHoldings(sql: Sql, rootId: number) {
  const [r] = await sql<{ balance: number; members: number; online: number }[]>`
    select coalesce(sum(a.balance), 0)::bigint as balance, count(*)::int as members,
           count(*) filter (where ${onlineSession(sql, 't.user_id')})::int as online
    from ${teamIds(sql, rootId)} t left join ledger_accounts a on a.kind = 'player' and a.user_id = t.user_id`;
  return r!;
}

export async function teamBalance(sql: Sql, agentId: number) {
  const h = await teamHoldings(sql, agentId);
  return { teamBalance: formatFen(h.balance), memberCount: h.members, onlineCount: h.online };
}

/** One team's figures over the range (the agent's own: /agentReport). */
export async function teamFigures(
  sql: Sql,
  rootId: number,
  r: DayRange,
): Promise<Figures & { memberCount: number }> {
  const byHead = await figuresByHead(sql, teamsOf(sql, sql`select ${rootId}::bigint as id`), r);
  return byHead.get(rootId) ?? { ...emptyFigures(), memberCount: 0 };
}

export async function userAgentReport(sql: Sql, agentId: number, r: DayRange) {
  const [f, h] = await Promise.all([teamFigures(sql, agentId, r), teamHoldings(sql, agentId)]);
  return {
    ...f,
    startDate: r.startDate,
    endDate: r.endDate,
    teamBalance: formatFen(h.balance),
    memberCount: h.members,
  };
}

/** New members per Beijing day of the range, of the users matching `where` on u. */
async function newMembersByDay(
  sql: Sql,
  where: Fragment,
  r: DayRange,
): Promise<Map<string, number>> {
  const rows = await sql<{ day: string; n: number }[]>`
    select to_char(beijing_day(u.created_at), 'YYYY-MM-DD') as day, count(*)::int as n from users u
    where ${where} and u.created_at >= ${r.from} and u.created_at < ${r.to} group by 1`;
  return new Map(rows.map((x) => [x.day, x.n]));
}

/** Per-day figures of a set of users, every day of the range listed (newest first). */
export async function dailyFigures(sql: Sql, userWhere: (col: string) => Fragment, r: DayRange) {
  const [byDay, fresh] = await Promise.all([
    figuresByDay(sql, userWhere, r),
    newMembersByDay(sql, userWhere('u.id'), r),
  ]);
  return daysOf(r)
    .reverse()
    .map((date) => ({
      ...(byDay.get(date) ?? emptyFigures()),
      newMemberCount: fresh.get(date) ?? 0,
      date,
    }));
}

export async function userAgentReportDetail(sql: Sql, agentId: number, r: DayRange) {
  const team = teamIds(sql, agentId);
  return { list: await dailyFigures(sql, (col) => sql`${sql.unsafe(col)} in ${team}`, r) };
}

interface MemberRow {
  id: number;
  user_name: string;
  is_agent: boolean;
  child_count: number;
  total: number;
}

/**
 * Per direct member of `parentId` (default the agent; must be in its team), each row that member's
 * whole team; with userName, the team members whose name starts with it (each with its own team).
 */
export async function childReport(
  sql: Sql,
  agentId: number,
  q: Paging & { userId?: number; userName?: string },
  r: DayRange,
) {
  const parentId = q.userId ?? agentId;
  await assertInTeam(sql, agentId, parentId);
  const { limit, offset } = limits(q);
  const name = q.userName?.trim();
  const which = name
    ? sql`u.id in ${teamIds(sql, agentId)} and u.user_name like ${`${name.replace(/[\\%_]/g, '\\$&')}%`}`
    : sql`u.parent_id = ${parentId}`;
  const rows = await sql<MemberRow[]>`
    select u.id, u.user_name, u.is_agent,
           (select count(*) from users c where c.parent_id = u.id)::int as child_count, count(*) over ()::int as total
    from users u where ${which} order by u.id limit ${limit} offset ${offset}`;
  const ids = rows.map((x) => x.id);
  const [self, parent, byHead, path] = await Promise.all([
    teamFigures(sql, parentId, r),
    sql<{ user_name: string }[]>`select user_name from users where id = ${parentId}`,
    figuresByHead(sql, teamsOf(sql, sql`select unnest(${ids}::bigint[]) as id`), r),
    pathTo(sql, agentId, parentId),
  ]);
  return {
    self: { ...self, userId: parentId, userName: parent[0]?.user_name ?? '' },
    list: rows.map((x) => ({
      ...(byHead.get(x.id) ?? { ...emptyFigures(), memberCount: 0 }),
      userId: x.id,
      userName: x.user_name,
      isAgent: x.is_agent ? 1 : 0,
      childCount: x.child_count,
    })),
    total: rows[0]?.total ?? 0,
    path,
  };
}

/** The chain from the agent down to userId (both included), for the drill-down breadcrumbs. */
async function pathTo(sql: Sql, agentId: number, userId: number) {
  return sql<{ userId: number; userName: string }[]>`
    select u.id as "userId", u.user_name as "userName" from users u
    left join user_uplines x on x.ancestor_id = u.id and x.user_id = ${userId}
    where u.id = ${userId} or (x.user_id is not null and (u.id = ${agentId}
      or exists (select 1 from user_uplines y where y.ancestor_id = ${agentId} and y.user_id = u.id)))
    order by x.depth desc nulls last`;
}

/** The whole site's figures, plus each top-level account's team (operator report). */
export async function siteReport(sql: Sql, r: DayRange, q: Paging) {
  const { limit, offset } = limits(q);
  const tops = await sql<{ id: number; user_name: string; is_agent: boolean; total: number }[]>`
    select id, user_name, is_agent, count(*) over ()::int as total from users where parent_id is null
    order by id limit ${limit} offset ${offset}`;
  const ids = tops.map((t) => t.id);
  const [site, byHead] = await Promise.all([
    figuresByHead(sql, sql`select 0::bigint as head, id as user_id from users`, r),
    figuresByHead(sql, teamsOf(sql, sql`select unnest(${ids}::bigint[]) as id`), r),
  ]);
  return {
    ...(site.get(0) ?? { ...emptyFigures(), memberCount: 0 }),
    startDate: r.startDate,
    endDate: r.endDate,
    list: tops.map((t) => ({
      ...(byHead.get(t.id) ?? { ...emptyFigures(), memberCount: 0 }),
      userId: t.id,
      userName: t.user_name,
      isAgent: t.is_agent ? 1 : 0,
    })),
    total: tops[0]?.total ?? 0,
  };
}
