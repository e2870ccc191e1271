/** The operator's agent calls: tree, search, move (points rule, agents only, no cycles, exact closure), default points. */
import { beforeAll, describe, expect, it } from 'vitest';
import { REBATE_FAMILIES, type RebatePoints } from '../../src/domain/agent/points.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { pointsOf, setPoints } from '../../src/server/agent/points.ts';
import { clearDefaultGroupCache } from '../../src/server/betting/groups.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
const sql = ctx.sql;

async function sessionClient(
  userName: string,
  opts: { isOperator?: boolean; isAgent?: boolean } = {},
) {
  const userId = (await insertUserWithPassword(sql, userName, 'pass1234', opts))!;
  const { token, hash } = newToken();
  await sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return Object.assign(c, { userId, userName });
}

const all = (p: number): RebatePoints =>
  Object.fromEntries(REBATE_FAMILIES.map((f) => [f, p])) as RebatePoints;
let names = 0;
async function member(
  parentId: number | null,
  opts: { agent?: boolean; points?: number } = {},
): Promise<number> {
  const id = (await insertUserWithPassword(
    sql,
    `m${(names++).toString().padStart(5, '0')}x`,
    'pass1234',
    { isAgent: opts.agent },
  ))!;
  if (parentId !== null) await sql`update users set parent_id = ${parentId} where id = ${id}`;
  if (opts.points !== undefined) await setPoints(sql, id, all(opts.points));
  return id;
}

/** The closure as it must be: every (ancestor, member, depth) pair read from parent_id. */
async function expectClosureExact(): Promise<void> {
  const stored = await sql<{ a: string; u: string; d: number }[]>`
    select ancestor_id as a, user_id as u, depth as d from user_uplines order by 1, 2`;
  const truth = await sql<{ a: string; u: string; d: number }[]>`
    with recursive chain (u, a, d) as (
      select id, parent_id, 1 from users where parent_id is not null
      union all
      select c.u, p.parent_id, c.d + 1 from chain c join users p on p.id = c.a where p.parent_id is not null)
    select a, u, d from chain order by 1, 2`;
  expect(stored.map((r) => `${r.a}>${r.u}@${r.d}`)).toEqual(
    truth.map((r) => `${r.a}>${r.u}@${r.d}`),
  );
}

let op: Awaited<ReturnType<typeof sessionClient>>;
beforeAll(async () => {
  op = await sessionClient('boss01', { isOperator: true });
});

describe('tree and search', () => {
  it('lists the top level and a level below with counts, points, balance and path', async () => {
    const top = await member(null, { agent: true, points: 8 });
    const mid = await member(top, { agent: true, points: 7 });
    await member(mid, { points: 6 });
    await member(mid, { points: 5 });
    const root = await op.get('/v1/admin/agents/tree');
    expect(root.code).toBe(1);
    const row = root.data.list.find((r: { userId: number }) => r.userId === top);
    expect(row).toMatchObject({ isAgent: 1, childCount: 1, teamCount: 4, balance: '0.00' });
    expect(row.rebate.SSC).toBe('8');
    const level = await op.get('/v1/admin/agents/tree', { parentId: mid });
    expect(level.data.list).toHaveLength(2);
    expect(level.data.path.map((p: { userId: number }) => p.userId)).toEqual([top, mid]);
    const [name] = await sql<
      { user_name: string }[]
    >`select user_name from users where id = ${mid}`;
    const found = await op.get('/v1/admin/agents/search', {
      userName: name!.user_name.toUpperCase(),
    });
    expect(found.data.list[0]).toMatchObject({
      userId: mid,
      childCount: 2,
      path: [{ userId: top }],
    });
  });

  it('answers bad input in Chinese', async () => {
    const bad = await op.get('/v1/admin/agents/tree', { parentId: 'abc' });
    expect(bad).toMatchObject({ code: -1, msg: '上级ID格式不正确', status: 400 });
    expect((await op.get('/v1/admin/agents/tree', { pageSize: 51 })).msg).toBe(
      '每页条数格式不正确',
    );
    expect((await op.post('/v1/admin/agents/defaultRebate', {})).msg).toBe('返点不能为空');
    expect((await op.post('/v1/admin/agents/move', { userId: 1 })).msg).toBe('上级ID不能为空');
    expect((await op.get('/v1/admin/agents/tree', { parentId: 99_999_999 })).msg).toBe(
      '用户不存在',
    );
    expect((await op.get('/v1/admin/agents/search', { userName: '   ' })).msg).toBe('请输入用户名');
    expect((await op.post('/v1/admin/agents/move', { userId: 'x', parentId: 1 })).msg).toMatch(
      /[\u4e00-\u9fa5]/,
    );
  });
});

