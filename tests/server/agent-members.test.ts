/**
 * The agent's downline calls (issue 15): the member list (drill-down, search, breadcrumb, the
 * row's figures), the point editor and its bounds (never above the agent, never below what the
 * member already gave its own downline), opening a downline account, the agent-only refusal on
 * every agent call, and one team never seeing or editing another's members.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { AGENT_ONLY_MSG } from '../../src/server/auth/sessions.ts';
import agentRoutes from '../../src/server/agent/routes.ts';
import { pointsOf, setPoints } from '../../src/server/agent/points.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { setupTestApp } from './helpers.ts';
import {
  flat,
  fromWire,
  loggedInAs,
  rebateJson,
  topAgent,
  type AgentClient,
} from './agent-fixtures.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();

let nameSeq = 0;
const newName = (prefix: string) => `${prefix}${Date.now().toString(36)}${nameSeq++}`;

/** Opens a downline account through the wire; its id. */
async function open(
  agent: AgentClient,
  points: Record<string, number>,
  isAgent = 1,
  userName = newName('dl'),
) {
  const res = await agent.post('/v1/users/createLowerUser', {
    userName,
    password: loginPasswordHash(userName, 'pass1234'),
    isAgent,
    rebate: rebateJson(points),
  });
  if (res.code !== 1) throw new Error(`createLowerUser: ${res.msg}`);
  return { userId: res.data.userId as number, userName };
}

/** Every route the agent plugin registers with its auth level, read from the plugin itself. */
async function agentPluginRoutes(): Promise<{ method: string; url: string; auth: unknown }[]> {
  const probe = Fastify();
  probe.decorate('deps', ctx.app.deps);
  const out: { method: string; url: string; auth: unknown }[] = [];
  probe.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        out.push({ method, url: r.url, auth: (r.config as { auth?: unknown })?.auth });
  });
  await probe.register(agentRoutes as FastifyPluginAsync);
  await probe.ready();
  await probe.close();
  return out;
}

describe('the agent-only guard', () => {
  it('refuses a non-agent (and a guest) on every agent call, whatever the input', async () => {
    const routes = (await agentPluginRoutes()).filter((r) => r.url !== '/v1/users/rebate');
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/v1/users/createInviteCode',
      '/v1/users/createLowerUser',
      '/v1/users/deleteInviteCode',
      '/v1/users/inviteCode',
      '/v1/users/updateInviteCodeRemark',
      '/v1/users/updateLowerRebate',
      '/v1/users/userManage',
      '/v1/users/userManageList',
    ]);
    const agent = await topAgent(ctx);
    const member = await open(agent, flat(1), 0);
    const player = await loggedInAs(ctx, member.userName);
    const guest = ctx.client();
    const inputs: Record<string, string | number>[] = [
      {},
      {
        userId: member.userId,
        inviteCodeId: 1,
        rebate: rebateJson(flat(1)),
        isAgent: 1,
        userName: 'abcd1234',
        password: 'x',
      },
    ];
    for (const { method, url, auth } of routes) {
      expect(auth, url).toBe('agent');
      for (const input of inputs) {
        const res = method === 'GET' ? await player.get(url, input) : await player.post(url, input);
        expect({ url, status: res.status, code: res.code, msg: res.msg }).toEqual({
          url,
          status: 403,
          code: -1,
          msg: AGENT_ONLY_MSG,
        });
        const g = method === 'GET' ? await guest.get(url, input) : await guest.post(url, input);
        expect(g.msg, url).toBe('请先登录');
      }
    }
    // and its own points stay readable to any signed-in user
    expect((await player.get('/v1/users/rebate')).data).toEqual({
      isAgent: 0,
      rebate: Object.fromEntries(Object.keys(flat(1)).map((f) => [f, '1'])),
    });
  });
});

