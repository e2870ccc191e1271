/**
 * Invite codes (docs/api.md "Agents"). An agent's code carries one rebate point per family, each at
 * most the agent's own when made, and whether the account it opens is an agent. Registering with a
 * live code (redeemInviteCode, inside register's transaction) places the new user under the owner with
 * those points and counts the use. The owner's points may have been lowered since the code was
 * made: such a code is refused at register rather than letting a child exceed its parent.
 *
 * Locking: every writer that checks points against an account's and then writes points below it
 * (codes used at register, createLowerUser, updateLowerRebate) first locks that account's users row
 * `for update`, uplines before downlines, so a concurrent edit of the bound cannot slip between.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  parsePointsMap,
  pointsAboveParent,
  pointsToWire,
  type RebatePoints,
} from '../../domain/agent/points.ts';
import {
  AGENT_MSG,
  INVITE_CODE_DIGITS,
  INVITE_REMARK_MAX_CHARS,
  MAX_LIVE_INVITE_CODES,
} from '../../domain/agent/inviteCodes.ts';
import { loggedIn } from '../auth/sessions.ts';
import type { Sql, Tx } from '../db/client.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { defaultPoints, pointsOf } from './points.ts';
import { lockAccount } from './team.ts';
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

/** A new code is retried this often on a collision with an existing one (10^8 codes: rare). */
const CODE_ATTEMPTS = 20;

const Remark = Type.String({ maxLength: 200 });
const ListQuery = Form({
  isAgent: Type.Optional(Flag),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(AgentPageSize),
});
const CreateForm = Form({ rebate: RebateJson, isAgent: Flag, remark: Type.Optional(Remark) });
const RemarkForm = Form({ inviteCodeId: Id, remark: Remark });
const DeleteForm = Form({ inviteCodeId: Id });

/** The remark, trimmed and within its length, or the refusal. */
function checkRemark(raw: string | undefined): string {
  const remark = (raw ?? '').trim();
  if ([...remark].length > INVITE_REMARK_MAX_CHARS) refuse(AGENT_MSG.remarkTooLong);
  return remark;
}

function newCode(): string {
  return String(randomInt(0, 10 ** INVITE_CODE_DIGITS)).padStart(INVITE_CODE_DIGITS, '0');
}

async function createCode(
  sql: Sql,
  ownerId: number,
  points: RebatePoints,
  isAgent: boolean,
  remark: string,
) {
  return sql.begin(async (tx) => {
    await lockAccount(tx, ownerId);
    const above = pointsAboveParent(points, await pointsOf(tx, ownerId));
    if (above) refuse(above);
    const [{ n }] = await tx<{ n: number }[]>`
      select count(*)::int as n from invite_codes where owner_id = ${ownerId} and deleted_at is null`;
    if (n >= MAX_LIVE_INVITE_CODES) refuse(AGENT_MSG.tooManyCodes);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = newCode();
      const [row] = await tx<{ id: number }[]>`
        insert into invite_codes (code, owner_id, is_agent, points, remark)
        values (${code}, ${ownerId}, ${isAgent}, ${tx.json(points)}, ${remark})
        on conflict (code) do nothing returning id`;
      if (row) return { id: Number(row.id), inviteCode: code };
    }
    throw new Error('no free invite code after retries');
  });
}

/**
 * Register's part (inside its transaction): counts one use of a live code and returns where the new
 * account goes, or refuses. The code row is locked by the update, then the owner's row.
 */
export async function redeemInviteCode(
  tx: Tx,
  code: string,
): Promise<{ parentId: number; isAgent: boolean; points: RebatePoints }> {
  const [c] = await tx<{ owner_id: string; is_agent: boolean; points: unknown }[]>`
    update invite_codes set use_count = use_count + 1
    where code = ${code} and deleted_at is null
    returning owner_id, is_agent, points`;
  if (!c) refuse(AGENT_MSG.codeGone);
  const parentId = Number(c.owner_id);
  const owner = await lockAccount(tx, parentId);
  const parsed = parsePointsMap(JSON.stringify(c.points));
  if (!owner?.isAgent || 'error' in parsed) refuse(AGENT_MSG.codeGone);
  if (pointsAboveParent(parsed.points, await pointsOf(tx, parentId))) refuse(AGENT_MSG.codeStale);
  return { parentId, isAgent: c.is_agent, points: parsed.points };
}