describe('move', () => {
  it('moves a subtree and keeps user_uplines exact', async () => {
    const a = await member(null, { agent: true, points: 9 });
    const b = await member(null, { agent: true, points: 9 });
    const m = await member(a, { agent: true, points: 7 });
    const k1 = await member(m, { agent: true, points: 6 });
    await member(k1, { points: 5 });
    await member(m, { points: 4 });
    const res = await op.post('/v1/admin/agents/move', { userId: m, parentId: b });
    expect(res).toMatchObject({ code: 1, data: null });
    expect((await sql`select parent_id from users where id = ${m}`)[0]!.parent_id).toBe(b);
    await expectClosureExact();
    expect(
      (await sql`select count(*)::int as n from user_uplines where ancestor_id = ${b}`)[0]!.n,
    ).toBe(4);
    expect(
      (await sql`select count(*)::int as n from user_uplines where ancestor_id = ${a}`)[0]!.n,
    ).toBe(0);
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: 0 })).code).toBe(1);
    await expectClosureExact();
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: 0 })).msg).toBe(
      '该用户已在此上级名下',
    );
  });

  it('refuses a parent with lower points, a non-agent parent, itself and its downline', async () => {
    const low = await member(null, { agent: true, points: 5 });
    const plain = await member(null, { points: 9 });
    const m = await member(null, { agent: true, points: 6 });
    const kid = await member(m, { agent: true, points: 3 });
    const grandkid = await member(kid, { points: 2 });
    const points = await op.post('/v1/admin/agents/move', { userId: m, parentId: low });
    expect(points.code).toBe(-1);
    expect(points.msg).toContain('新上级返点不足');
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: plain })).msg).toBe(
      '新上级不是代理，不能接收下级',
    );
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: m })).msg).toBe(
      '不能把用户移到自己名下',
    );
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: kid })).msg).toBe(
      '不能把用户移到其自己的下级名下',
    );
    await sql`update users set is_agent = true where id = ${grandkid}`;
    await setPoints(sql, grandkid, all(6));
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: grandkid })).msg).toBe(
      '不能把用户移到其自己的下级名下',
    );
    expect(
      (await op.post('/v1/admin/agents/move', { userId: 99_999_999, parentId: low })).msg,
    ).toBe('用户不存在');
    expect((await op.post('/v1/admin/agents/move', { userId: m, parentId: 99_999_999 })).msg).toBe(
      '新上级不存在',
    );
    expect((await sql`select parent_id from users where id = ${m}`)[0]!.parent_id).toBeNull();
    await expectClosureExact();
  });

  it('two crossing moves never make a cycle', async () => {
    const x = await member(null, { agent: true, points: 5 });
    const y = await member(null, { agent: true, points: 5 });
    const [r1, r2] = await Promise.all([
      op.post('/v1/admin/agents/move', { userId: x, parentId: y }),
      op.post('/v1/admin/agents/move', { userId: y, parentId: x }),
    ]);
    expect([r1.code, r2.code].sort()).toEqual([-1, 1]);
    await expectClosureExact();
  });
});

describe('default points', () => {
  it('reads and writes the per-family defaults, which change accounts without rows', async () => {
    const plain = await member(null);
    const before = await op.get('/v1/admin/agents/defaultRebate');
    expect(Object.keys(before.data.rebate)).toEqual([...REBATE_FAMILIES]);
    const wire = Object.fromEntries(REBATE_FAMILIES.map((f) => [f, f === 'SSC' ? '6.5' : '7']));
    const res = await op.post('/v1/admin/agents/defaultRebate', { rebate: JSON.stringify(wire) });
    expect(res).toMatchObject({ code: 1, data: { rebate: wire } });
    clearDefaultGroupCache();
    const points = await pointsOf(sql, plain);
    expect(points.SSC).toBe(6.5);
    expect(points.K3).toBe(7);
    const [setting] = await sql<{ value: { families: Record<string, number> } }[]>`
      select value from site_settings where key = 'lottery_default_group'`;
    expect(setting!.value.families.SSC).toBe(1930);
    expect((await op.get('/v1/admin/agents/defaultRebate')).data.rebate).toEqual(wire);
  });

  it('refuses defaults that would break the tree rule, and bad maps, in Chinese', async () => {
    const parent = await member(null, { agent: true });
    await member(parent, { points: 6.8 });
    const low = Object.fromEntries(REBATE_FAMILIES.map((f) => [f, '6']));
    const res = await op.post('/v1/admin/agents/defaultRebate', { rebate: JSON.stringify(low) });
    expect(res.msg).toBe(`${REBATE_FAMILIES[0]} 默认返点不能低于其下级已设的 6.8`);
    expect((await op.post('/v1/admin/agents/defaultRebate', { rebate: 'nope' })).msg).toBe(
      '返点格式错误',
    );
    expect((await op.post('/v1/admin/agents/defaultRebate', { rebate: '{"SSC":"11"}' })).code).toBe(
      -1,
    );
  });
});

describe('access', () => {
  it('refuses players and agents on every call', async () => {
    const agent = await sessionClient('agent77', { isAgent: true });
    for (const c of [agent, ctx.client()]) {
      for (const call of [
        () => c.get('/v1/admin/agents/tree'),
        () => c.get('/v1/admin/agents/search', { userName: 'a' }),
        () => c.post('/v1/admin/agents/move', { userId: 1, parentId: 0 }),
        () => c.get('/v1/admin/agents/defaultRebate'),
        () => c.post('/v1/admin/agents/defaultRebate', { rebate: '{}' }),
      ]) {
        const res = await call();
        expect(res.code).not.toBe(1);
      }
    }
    const res = await agent.get('/v1/admin/agents/tree');
    expect(res.status).toBe(403);
    expect(res.msg).toBe('没有权限');
  });
});
