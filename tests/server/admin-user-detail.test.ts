/**
 * The operator's page of one user (/admin/user/:id): the detail, bets and login history reads, the
 * password reset, the turnover waiver (one requirement or all), freeze/unfreeze and force logout;
 * and 充值流水倍数 set to 0 waiving the recharge requirements already made. Every POST is in the
 * operator audit log with who, when and why.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { addTurnover } from '../../src/server/withdraw/turnover.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import { dwdEntry, fund, requestId, saleIssue } from './betting-fixtures.ts';
import { insertCard, setSettings } from './withdraw-fixtures.ts';

const ctx = await setupTestApp();
type User = TestClient & { userId: number; userName: string; password: string };

const DETAIL = '/v1/admin/users/detail';
const BETS = '/v1/admin/users/bets';
const LOGINS = '/v1/admin/users/logins';
const RESET = '/v1/admin/users/resetPassword';
const WAIVE = '/v1/admin/users/waiveTurnover';
const BALANCE = '/v1/balance/queryBalanceFront';
const FLOWS = '/v1/transaction/getWithdrawLimitFlowList';

let op: User;
let agent: User;
let player: User;
beforeAll(async () => {
  op = await ctx.userClient({ userName: 'boss01', isOperator: true });
  agent = await ctx.userClient({ userName: 'agent01', isAgent: true });
  player = await ctx.userClient({ userName: 'player01' });
  await ctx.sql`update users set parent_id = ${agent.userId}, grade = 3, real_name = '张三丰', phone = '13800138000' where id = ${player.userId}`;
  await fund(ctx.sql, player.userId, 12_345);
  await insertCard(ctx.sql, player.userId, { accountNo: '6225880012345678' });
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
});

async function requirement(
  userId: number,
  ref: string,
  source: 'recharge' | 'activity' = 'recharge',
  baseFen = 10_000,
) {
  await ctx.sql.begin((tx) => addTurnover(tx, { userId, baseFen, source, ref, percent: 100 }));
}

async function lastAudit(path: string) {
  const [row] = await ctx.sql<
    { operator_name: string; body: Record<string, string>; outcome: number; created_at: Date }[]
  >`
    select operator_name, body, outcome, created_at from admin_audit where path = ${path} order by id desc limit 1`;
  return row;
}

const BAD_IDS: [string, Record<string, string | number>][] = [
  ['no id', {}],
  ['id 0', { userId: 0 }],
  ['negative id', { userId: -3 }],
  ['text id', { userId: 'abc' }],
  ['fractional id', { userId: '1.5' }],
  ['huge id', { userId: '1e309' }],
];

describe('user detail', () => {
  it('shows profile, grade, agent chain, balances, masked cards and open turnover', async () => {
    await requirement(player.userId, `detail:${player.userId}`);
    const res = await op.get(DETAIL, { userId: player.userId });
    expect(res.code, res.msg).toBe(1);
    const d = res.data;
    expect(d.profile).toMatchObject({
      userId: player.userId,
      userName: 'player01',
      realName: '张三丰',
      phone: '13800138000',
      status: 'active',
      agent: false,
      operator: false,
    });
    expect(d.profile.lastLoginIp).toBe('127.0.0.1');
    expect(d.grade).toMatchObject({ grade: 3 });
    expect(typeof d.grade.name).toBe('string');
    expect(d.uplines).toEqual([{ userId: agent.userId, userName: 'agent01', depth: 1 }]);
    expect(d.balances.find((b: { kind: string }) => b.kind === 'player')).toMatchObject({
      balance: '123.45',
    });
    expect(d.cards).toHaveLength(1);
    expect(d.cards[0].accountNo).not.toContain('12345678');
    expect(d.cards[0].accountNo).toMatch(/5678$/);
    expect(d.turnover.flows[0]).toMatchObject({
      source: 'recharge',
      required: '100.00',
      remaining: '100.00',
    });
    expect(d.turnover.remaining).toBe('100.00');
    await op.post(WAIVE, { userId: player.userId, reason: '清理测试流水' });
  });

  it('answers 用户不存在 for an unknown id, 400 for junk ids', async () => {
    expect(await op.get(DETAIL, { userId: 999_999 })).toMatchObject({
      code: -1,
      msg: '用户不存在',
    });
    for (const [, q] of BAD_IDS) {
      const res = await op.get(DETAIL, q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.code).toBe(-1);
    }
  });

  it('refuses players and callers without a session', async () => {
    for (const path of [DETAIL, BETS, LOGINS]) {
      const res = await player.get(path, { userId: player.userId });
      expect(res).toMatchObject({ status: 403, code: -1, msg: '没有权限' });
      expect((await ctx.client().get(path, { userId: player.userId })).code).toBe(0);
    }
  });
});

describe('bets and login history', () => {
  it('lists the user bets newest first, paged', async () => {
    const issue = await saleIssue(ctx.sql, '1008');
    for (let i = 0; i < 3; i++) {
      const placed = await player.post('/v1/betting/addBetting', {
        bettingData: JSON.stringify([dwdEntry(issue)]),
        requestId: requestId(),
      });
      expect(placed.code, placed.msg).toBe(1);
    }
    const orders = await ctx.sql<
      { order_no: string }[]
    >`select order_no from bets where user_id = ${player.userId} order by id desc`;
    const res = await op.get(BETS, { userId: player.userId, pageSize: 2 });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((b: { orderNo: string }) => b.orderNo)).toEqual([
      orders[0]!.order_no,
      orders[1]!.order_no,
    ]);
    expect(res.data.list[0]).toMatchObject({
      amount: '2.00',
      status: 'PENDING',
      statusText: '等待开奖',
      issue,
      lotteryName: expect.any(String),
      playName: expect.any(String),
    });
    const page2 = await op.get(BETS, { userId: player.userId, pageSize: 2, page: 2 });
    expect(page2.data.list).toHaveLength(1);
    expect((await op.get(BETS, { userId: player.userId, pageSize: 101 })).status).toBe(400);
  });

  it('records every login (time, IP, user agent) and lists them newest first', async () => {
    const u = await ctx.userClient({ userName: 'traveller1' });
    const other = ctx.client('10.1.2.3');
    expect((await other.login('traveller1', u.password)).code).toBe(1);
    const res = await op.get(LOGINS, { userId: u.userId });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((r: { ip: string }) => r.ip)).toEqual(['10.1.2.3', '127.0.0.1']);
    expect(String(res.data.list[0].createdAt)).toMatch(/^\d{13}$/);
    expect(res.data.list[0]).toHaveProperty('userAgent');
    expect((await op.get(LOGINS, { userId: 999_999 })).msg).toBe('用户不存在');
  });

  it('records a register as the first login', async () => {
    const c = ctx.client('10.9.9.9');
    const hash = loginPasswordHash('newbie01', 'pass1234');
    const ic = await issueImageCode(ctx.sql);
    const reg = await c.post('/v1/users/register', {
      userName: 'newbie01',
      password: hash,
      confirmPassword: hash,
      imageKey: ic.imageKey,
      imageCode: ic.answer,
    });
    expect(reg.code, reg.msg).toBe(1);
    const [{ id }] = await ctx.sql<
      { id: number }[]
    >`select id from users where user_name = 'newbie01'`;
    const res = await op.get(LOGINS, { userId: id });
    expect(res.data.list.map((r: { ip: string }) => r.ip)).toEqual(['10.9.9.9']);
  });
});

describe('password reset', () => {
  it('sets the temporary password the operator chose, ends the sessions and is audited without the hash', async () => {
    const u = await ctx.userClient({ userName: 'forgetful' });
    const temp = loginPasswordHash('forgetful', 'temp8888');
    const res = await op.post(RESET, { userId: u.userId, password: temp });
    expect(res.code, res.msg).toBe(1);
    const after = await u.get(BALANCE);
    expect(after.code).not.toBe(1);
    const [{ end_reason }] =
      await ctx.sql`select end_reason from sessions where user_id = ${u.userId} order by id desc limit 1`;
    expect(end_reason).toBe('password_reset');
    expect((await ctx.client().login('forgetful', u.password)).code).toBe(-1);
    expect((await ctx.client().login('forgetful', 'temp8888')).code).toBe(1);
    const audit = await lastAudit(RESET);
    expect(audit).toMatchObject({ operator_name: 'boss01', outcome: 1 });
    expect(JSON.stringify(audit!.body)).not.toContain(temp);
  });

  it('refuses junk, unknown users, the operator own account and players; nothing changes', async () => {
    const u = await ctx.userClient({ userName: 'steady01' });
    const good = loginPasswordHash('steady01', 'other999');
    const junk: Record<string, string | number>[] = [
      { userId: u.userId },
      { userId: u.userId, password: 'plaintext' },
      { userId: u.userId, password: good.toUpperCase() },
      { userId: 0, password: good },
    ];
    for (const form of junk) {
      const res = await op.post(RESET, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
    }
    expect(await op.post(RESET, { userId: 999_999, password: good })).toMatchObject({
      code: -1,
      msg: '用户不存在',
    });
    expect(await op.post(RESET, { userId: op.userId, password: good })).toMatchObject({
      code: -1,
      msg: '不能在此重置自己的密码',
    });
    expect((await player.post(RESET, { userId: u.userId, password: good })).status).toBe(403);
    expect((await u.get(BALANCE)).code).toBe(1);
    expect((await ctx.client().login('steady01', u.password)).code).toBe(1);
  });
});

describe('turnover waiver', () => {
  it('waives one requirement with the reason, recorded with who and when; the player can withdraw past it', async () => {
    const u = await ctx.userClient({ userName: 'bettor01' });
    await requirement(u.userId, `w1:${u.userId}`);
    await requirement(u.userId, `w2:${u.userId}`);
    const flows = (await op.get(DETAIL, { userId: u.userId })).data.turnover.flows;
    expect(flows).toHaveLength(2);
    const res = await op.post(WAIVE, {
      userId: u.userId,
      flowId: flows[0].id,
      reason: '客服核实后免除',
    });
    expect(res).toMatchObject({ code: 1, data: { waived: 1 } });
    expect((await u.get(FLOWS)).data.totalRemaining).toBe('100.00');
    const [row] =
      await ctx.sql`select waived_by, waive_reason, cleared_at from turnover_flows where id = ${flows[0].id}`;
    expect(row).toMatchObject({ waived_by: op.userId, waive_reason: '客服核实后免除' });
    expect(row!.cleared_at).not.toBeNull();
    const audit = await lastAudit(WAIVE);
    expect(audit).toMatchObject({ operator_name: 'boss01', outcome: 1 });
    expect(audit!.body.reason).toBe('客服核实后免除');
    // all the rest
    expect((await op.post(WAIVE, { userId: u.userId, reason: '全部免除' })).data).toEqual({
      waived: 1,
    });
    expect((await u.get(FLOWS)).data.totalRemaining).toBe('0.00');
  });

  it('refuses a missing reason, another user requirement, an unknown user, junk and players', async () => {
    const u = await ctx.userClient({ userName: 'bettor02' });
    const v = await ctx.userClient({ userName: 'bettor03' });
    await requirement(v.userId, `w3:${v.userId}`);
    const [{ id }] = await ctx.sql<
      { id: number }[]
    >`select id from turnover_flows where user_id = ${v.userId}`;
    expect((await op.post(WAIVE, { userId: v.userId, reason: '   ' })).msg).toBe('请填写免除原因');
    expect((await op.post(WAIVE, { userId: v.userId })).status).toBe(400);
    expect((await op.post(WAIVE, { userId: v.userId, reason: '<b>x</b>' })).status).toBe(400);
    expect(await op.post(WAIVE, { userId: u.userId, flowId: id, reason: '错人' })).toMatchObject({
      code: -1,
      msg: '流水要求不存在或已完成',
    });
    expect(await op.post(WAIVE, { userId: 999_999, reason: '无此人' })).toMatchObject({
      code: -1,
      msg: '用户不存在',
    });
    expect((await op.post(WAIVE, { userId: v.userId, flowId: 'x', reason: '坏id' })).status).toBe(
      400,
    );
    expect((await player.post(WAIVE, { userId: v.userId, reason: '自己免' })).status).toBe(403);
    expect((await v.get(FLOWS)).data.totalRemaining).toBe('100.00');
  });

  it('setting 充值流水倍数 to 0 waives every open recharge requirement, recorded; activity ones stay', async () => {
    await setSettings(ctx.sql, { turnoverPercent: 100 });
    const a = await ctx.userClient({ userName: 'rich0001' });
    const b = await ctx.userClient({ userName: 'rich0002' });
    await requirement(a.userId, `z1:${a.userId}`);
    await requirement(b.userId, `z2:${b.userId}`);
    await requirement(b.userId, `z3:${b.userId}`, 'activity', 5_000);
    const keep = await op.post('/v1/admin/withdraw/settings', { turnoverPercent: 50 });
    expect(keep.code, keep.msg).toBe(1);
    expect((await a.get(FLOWS)).data.totalRemaining).toBe('100.00');
    const [{ n }] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from turnover_flows where source = 'recharge' and cleared_at is null`;
    expect(n).toBeGreaterThanOrEqual(2);
    const res = await op.post('/v1/admin/withdraw/settings', { turnoverPercent: 0 });
    expect(res).toMatchObject({ code: 1, msg: `保存成功，已免除${n}笔充值流水要求` });
    expect((await op.post('/v1/admin/withdraw/settings', { turnoverPercent: 0 })).msg).toBe(
      '保存成功',
    );
    expect((await a.get(FLOWS)).data.totalRemaining).toBe('0.00');
    expect((await b.get(FLOWS)).data.totalRemaining).toBe('50.00');
    const waived =
      await ctx.sql`select waived_by, waive_reason from turnover_flows where source = 'recharge' and user_id in (${a.userId}, ${b.userId})`;
    expect(
      waived.every((r) => r.waived_by === op.userId && r.waive_reason === '充值流水倍数设为0'),
    ).toBe(true);
    await setSettings(ctx.sql, {});
  });
});

describe('users list filter', () => {
  it('filters the users panel list by status (the console table filter); junk status is refused', async () => {
    const u = await ctx.userClient({ userName: 'iceman01' });
    await op.post('/v1/admin/users/setStatus', { userId: u.userId, status: 'frozen' });
    const frozen = await op.get('/v1/admin/users/list', { status: 'frozen' });
    expect(frozen.code, frozen.msg).toBe(1);
    expect(frozen.data.list.map((r: { userName: string }) => r.userName)).toEqual(['iceman01']);
    expect(frozen.data.total).toBe(1);
    const active = await op.get('/v1/admin/users/list', { status: 'active', keyword: 'iceman' });
    expect(active.data.total).toBe(0);
    expect((await op.get('/v1/admin/users/list', { status: 'gone' })).status).toBe(400);
    await op.post('/v1/admin/users/setStatus', { userId: u.userId, status: 'active' });
  });
});

describe('freeze, unfreeze and force logout', () => {
  it('freezes (the player gets -49), unfreezes (a new login works) and force-logs-out (-6), each audited', async () => {
    const u = await ctx.userClient({ userName: 'roamer01' });
    expect(
      (await op.post('/v1/admin/users/setStatus', { userId: u.userId, status: 'frozen' })).code,
    ).toBe(1);
    expect((await u.get(BALANCE)).code).toBe(-49);
    expect((await op.get(DETAIL, { userId: u.userId })).data.profile.status).toBe('frozen');
    expect(
      (await op.post('/v1/admin/users/setStatus', { userId: u.userId, status: 'active' })).code,
    ).toBe(1);
    expect((await u.login('roamer01', u.password)).code).toBe(1);
    expect((await u.get(BALANCE)).code).toBe(1);
    expect((await op.post('/v1/admin/users/forceLogout', { userId: u.userId })).data).toEqual({
      ended: 1,
    });
    expect((await u.get(BALANCE)).code).toBe(-6);
    expect(await lastAudit('/v1/admin/users/forceLogout')).toMatchObject({
      operator_name: 'boss01',
      outcome: 1,
    });
    expect(await lastAudit('/v1/admin/users/setStatus')).toMatchObject({
      operator_name: 'boss01',
      outcome: 1,
    });
  });

  it.each(BAD_IDS)('refuses %s for freeze and force logout', async (_name, form) => {
    expect((await op.post('/v1/admin/users/setStatus', { ...form, status: 'frozen' })).status).toBe(
      400,
    );
    expect((await op.post('/v1/admin/users/forceLogout', form)).status).toBe(400);
  });
});
