/**
 * The agent's downline calls (docs/api.md "Agents"): the member list with drill-down and search,
 * one direct member's points for the editor, editing them, and opening a downline account.
 *
 * The tree rule (src/domain/agent/points.ts): a member's point on a family is at most its parent's
 * and at least the highest its own direct members hold. Writers lock the bounding accounts' rows
 * first, uplines before downlines (see inviteCodes.ts), so concurrent edits cannot break it.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  pointsAboveParent,
  pointsBelowChildren,
  pointsToWire,
  REBATE_FAMILIES,
  type RebatePoints,
} from '../../domain/agent/points.ts';
import { AGENT_MSG } from '../../domain/agent/inviteCodes.ts';
import { loggedIn } from '../auth/sessions.ts';
import type { Sql } from '../db/client.ts';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { LIMITS, UserName } from '../account/schemas.ts';
import { insertUser } from '../account/users.ts';
import { childrenMaxPoints, pointsOf, setPoints } from './points.ts';
import { inDownline, listMembers, lockAccount, pathTo } from './team.ts';
import { PageNum } from '../http/paging.ts';
import {
  AGENT,
  agentPaging,
  AgentPageSize,
  Flag,
  Id,
  pointsFromWire,
  RebateJson,
} from './schemas.ts';

const ManageQuery = Form({
  userName: Type.Optional(Type.String({ pattern: '^\\w{0,20}$', maxLength: 20 })),
  isAgent: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 })),
  parentId: Type.Optional(Id),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(AgentPageSize),
});
const MemberQuery = Form({ userId: Id });
const RebateForm = Form({ userId: Id, rebate: RebateJson });
const LowerUserForm = Form({
  userName: UserName,
  password: CredentialHash,
  isAgent: Flag,
  rebate: RebateJson,
});

/** A direct member of the agent, or the refusal that says what it is instead. */
async function directMember(
  sql: Sql,
  agentId: number,
  userId: number,
): Promise<{ userName: string; isAgent: boolean }> {
  const [row] = await sql<{ user_name: string; is_agent: boolean }[]>`
    select user_name, is_agent from users where id = ${userId} and parent_id = ${agentId}`;
  if (row) return { userName: row.user_name, isAgent: row.is_agent };
  refuse((await inDownline(sql, agentId, userId)) ? AGENT_MSG.notDirect : AGENT_MSG.notMember);
}

/** The children's highest points with every family present (0 where the member has no members). */
function floorOf(max: Partial<RebatePoints>): RebatePoints {
  const out = {} as Record<(typeof REBATE_FAMILIES)[number], number>;
  for (const family of REBATE_FAMILIES) out[family] = max[family] ?? 0;
  return out;
}

async function updateMemberPoints(
  sql: Sql,
  agentId: number,
  userId: number,
  points: RebatePoints,
): Promise<void> {
  await directMember(sql, agentId, userId);
  await sql.begin(async (tx) => {
    await lockAccount(tx, agentId);
    const [member] =
      await tx`select id from users where id = ${userId} and parent_id = ${agentId} for update`;
    if (!member) refuse(AGENT_MSG.notDirect);
    const problem =
      pointsAboveParent(points, await pointsOf(tx, agentId)) ??
      pointsBelowChildren(points, await childrenMaxPoints(tx, userId));
    if (problem) refuse(problem);
    await setPoints(tx, userId, points);
  });
}

async function openLowerUser(
  sql: Sql,
  agentId: number,
  b: Static<typeof LowerUserForm>,
  ip: string,
): Promise<number> {
  const points = pointsFromWire(b.rebate);
  return sql.begin(async (tx) => {
    await lockAccount(tx, agentId);
    const above = pointsAboveParent(points, await pointsOf(tx, agentId));
    if (above) refuse(above);
    const id = await insertUser(tx, {
      userName: b.userName,
      passwordHash: b.password,
      isAgent: b.isAgent === 1,
      parentId: agentId,
      registerIp: ip,
    });
    if (id === null) refuse(AGENT_MSG.nameTaken);
    await setPoints(tx, id, points);
    return Number(id);
  });
}

export default async function memberRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ManageQuery> }>(
    '/v1/users/userManage',
    { config: AGENT, schema: { querystring: ManageQuery } },
    async (req) => {
      const q = req.query;
      const me = loggedIn(req).userId;
      const parentId = q.parentId ?? me;
      if (parentId !== me && !(await inDownline(sql, me, parentId))) refuse(AGENT_MSG.notMember);
      const page = await listMembers(sql, {
        parentId,
        namePrefix: q.userName ? q.userName : null,
        isAgent: q.isAgent === undefined || q.isAgent === -1 ? null : q.isAgent === 1,
        ...agentPaging(q.pageNum, q.pageSize),
      });
      return ok({ ...page, path: await pathTo(sql, me, parentId) });
    },
  );

  app.get<{ Querystring: Static<typeof MemberQuery> }>(
    '/v1/users/userManageList',
    { config: AGENT, schema: { querystring: MemberQuery } },
    async (req) => {
      const me = loggedIn(req).userId;
      const userId = req.query.userId;
      const member = await directMember(sql, me, userId);
      const [points, childrenMax, mine] = await Promise.all([
        pointsOf(sql, userId),
        childrenMaxPoints(sql, userId),
        pointsOf(sql, me),
      ]);
      return ok({
        userId,
        userName: member.userName,
        isAgent: member.isAgent ? 1 : 0,
        rebate: pointsToWire(points),
        minRebate: pointsToWire(floorOf(childrenMax)),
        maxRebate: pointsToWire(mine),
      });
    },
  );

  app.post<{ Body: Static<typeof RebateForm> }>(
    '/v1/users/updateLowerRebate',
    { config: AGENT, schema: { body: RebateForm } },
    async (req) => {
      const points = pointsFromWire(req.body.rebate);
      await updateMemberPoints(sql, loggedIn(req).userId, req.body.userId, points);
      return ok(null, '返点已修改');
    },
  );

  app.post<{ Body: Static<typeof LowerUserForm> }>(
    '/v1/users/createLowerUser',
    // opening an account costs a password KDF: the same per-address limit as register
    { config: { ...AGENT, ...LIMITS.register }, schema: { body: LowerUserForm } },
    async (req) =>
      ok({ userId: await openLowerUser(sql, loggedIn(req).userId, req.body, req.ip) }, '开户成功'),
  );
}
