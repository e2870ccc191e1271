/**
 * Invite codes and register with a code (issue 15): the code's points never above the creator's,
 * the new user placed under the owner with the code's points and agent flag, deleted and stale codes
 * refused, one use counted per registration even when they race, and every kind of bad input refused
 * with a Chinese message, never a 500.
 */
import { describe, expect, it } from 'vitest';
import { REBATE_FAMILIES } from '../../src/domain/agent/points.ts';
import { MAX_LIVE_INVITE_CODES } from '../../src/domain/agent/inviteCodes.ts';
import { defaultPoints, pointsOf, setPoints } from '../../src/server/agent/points.ts';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { setupTestApp } from './helpers.ts';
import {
  flat,
  fromWire,
  nextIp,
  rebateJson,
  registerWithCode,
  topAgent,
} from './agent-fixtures.ts';

const ctx = await setupTestApp();

const useCount = async (id: number) =>
  (await ctx.sql<{ use_count: number }[]>`select use_count from invite_codes where id = ${id}`)[0]
    .use_count;

describe('invite codes', () => {
  it('creates, lists, re-remarks and deletes a code; the code is 8 digits', async () => {
    const agent = await topAgent(ctx, { ...flat(8), SSC: 7.5 });
    const points = { ...flat(6), SSC: 7.5, GAME: 0.5 };
    const made = await agent.post('/v1/users/createInviteCode', {
      rebate: rebateJson(points),
      isAgent: 1,
      remark: '朋友',
    });
    expect(made).toMatchObject({
      code: 1,
      data: { id: expect.any(Number), inviteCode: expect.stringMatching(/^\d{8}$/) },
    });
    const member = await agent.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(3)),
      isAgent: 0,
    });
    expect(member.code).toBe(1);

    const all = await agent.get('/v1/users/inviteCode');
    expect(all.data.total).toBe(2);
    expect(all.data.list[1]).toMatchObject({
      id: made.data.id,
      inviteCode: made.data.inviteCode,
      isAgent: 1,
      remark: '朋友',
      useCount: 0,
    });
    expect(fromWire(all.data.list[1].rebate)).toEqual(points);
    expect(all.data.list[1].rebate.SSC).toBe('7.5');
    expect(
      (await agent.get('/v1/users/inviteCode', { isAgent: 0 })).data.list.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([member.data.id]);
    expect(
      (await agent.get('/v1/users/inviteCode', { pageNum: 2, pageSize: 1 })).data,
    ).toMatchObject({ total: 2, list: [{ id: made.data.id }] });
    expect((await agent.get('/v1/users/inviteCode', { pageNum: 9 })).data).toEqual({
      list: [],
      total: 2,
    });

    expect(
      (
        await agent.post('/v1/users/updateInviteCodeRemark', {
          inviteCodeId: made.data.id,
          remark: '同事',
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await agent.post('/v1/users/updateInviteCodeRemark', {
          inviteCodeId: made.data.id,
          remark: '长'.repeat(51),
        })
      ).msg,
    ).toBe('备注最多 50 个字');
    expect((await agent.get('/v1/users/inviteCode', { isAgent: 1 })).data.list[0].remark).toBe(
      '同事',
    );

    expect(
      (await agent.post('/v1/users/deleteInviteCode', { inviteCodeId: made.data.id })).code,
    ).toBe(1);
    expect(
      (await agent.post('/v1/users/deleteInviteCode', { inviteCodeId: made.data.id })).msg,
    ).toBe('邀请码不存在');
    expect((await agent.get('/v1/users/inviteCode')).data.total).toBe(1);
    const reg = await registerWithCode(ctx, 'deleted_code1', made.data.inviteCode);
    expect(reg.res).toMatchObject({ code: -1, msg: '邀请码不存在或已失效' });
    expect(await useCount(made.data.id)).toBe(0);
  });

  it("refuses points above the creator's own on any family", async () => {
    const agent = await topAgent(ctx, { ...flat(8), K3: 5 });
    for (const family of REBATE_FAMILIES) {
      const res = await agent.post('/v1/users/createInviteCode', {
        rebate: rebateJson({ ...flat(5), [family]: family === 'K3' ? 5.1 : 8.1 }),
        isAgent: 0,
      });
      expect(res.code, family).toBe(-1);
      expect(res.msg).toMatch(new RegExp(`^${family} 返点不能高于上级的 (5|8)$`));
    }
    expect(
      (await ctx.sql`select 1 from invite_codes where owner_id = ${agent.userId}`).length,
    ).toBe(0);
  });

  it('refuses every kind of bad input with a Chinese message, never a 500', async () => {
    const agent = await topAgent(ctx);
    const bad: Record<string, string>[] = [
      { rebate: 'not json', isAgent: '1' },
      { rebate: '[]', isAgent: '1' },
      { rebate: 'null', isAgent: '1' },
      { rebate: '"7"', isAgent: '1' },
      { rebate: rebateJson({ ...flat(1), XYZ: 1 }), isAgent: '1' },
      {
        rebate: JSON.stringify(Object.fromEntries(REBATE_FAMILIES.slice(1).map((f) => [f, '1']))),
        isAgent: '1',
      },
      { rebate: rebateJson({ ...flat(1), SSC: 11 }), isAgent: '1' },
      { rebate: rebateJson({ ...flat(1), SSC: '1.25' }), isAgent: '1' },
      { rebate: rebateJson({ ...flat(1), SSC: -1 }), isAgent: '1' },
      { rebate: rebateJson({ ...flat(1), SSC: '1e309' }), isAgent: '1' },
      { rebate: rebateJson({ ...flat(1), SSC: '9'.repeat(400) }), isAgent: '1' },
      { rebate: JSON.stringify({ ...flat(1), SSC: { a: 1 } }), isAgent: '1' },
      { rebate: 'x'.repeat(5000), isAgent: '1' },
      { rebate: rebateJson(flat(1)), isAgent: '2' },
      { rebate: rebateJson(flat(1)), isAgent: 'x' },
      { rebate: rebateJson(flat(1)) },
      { rebate: rebateJson(flat(1)), isAgent: '1', extra: '1' },
      { rebate: rebateJson(flat(1)), isAgent: '1', remark: 'x'.repeat(51) },
      { rebate: rebateJson(flat(1)), isAgent: '1', remark: 'a\u0000b' },
    ];
    for (const form of bad) {
      const res = await agent.post('/v1/users/createInviteCode', form);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
      expect(res.code).toBe(-1);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '1e309', '']) {
      for (const path of ['/v1/users/deleteInviteCode', '/v1/users/updateInviteCodeRemark']) {
        const res = await agent.post(path, { inviteCodeId: id, remark: 'a' });
        expect(res.status).toBeLessThan(500);
        expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    const queries: Record<string, string | number>[] = [
      { isAgent: 5 },
      { pageSize: 51 },
      { pageNum: 0 },
      { pageNum: 'x' },
      { pageSize: '1e309' },
    ];
    for (const q of queries) {
      const res = await agent.get('/v1/users/inviteCode', q);
      expect(res.status).toBeLessThan(500);
      expect(res.code).toBe(-1);
    }
    expect(
      (await ctx.sql`select 1 from invite_codes where owner_id = ${agent.userId}`).length,
    ).toBe(0);
  });

  it('keeps at most 50 live codes per agent; a deleted one frees a place', async () => {
    const agent = await topAgent(ctx);
    const ids: number[] = [];
    for (let i = 0; i < MAX_LIVE_INVITE_CODES; i++) {
      const res = await agent.post('/v1/users/createInviteCode', {
        rebate: rebateJson(flat(1)),
        isAgent: 0,
      });
      expect(res.code).toBe(1);
      ids.push(res.data.id);
    }
    const codes =
      await ctx.sql`select distinct code from invite_codes where owner_id = ${agent.userId}`;
    expect(codes.length).toBe(MAX_LIVE_INVITE_CODES);
    const over = await agent.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(1)),
      isAgent: 0,
    });
    expect(over).toMatchObject({ code: -1, msg: '邀请码最多保留 50 个，请先删除不用的邀请码' });
    await agent.post('/v1/users/deleteInviteCode', { inviteCodeId: ids[0] });
    expect(
      (await agent.post('/v1/users/createInviteCode', { rebate: rebateJson(flat(1)), isAgent: 0 }))
        .code,
    ).toBe(1);
  });

  it("never lets an agent touch another agent's code", async () => {
    const a = await topAgent(ctx);
    const b = await topAgent(ctx);
    const made = await a.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(1)),
      isAgent: 0,
      remark: 'mine',
    });
    expect(
      (
        await b.post('/v1/users/updateInviteCodeRemark', {
          inviteCodeId: made.data.id,
          remark: 'x',
        })
      ).msg,
    ).toBe('邀请码不存在');
    expect((await b.post('/v1/users/deleteInviteCode', { inviteCodeId: made.data.id })).msg).toBe(
      '邀请码不存在',
    );
    expect((await b.get('/v1/users/inviteCode')).data).toEqual({ list: [], total: 0 });
    const [row] =
      await ctx.sql`select remark, deleted_at from invite_codes where id = ${made.data.id}`;
    expect(row).toEqual({ remark: 'mine', deleted_at: null });
  });
});

