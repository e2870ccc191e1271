/**
 * The operator's agent calls under /v1/admin/agents/ (docs/agents.md "Operator"): the tree of
 * accounts read level by level, a search by name with each hit's upline path, moving a member (with
 * its whole subtree) under another agent, and the per-family default points of accounts without their
 * own rows (direct sign-ups).
 *
 * A move is checked inside one transaction that first locks the member's and the new parent's rows
 * (in id order, so two crossing moves queue instead of deadlocking): the new parent must be an agent,
 * not the member nor one of its downline, and hold every point the member holds. The closure
 * user_uplines follows users.parent_id by trigger (migration 026), which also refuses a cycle.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  parsePointsMap,
  pointsAboveParent,
  pointsToWire,
  pointToGroup,
  REBATE_FAMILIES,
  groupToPoint,
  type RebatePoints,
} from '../../domain/agent/points.ts';
import { formatFen } from '../../domain/money.ts';
import type { Sql, Tx } from '../db/client.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { Id } from '../http/schemas.ts';
import { putSetting } from '../site/settings.ts';
import { loggedIn } from '../auth/sessions.ts';
import {
  clearDefaultGroupCache,
  DEFAULT_GROUP_KEY,
  DEFAULT_PRIZE_GROUP,
} from '../betting/groups.ts';
import { defaultPoints, pointsOf, pointsOfMany } from './points.ts';
import { PageNum, pageSizeUpTo, paging } from '../http/paging.ts';

export const AGENT_ADMIN_MSG = {
  noUser: '用户不存在',
  noParent: '新上级不存在',
  parentNotAgent: '新上级不是代理，不能接收下级',
  self: '不能把用户移到自己名下',
  cycle: '不能把用户移到其自己的下级名下',
  same: '该用户已在此上级名下',
  points: (why: string) => `新上级返点不足：${why}`,
  defaultAboveParent: (family: string, max: number) =>
    `${family} 默认返点不能高于已设返点上级的 ${max}`,
  defaultBelowChildren: (family: string, min: number) =>
    `${family} 默认返点不能低于其下级已设的 ${min}`,
} as const;

/** Rows per tree level or search answer. */
const MAX_ROWS = 50;

/** A parent's id, 0 for the top level. */
const ParentId = Type.Integer({ minimum: 0, maximum: 9_007_199_254_740_991 });
const TreeQuery = Form({
  parentId: Type.Optional(ParentId),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(pageSizeUpTo(MAX_ROWS)),
});
const SearchQuery = Form({ userName: Type.String({ minLength: 1, maxLength: 20 }) });
const MoveForm = Form({ userId: Id, parentId: ParentId });
const RebateForm = Form({ rebate: Type.String({ maxLength: 2000 }) });

interface RowDb {
  id: string;
  user_name: string;
  is_agent: boolean;
  balance: string;
  child_count: number;
  team_count: number;
  total: number;
}

const rowColumns = (sql: Sql) => sql`
  u.id, u.user_name, u.is_agent, coalesce(a.balance, 0) as balance,
  (select count(*) from users c where c.parent_id = u.id)::int as child_count,
  (select count(*) from user_uplines x where x.ancestor_id = u.id)::int + 1 as team_count,
  count(*) over ()::int as total`;

async function toRows(sql: Sql, rows: RowDb[]) {
  const points = await pointsOfMany(
    sql,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    userId: Number(r.id),
    userName: r.user_name,
    isAgent: r.is_agent ? 1 : 0,
    childCount: r.child_count,
    teamCount: r.team_count,
    rebate: pointsToWire(points.get(Number(r.id))!),
    balance: formatFen(Number(r.balance)),
  }));
}