interface CodeRow {
  id: string;
  code: string;
  is_agent: boolean;
  points: unknown;
  remark: string;
  use_count: number;
  created_at: Date;
  total: number;
}

function wirePoints(stored: unknown): Record<string, string> {
  const parsed = parsePointsMap(JSON.stringify(stored));
  return 'error' in parsed ? {} : pointsToWire(parsed.points);
}

export default async function inviteCodeRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/users/rebate', { config: { auth: 'user' } }, async (req) => {
    const user = loggedIn(req);
    const rebate = pointsToWire(await pointsOf(sql, user.userId));
    // an agent's forms start new members at the operator's defaults (capped by its own points)
    if (!user.isAgent) return ok({ isAgent: 0, rebate });
    return ok({ isAgent: 1, rebate, defaultRebate: pointsToWire(await defaultPoints(sql)) });
  });

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/users/inviteCode',
    { config: AGENT, schema: { querystring: ListQuery } },
    async (req) => {
      const q = req.query;
      const { limit, offset } = agentPaging(q.pageNum, q.pageSize);
      const rows = await sql<CodeRow[]>`
        select id, code, is_agent, points, remark, use_count, created_at, count(*) over ()::int as total
        from invite_codes
        where owner_id = ${loggedIn(req).userId} and deleted_at is null
          and (${q.isAgent ?? null}::int is null or is_agent = (${q.isAgent ?? 0}::int = 1))
        order by id desc limit ${limit} offset ${offset}`;
      const list = rows.map((r) => ({
        id: Number(r.id),
        inviteCode: r.code,
        isAgent: r.is_agent ? 1 : 0,
        rebate: wirePoints(r.points),
        remark: r.remark,
        useCount: r.use_count,
        createTime: r.created_at.getTime(),
      }));
      return ok({
        list,
        total: rows[0]?.total ?? (await countCodes(sql, loggedIn(req).userId, q.isAgent)),
      });
    },
  );

  app.post<{ Body: Static<typeof CreateForm> }>(
    '/v1/users/createInviteCode',
    { config: AGENT, schema: { body: CreateForm } },
    async (req) => {
      const b = req.body;
      const points = pointsFromWire(b.rebate);
      const remark = checkRemark(b.remark);
      return ok(
        await createCode(sql, loggedIn(req).userId, points, b.isAgent === 1, remark),
        '邀请码已生成',
      );
    },
  );

  app.post<{ Body: Static<typeof RemarkForm> }>(
    '/v1/users/updateInviteCodeRemark',
    { config: AGENT, schema: { body: RemarkForm } },
    async (req) => {
      const remark = checkRemark(req.body.remark);
      const rows = await sql`
        update invite_codes set remark = ${remark}
        where id = ${req.body.inviteCodeId} and owner_id = ${loggedIn(req).userId} and deleted_at is null
        returning id`;
      if (rows.length === 0) refuse(AGENT_MSG.codeNotFound);
      return ok(null, '备注已修改');
    },
  );

  app.post<{ Body: Static<typeof DeleteForm> }>(
    '/v1/users/deleteInviteCode',
    { config: AGENT, schema: { body: DeleteForm } },
    async (req) => {
      const rows = await sql`
        update invite_codes set deleted_at = now()
        where id = ${req.body.inviteCodeId} and owner_id = ${loggedIn(req).userId} and deleted_at is null
        returning id`;
      if (rows.length === 0) refuse(AGENT_MSG.codeNotFound);
      return ok(null, '邀请码已删除');
    },
  );
}

/** The total of a page past the end (the window count is on the rows themselves otherwise). */
async function countCodes(sql: Sql, ownerId: number, isAgent: number | undefined): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from invite_codes
    where owner_id = ${ownerId} and deleted_at is null
      and (${isAgent ?? null}::int is null or is_agent = (${isAgent ?? 0}::int = 1))`;
  return n;
}