describe('register with an invite code', () => {
  it("places the user under the owner with the code's points and agent flag, counting the use", async () => {
    const owner = await topAgent(ctx, flat(8));
    const agentPoints = { ...flat(7), SSC: 6.5, GAME: 1 };
    const agentCode = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(agentPoints),
      isAgent: 1,
    });
    const memberCode = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(4)),
      isAgent: 0,
    });

    const a = await registerWithCode(ctx, 'code_agent1', agentCode.data.inviteCode);
    expect(a.res.code).toBe(1);
    expect(a.res.data.user).toMatchObject({ userName: 'code_agent1', agent: true });
    const [ua] =
      await ctx.sql`select id, parent_id, is_agent, register_invite_code from users where user_name = 'code_agent1'`;
    expect({
      parent: Number(ua.parent_id),
      agent: ua.is_agent,
      code: ua.register_invite_code,
    }).toEqual({ parent: owner.userId, agent: true, code: agentCode.data.inviteCode });
    expect(await pointsOf(ctx.sql, Number(ua.id))).toEqual(agentPoints);
    expect(fromWire((await a.client.get('/v1/users/rebate')).data.rebate)).toEqual(agentPoints);
    expect((await a.client.get('/v1/users/rebate')).data.isAgent).toBe(1);
    // an agent also gets the operator's defaults, where its invite and 开户 forms start
    expect(fromWire((await a.client.get('/v1/users/rebate')).data.defaultRebate)).toEqual(
      await defaultPoints(ctx.sql),
    );
    // the new agent's own calls work at once, bounded by the code's points
    expect(
      (
        await a.client.post('/v1/users/createInviteCode', {
          rebate: rebateJson(flat(7)),
          isAgent: 0,
        })
      ).msg,
    ).toBe('SSC 返点不能高于上级的 6.5');

    const m = await registerWithCode(ctx, 'code_member1', memberCode.data.inviteCode);
    expect(m.res.data.user.agent).toBe(false);
    const [um] =
      await ctx.sql`select id, parent_id, is_agent from users where user_name = 'code_member1'`;
    expect(Number(um.parent_id)).toBe(owner.userId);
    expect(await pointsOf(ctx.sql, Number(um.id))).toEqual(flat(4));
    expect((await m.client.get('/v1/users/inviteCode')).msg).toBe('您还不是代理，无法使用代理功能');

    expect(await useCount(agentCode.data.id)).toBe(1);
    expect(await useCount(memberCode.data.id)).toBe(1);
    const list = (await owner.get('/v1/users/inviteCode')).data.list;
    expect(list.map((r: { useCount: number }) => r.useCount)).toEqual([1, 1]);
  });

  it('refuses an unknown or malformed code; without a code register is unchanged', async () => {
    expect((await registerWithCode(ctx, 'nocode_1', '00000000')).res).toMatchObject({
      code: -1,
      msg: '邀请码不存在或已失效',
    });
    for (const bad of ['1234567', '123456789', 'abcdefgh', '1234 678', '', '1'.repeat(5000)]) {
      const { res } = await registerWithCode(ctx, 'nocode_1', bad);
      expect(res.status).toBeLessThan(500);
      expect(res.msg).toBe('邀请码格式不正确');
    }
    expect((await ctx.sql`select 1 from users where user_name = 'nocode_1'`).length).toBe(0);
    const ic = await issueImageCode(ctx.sql);
    const hash = loginPasswordHash('nocode_2', 'pass1234');
    const res = await ctx.client(nextIp()).post('/v1/users/register', {
      userName: 'nocode_2',
      password: hash,
      confirmPassword: hash,
      imageKey: ic.imageKey,
      imageCode: ic.answer,
    });
    expect(res.code).toBe(1);
    const [u] = await ctx.sql`select parent_id, is_agent from users where user_name = 'nocode_2'`;
    expect(u).toEqual({ parent_id: null, is_agent: false });
  });

  it('does not count a use when the registration fails (name taken)', async () => {
    const owner = await topAgent(ctx);
    const code = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(2)),
      isAgent: 0,
    });
    expect((await registerWithCode(ctx, 'taken_name1', code.data.inviteCode)).res.code).toBe(1);
    expect((await registerWithCode(ctx, 'TAKEN_NAME1', code.data.inviteCode)).res.msg).toBe(
      '该用户名已被注册',
    );
    expect(await useCount(code.data.id)).toBe(1);
  });

  it("refuses a code whose points are above the owner's current points (the owner was lowered)", async () => {
    const owner = await topAgent(ctx, flat(8));
    const code = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(7)),
      isAgent: 0,
    });
    await setPoints(ctx.sql, owner.userId, flat(6));
    const { res } = await registerWithCode(ctx, 'stale_code1', code.data.inviteCode);
    expect(res).toMatchObject({
      code: -1,
      msg: '该邀请码的返点已高于上级当前返点，请联系上级更换邀请码',
    });
    expect(await useCount(code.data.id)).toBe(0);
    expect((await ctx.sql`select 1 from users where user_name = 'stale_code1'`).length).toBe(0);
  });

  it('refuses a code whose owner is no longer an agent', async () => {
    const owner = await topAgent(ctx);
    const code = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(2)),
      isAgent: 0,
    });
    await ctx.sql`update users set is_agent = false where id = ${owner.userId}`;
    expect((await registerWithCode(ctx, 'demoted_1', code.data.inviteCode)).res.msg).toBe(
      '邀请码不存在或已失效',
    );
  });

  it('counts concurrent registrations with one code exactly', async () => {
    const owner = await topAgent(ctx);
    const code = await owner.post('/v1/users/createInviteCode', {
      rebate: rebateJson(flat(3)),
      isAgent: 0,
    });
    const n = 12;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        registerWithCode(ctx, `race_reg_${i}`, code.data.inviteCode),
      ),
    );
    expect(results.map((r) => r.res.code)).toEqual(Array(n).fill(1));
    expect(await useCount(code.data.id)).toBe(n);
    const kids = await ctx.sql`select id from users where parent_id = ${owner.userId}`;
    expect(kids.length).toBe(n);
  });
});