/** The uplines of many accounts, top first (the account itself not included). */
async function uplinePaths(
  sql: Sql,
  userIds: number[],
): Promise<Map<number, { userId: number; userName: string }[]>> {
  const out = new Map<number, { userId: number; userName: string }[]>(
    userIds.map((id) => [id, []]),
  );
  if (userIds.length === 0) return out;
  const rows = await sql<{ user_id: string; id: string; user_name: string }[]>`
    select x.user_id, u.id, u.user_name from user_uplines x join users u on u.id = x.ancestor_id
    where x.user_id = any(${sql.array(userIds.map(String))}::bigint[]) order by x.user_id, x.depth desc`;
  for (const r of rows)
    out.get(Number(r.user_id))?.push({ userId: Number(r.id), userName: r.user_name });
  return out;
}

/** Checks a move inside the caller's transaction, after locking both rows; refuses in Chinese. */
async function checkMove(tx: Tx, userId: number, parentId: number): Promise<void> {
  if (userId === parentId) refuse(AGENT_ADMIN_MSG.self);
  const ids = parentId === 0 ? [userId] : [userId, parentId].sort((a, b) => a - b);
  const locked = await tx<{ id: string; is_agent: boolean; parent_id: string | null }[]>`
    select id, is_agent, parent_id from users where id = any(${tx.array(ids.map(String))}::bigint[]) order by id for update`;
  const member = locked.find((r) => Number(r.id) === userId);
  if (!member) refuse(AGENT_ADMIN_MSG.noUser);
  if (Number(member.parent_id ?? 0) === parentId) refuse(AGENT_ADMIN_MSG.same);
  if (parentId === 0) return;
  const parent = locked.find((r) => Number(r.id) === parentId);
  if (!parent) refuse(AGENT_ADMIN_MSG.noParent);
  if (!parent.is_agent) refuse(AGENT_ADMIN_MSG.parentNotAgent);
  const [below] =
    await tx`select 1 from user_uplines where ancestor_id = ${userId} and user_id = ${parentId}`;
  if (below) refuse(AGENT_ADMIN_MSG.cycle);
  const why = pointsAboveParent(await pointsOf(tx, userId), await pointsOf(tx, parentId));
  if (why) refuse(AGENT_ADMIN_MSG.points(why));
}

export async function moveMember(sql: Sql, userId: number, parentId: number): Promise<void> {
  try {
    await sql.begin(async (tx) => {
      await checkMove(tx, userId, parentId);
      await tx`update users set parent_id = ${parentId === 0 ? null : parentId} where id = ${userId}`;
    });
  } catch (err) {
    // the closure trigger's own refusal of a cycle (a move it saw that the checks above did not)
    if ((err as { code?: string }).code === '23514') refuse(AGENT_ADMIN_MSG.cycle);
    throw err;
  }
}

/**
 * New defaults must keep the tree rule for accounts that follow them: not above the own point of a
 * parent whose child has no row, and not below the own point of a child whose parent has no row.
 */
async function checkDefaults(sql: Sql, points: RebatePoints): Promise<void> {
  const bounds = await sql<
    { family: string; child_max: number | null; parent_min: number | null }[]
  >`
    with f (family) as (select unnest(${REBATE_FAMILIES.map(String)}::text[]))
    select f.family,
      (select max(g.prize_group) from user_prize_groups g join users c on c.id = g.user_id
        where g.family = f.family and c.parent_id is not null
          and not exists (select 1 from user_prize_groups pg where pg.user_id = c.parent_id and pg.family = f.family)) as child_max,
      (select min(pg.prize_group) from user_prize_groups pg join users c on c.parent_id = pg.user_id
        where pg.family = f.family
          and not exists (select 1 from user_prize_groups g where g.user_id = c.id and g.family = f.family)) as parent_min
    from f`;
  for (const b of bounds) {
    const family = b.family as (typeof REBATE_FAMILIES)[number];
    if (b.parent_min !== null && points[family] > groupToPoint(b.parent_min)) {
      refuse(AGENT_ADMIN_MSG.defaultAboveParent(family, groupToPoint(b.parent_min)));
    }
    if (b.child_max !== null && points[family] < groupToPoint(b.child_max)) {
      refuse(AGENT_ADMIN_MSG.defaultBelowChildren(family, groupToPoint(b.child_max)));
    }
  }
}