describe('opening a downline account', () => {
  it('opens it under the caller with the given points and agent flag; it logs in', async () => {
    const agent = await topAgent(ctx, { ...flat(8), PK10: 6 });
    const points = { ...flat(5), PK10: 6, GAME: 0 };
    const { userId, userName } = await open(agent, points, 1);
    const [u] = await ctx.sql`select parent_id, is_agent from users where id = ${userId}`;
    expect({ parent: Number(u.parent_id), agent: u.is_agent }).toEqual({
      parent: agent.userId,
      agent: true,
    });
    expect(await pointsOf(ctx.sql, userId)).toEqual(points);
    const sub = await loggedInAs(ctx, userName);
    expect((await sub.get('/v1/users/rebate')).data.isAgent).toBe(1);
    const m = await open(agent, flat(2), 0);
    expect((await ctx.sql`select is_agent from users where id = ${m.userId}`)[0].is_agent).toBe(
      false,
    );
  });

  it('refuses points above the caller, a taken name, a bad name or password, and changes nothing', async () => {
    const agent = await topAgent(ctx, { ...flat(8), SSC: 7 });
    const taken = await open(agent, flat(1), 0);
    const before = (await ctx.sql`select count(*)::int as n from users`)[0].n;
    const name = newName('bad');
    const hash = loginPasswordHash(name, 'pass1234');
    const cases: [Record<string, string | number>, string | RegExp][] = [
      [
        {
          userName: name,
          password: hash,
          isAgent: 1,
          rebate: rebateJson({ ...flat(1), SSC: 7.1 }),
        },
        'SSC 返点不能高于上级的 7',
      ],
      [
        {
          userName: taken.userName.toUpperCase(),
          password: hash,
          isAgent: 0,
          rebate: rebateJson(flat(1)),
        },
        '该用户名已被注册',
      ],
      [{ userName: 'ab', password: hash, isAgent: 0, rebate: rebateJson(flat(1)) }, /用户名/],
      [{ userName: 'a b c d', password: hash, isAgent: 0, rebate: rebateJson(flat(1)) }, /用户名/],
      [{ userName: name, password: 'pass1234', isAgent: 0, rebate: rebateJson(flat(1)) }, /密码/],
      [
        { userName: name, password: hash, isAgent: 3, rebate: rebateJson(flat(1)) },
        /[\u4e00-\u9fa5]/,
      ],
      [{ userName: name, password: hash, isAgent: 0, rebate: '{"SSC":"1"}' }, /返点/],
      [
        {
          userName: name,
          password: hash,
          isAgent: 0,
          rebate: rebateJson({ ...flat(1), SSC: '0.55' }),
        },
        /返点格式错误/,
      ],
      [
        {
          userName: name,
          password: hash,
          isAgent: 0,
          rebate: rebateJson({ ...flat(1), SSC: '-0.5' }),
        },
        /返点格式错误/,
      ],
      [
        {
          userName: name,
          password: hash,
          isAgent: 0,
          rebate: rebateJson({ ...flat(1), SSC: '1e2' }),
        },
        /返点格式错误/,
      ],
    ];
    for (const [form, msg] of cases) {
      const res = await agent.post('/v1/users/createLowerUser', form);
      expect(res.status).toBeLessThan(500);
      expect(res.code).toBe(-1);
      expect(res.msg).toMatch(msg);
    }
    expect((await ctx.sql`select count(*)::int as n from users`)[0].n).toBe(before);
  });
});

