/** Agent members: the member list and editing a direct member points. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pointsOf } from '../../src/server/agent/points.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { flat, fromWire, loggedInAs, rebateJson, topAgent } from './agent-fixtures.ts';
import { transferIds } from '../../src/domain/transferIds.ts';
import { ctx, newName, open } from './agent-members-fixtures.ts';

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
