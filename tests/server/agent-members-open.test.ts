/**
 * Agent members: the agent-only guard, opening a downline account, and one team never reaching
 * another.
 */
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { AGENT_ONLY_MSG } from '../../src/server/auth/sessions.ts';
import { pointsOf, setPoints } from '../../src/server/agent/points.ts';
import { flat, loggedInAs, rebateJson, topAgent } from './agent-fixtures.ts';
import { ctx, newName, open, agentPluginRoutes } from './agent-members-fixtures.ts';

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