describe('the member list', () => {
  it('lists direct members with their figures, drills down with a breadcrumb and searches the team by prefix', async () => {
    const agent = await topAgent(ctx, flat(8));
    const sub = await open(agent, flat(6), 1, newName('subag'));
    const kid = await open(agent, { ...flat(3), SSC: 2.5 }, 0, newName('kid'));
    const subClient = await loggedInAs(ctx, sub.userName);
    const grand = await open(
      Object.assign(subClient, sub, { password: 'pass1234' }),
      flat(4),
      0,
      newName('grand'),
    );
    await transfer(ctx.sql, {
      transferId: transferIds.fixture(`agent-test:${crypto.randomUUID()}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId: kid.userId },
      amountFen: 12_345,
      typeCode: 114,
      userId: kid.userId,
    });
    await ctx.sql`update users set grade = 2 where id = ${kid.userId}`;

    const top = await agent.get('/v1/users/userManage');
    expect(top.data.total).toBe(2);
    expect(top.data.path).toEqual([{ userId: agent.userId, userName: agent.userName }]);
    const kidRow = top.data.list.find((r: { userId: number }) => r.userId === kid.userId);
    expect(kidRow).toMatchObject({
      userName: kid.userName,
      isAgent: 0,
      online: false,
      balance: '123.45',
      lastLoginTime: null,
      grade: 2,
      childCount: 0,
    });
    expect(kidRow.rebate.SSC).toBe('2.5');
    expect(typeof kidRow.registerTime).toBe('number');
    const subRow = top.data.list.find((r: { userId: number }) => r.userId === sub.userId);
    expect(subRow).toMatchObject({ isAgent: 1, online: true, balance: '0.00', childCount: 1 });
    expect(typeof subRow.lastLoginTime).toBe('number');
    expect(fromWire(subRow.rebate)).toEqual(flat(6));

    expect(
      (await agent.get('/v1/users/userManage', { isAgent: 1 })).data.list.map(
        (r: { userId: number }) => r.userId,
      ),
    ).toEqual([sub.userId]);
    expect(
      (await agent.get('/v1/users/userManage', { isAgent: 0 })).data.list.map(
        (r: { userId: number }) => r.userId,
      ),
    ).toEqual([kid.userId]);
    expect(
      (await agent.get('/v1/users/userManage', { pageSize: 1, pageNum: 2 })).data,
    ).toMatchObject({ total: 2, list: [{ userId: sub.userId }] });

    const down = await agent.get('/v1/users/userManage', { parentId: sub.userId });
    expect(down.data.list.map((r: { userId: number }) => r.userId)).toEqual([grand.userId]);
    expect(down.data.path).toEqual([
      { userId: agent.userId, userName: agent.userName },
      { userId: sub.userId, userName: sub.userName },
    ]);
    const deeper = await agent.get('/v1/users/userManage', { parentId: grand.userId });
    expect(deeper.data).toMatchObject({ list: [], total: 0 });
    expect(deeper.data.path.map((p: { userId: number }) => p.userId)).toEqual([
      agent.userId,
      sub.userId,
      grand.userId,
    ]);

    const found = await agent.get('/v1/users/userManage', {
      userName: grand.userName.slice(0, 6).toUpperCase(),
    });
    expect(found.data.list.map((r: { userId: number }) => r.userId)).toEqual([grand.userId]);
    expect((await agent.get('/v1/users/userManage', { userName: '%' })).code).toBe(-1);
    expect((await agent.get('/v1/users/userManage', { userName: '_' })).data.total).toBe(0);
    // the sub-agent sees only its own part of the tree
    expect((await subClient.get('/v1/users/userManage', { parentId: agent.userId })).msg).toBe(
      '该用户不是您的下级',
    );
    expect(
      (await subClient.get('/v1/users/userManage', { userName: kid.userName })).data.total,
    ).toBe(0);
  });
});

describe("editing a direct member's points", () => {
  it("stays between the member's own downline and the agent's points", async () => {
    const agent = await topAgent(ctx, flat(8));
    const sub = await open(agent, flat(6), 1);
    const subClient = Object.assign(await loggedInAs(ctx, sub.userName), sub, {
      password: 'pass1234',
    });
    await open(subClient, { ...flat(2), SSC: 5 }, 0);
    await open(subClient, { ...flat(3), GAME: 1 }, 0);

    const editor = await agent.get('/v1/users/userManageList', { userId: sub.userId });
    expect(editor.data).toMatchObject({ userId: sub.userId, userName: sub.userName, isAgent: 1 });
    expect(fromWire(editor.data.rebate)).toEqual(flat(6));
    expect(fromWire(editor.data.minRebate)).toEqual({ ...flat(3), SSC: 5, GAME: 2 });
    expect(fromWire(editor.data.maxRebate)).toEqual(flat(8));

    const edit = (points: Record<string, number>) =>
      agent.post('/v1/users/updateLowerRebate', { userId: sub.userId, rebate: rebateJson(points) });
    expect((await edit({ ...flat(4), SSC: 4.9 })).msg).toBe('SSC 返点不能低于其下级已使用的 5');
    expect((await edit({ ...flat(2.9), SSC: 5 })).msg).toMatch(/返点不能低于其下级已使用的 3$/);
    expect((await edit({ ...flat(8), GAME: 8.1 })).msg).toBe('GAME 返点不能高于上级的 8');
    expect(await pointsOf(ctx.sql, sub.userId)).toEqual(flat(6));
    expect((await edit({ ...flat(3), SSC: 5 })).code).toBe(1);
    expect(await pointsOf(ctx.sql, sub.userId)).toEqual({ ...flat(3), SSC: 5 });
    expect((await edit(flat(8))).code).toBe(1);
    expect(await pointsOf(ctx.sql, sub.userId)).toEqual(flat(8));

    // the member's downline is not the agent's to edit directly
    const grandId = Number(
      (await ctx.sql`select id from users where parent_id = ${sub.userId} limit 1`)[0].id,
    );
    expect((await agent.get('/v1/users/userManageList', { userId: grandId })).msg).toBe(
      '只能修改您直属下级的返点',
    );
    expect(
      (
        await agent.post('/v1/users/updateLowerRebate', {
          userId: grandId,
          rebate: rebateJson(flat(1)),
        })
      ).msg,
    ).toBe('只能修改您直属下级的返点');
    // nor is the agent itself
    expect(
      (
        await agent.post('/v1/users/updateLowerRebate', {
          userId: agent.userId,
          rebate: rebateJson(flat(1)),
        })
      ).msg,
    ).toBe('该用户不是您的下级');
  });

  it('refuses bad input of every kind with a Chinese message, never a 500', async () => {
    const agent = await topAgent(ctx, flat(8));
    const sub = await open(agent, flat(6), 1);
    const forms: Record<string, string>[] = [
      { userId: String(sub.userId), rebate: '{' },
      { userId: String(sub.userId), rebate: rebateJson({ ...flat(1), EXTRA: 1 }) },
      { userId: String(sub.userId), rebate: rebateJson({ ...flat(1), SSC: 10.5 }) },
      { userId: String(sub.userId), rebate: rebateJson({ ...flat(1), SSC: '1.55' }) },
      { userId: 'abc', rebate: rebateJson(flat(1)) },
      { userId: '-5', rebate: rebateJson(flat(1)) },
      { userId: '1e309', rebate: rebateJson(flat(1)) },
      { userId: '123456789012345678901234567890', rebate: rebateJson(flat(1)) },
      { userId: String(sub.userId) },
    ];
    for (const form of forms) {
      const res = await agent.post('/v1/users/updateLowerRebate', form);
      expect(res.status).toBeLessThan(500);
      expect(res.code).toBe(-1);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const editorQueries: Record<string, string>[] = [
      { userId: 'x' },
      { userId: '0' },
      { userId: '99999999999999999999' },
      {},
    ];
    for (const q of editorQueries) {
      const res = await agent.get('/v1/users/userManageList', q);
      expect(res.status).toBeLessThan(500);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const listQueries: Record<string, string | number>[] = [
      { parentId: 'x' },
      { parentId: '-1' },
      { isAgent: 2 },
      { userName: 'a'.repeat(21) },
      { pageSize: 1000 },
      { parentId: '9007199254740991' },
    ];
    for (const q of listQueries) {
      const res = await agent.get('/v1/users/userManage', q);
      expect(res.status).toBeLessThan(500);
      expect(res.code).toBe(-1);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await pointsOf(ctx.sql, sub.userId)).toEqual(flat(6));
  });
});

describe('one team never reaches another', () => {
  it("refuses another team's members on every call and never lists them", async () => {
    const a = await topAgent(ctx, flat(8));
    const b = await topAgent(ctx, flat(8));
    const bSub = await open(b, flat(5), 1);
    const bKid = await open(b, flat(2), 0);
    await setPoints(ctx.sql, a.userId, flat(8));
    for (const id of [bSub.userId, bKid.userId, b.userId]) {
      expect((await a.get('/v1/users/userManage', { parentId: id })).msg).toBe(
        '该用户不是您的下级',
      );
      expect((await a.get('/v1/users/userManageList', { userId: id })).msg).toBe(
        '该用户不是您的下级',
      );
      expect(
        (await a.post('/v1/users/updateLowerRebate', { userId: id, rebate: rebateJson(flat(1)) }))
          .msg,
      ).toBe('该用户不是您的下级');
    }
    expect((await a.get('/v1/users/userManage', { userName: bSub.userName })).data).toMatchObject({
      list: [],
      total: 0,
    });
    expect((await a.get('/v1/users/userManage')).data).toMatchObject({ list: [], total: 0 });
    expect(await pointsOf(ctx.sql, bSub.userId)).toEqual(flat(5));
    expect(await pointsOf(ctx.sql, bKid.userId)).toEqual(flat(2));
  });
});