async function saveDefaults(sql: Sql, points: RebatePoints, actorId: number): Promise<void> {
  const [row] = await sql<
    { value: unknown }[]
  >`select value from site_settings where key = ${DEFAULT_GROUP_KEY}`;
  const old = row?.value;
  const group =
    typeof old === 'object' && old !== null && 'group' in old
      ? (old as { group: unknown }).group
      : typeof old === 'number'
        ? old
        : DEFAULT_PRIZE_GROUP;
  const families = Object.fromEntries(REBATE_FAMILIES.map((f) => [f, pointToGroup(points[f])]));
  await putSetting(sql, DEFAULT_GROUP_KEY, { group, families }, actorId);
  clearDefaultGroupCache();
}

export default async function agentAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get<{ Querystring: Static<typeof TreeQuery> }>(
    '/v1/admin/agents/tree',
    { ...opts, schema: { querystring: TreeQuery } },
    async (req) => {
      const parentId = req.query.parentId ?? 0;
      const { limit: size, offset } = paging(req.query.pageNum, req.query.pageSize, MAX_ROWS);
      if (parentId !== 0 && (await sql`select 1 from users where id = ${parentId}`).length === 0)
        refuse(AGENT_ADMIN_MSG.noUser);
      const rows = await sql<RowDb[]>`
      select ${rowColumns(sql)} from users u left join ledger_accounts a on a.kind = 'player' and a.user_id = u.id
      where ${parentId === 0 ? sql`u.parent_id is null` : sql`u.parent_id = ${parentId}`}
      order by u.is_agent desc, u.id limit ${size} offset ${offset}`;
      let path: { userId: number; userName: string }[] = [];
      if (parentId !== 0) {
        const [self] = await sql<
          { user_name: string }[]
        >`select user_name from users where id = ${parentId}`;
        path = [
          ...(await uplinePaths(sql, [parentId])).get(parentId)!,
          { userId: parentId, userName: self!.user_name },
        ];
      }
      return ok({ list: await toRows(sql, rows), total: rows[0]?.total ?? 0, path });
    },
  );

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/v1/admin/agents/search',
    { ...opts, schema: { querystring: SearchQuery } },
    async (req) => {
      const name = req.query.userName
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`);
      if (name === '') refuse('请输入用户名');
      const rows = await sql<RowDb[]>`
      select ${rowColumns(sql)} from users u left join ledger_accounts a on a.kind = 'player' and a.user_id = u.id
      where lower(u.user_name) like ${`${name}%`} order by lower(u.user_name) = ${name} desc, u.user_name limit ${MAX_ROWS}`;
      const list = await toRows(sql, rows);
      const paths = await uplinePaths(
        sql,
        list.map((r) => r.userId),
      );
      return ok({
        list: list.map((r) => ({ ...r, path: paths.get(r.userId)! })),
        total: list.length,
      });
    },
  );

  app.post<{ Body: Static<typeof MoveForm> }>(
    '/v1/admin/agents/move',
    { ...opts, schema: { body: MoveForm } },
    async (req) => {
      await moveMember(sql, req.body.userId, req.body.parentId);
      return ok(null, '已转移');
    },
  );

  app.get('/v1/admin/agents/defaultRebate', opts, async () =>
    ok({ rebate: pointsToWire(await defaultPoints(sql)) }),
  );

  app.post<{ Body: Static<typeof RebateForm> }>(
    '/v1/admin/agents/defaultRebate',
    { ...opts, schema: { body: RebateForm } },
    async (req) => {
      const parsed = parsePointsMap(req.body.rebate);
      if ('error' in parsed) refuse(parsed.error);
      await checkDefaults(sql, parsed.points);
      await saveDefaults(sql, parsed.points, loggedIn(req).userId);
      return ok({ rebate: pointsToWire(parsed.points) }, '已保存');
    },
  );
}
