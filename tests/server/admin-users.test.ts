/** Operator calls about players (list, force logout, status), the code outbox and the journal. */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

async function sessionClient(
  userName: string,
  opts: { isOperator?: boolean; isAgent?: boolean } = {},
) {
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', opts))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return Object.assign(c, { userId, userName });
}
type Client = Awaited<ReturnType<typeof sessionClient>>;
const BALANCE = '/v1/balance/queryBalanceFront';

let op: Client;
beforeAll(async () => {
  op = await sessionClient('boss01', { isOperator: true });
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

describe('users list', () => {
  let alice: Client;
  beforeAll(async () => {
    alice = await sessionClient('alice_01', { isAgent: true });
    await sessionClient('alice_02');
    await insertUserWithPassword(ctx.sql, 'bob_0001', 'pass1234');
    await op.post('/v1/admin/balance/adjust', {
      userName: 'alice_01',
      amount: '12.34',
      remark: '存入',
      requestId: crypto.randomUUID(),
    });
  });

  it('lists users newest first with balances, flags and paging', async () => {
    const res = await op.get('/v1/admin/users/list', { pageSize: 2 });
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(4);
    expect(res.data.list.map((u: { userName: string }) => u.userName)).toEqual([
      'bob_0001',
      'alice_02',
    ]);
    const page2 = await op.get('/v1/admin/users/list', { pageSize: 2, page: 2 });
    expect(page2.data.list.map((u: { userName: string }) => u.userName)).toEqual([
      'alice_01',
      'boss01',
    ]);
    const a = page2.data.list[0];
    expect(a).toMatchObject({
      userId: alice.userId,
      agent: true,
      operator: false,
      status: 'active',
      balance: '12.34',
      online: true,
      lastLoginAt: null,
    });
    expect(String(a.createdAt)).toMatch(/^\d{13}$/);
    const past = await op.get('/v1/admin/users/list', { pageSize: 2, page: 9 });
    expect(past.data).toEqual({ list: [], total: 4 });
  });

  it('searches by a part of the name, case-insensitive, with wildcards taken literally', async () => {
    const res = await op.get('/v1/admin/users/list', { keyword: 'ALICE' });
    expect(res.data.list.map((u: { userName: string }) => u.userName).sort()).toEqual([
      'alice_01',
      'alice_02',
    ]);
    expect((await op.get('/v1/admin/users/list', { keyword: '%' })).data.total).toBe(0);
    expect((await op.get('/v1/admin/users/list', { keyword: 'e_0' })).data.total).toBe(2);
    expect((await op.get('/v1/admin/users/list', { keyword: 'b_' })).data.total).toBe(1);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['negative page', { page: -1 }],
    ['fractional page', { page: '1.5' }],
    ['huge page', { page: '99999999999' }],
    ['page size over 100', { pageSize: 101 }],
    ['text page size', { pageSize: 'all' }],
    ['keyword too long', { keyword: 'k'.repeat(21) }],
    ['HTML keyword', { keyword: '<b>' }],
    ['unknown field', { sort: 'id' }],
  ])('refuses %s', async (_name, query) => {
    const res = await op.get('/v1/admin/users/list', query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.code).toBe(-1);
  });
});

describe('force logout and status', () => {
  it('ends every session of the user with the message; their next call gets -6', async () => {
    const victim = await sessionClient('victim01');
    const second = ctx.client();
    const { token, hash } = newToken();
    await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${victim.userId}, now() + interval '1 day')`;
    second.cookies.set('sid', token);
    expect((await victim.get(BALANCE)).code).toBe(1);
    const res = await op.post('/v1/admin/users/forceLogout', {
      userId: victim.userId,
      message: '账号存在异常，请联系客服',
    });
    expect(res).toMatchObject({ code: 1, data: { ended: 2 } });
    expect(await victim.get(BALANCE)).toMatchObject({ code: -6, msg: '账号存在异常，请联系客服' });
    expect(await second.get(BALANCE)).toMatchObject({ code: -6 });
    const again = await op.post('/v1/admin/users/forceLogout', { userId: victim.userId });
    expect(again.data).toEqual({ ended: 0 });
  });

  it('uses the default message when none is given', async () => {
    const victim = await sessionClient('victim02');
    await op.post('/v1/admin/users/forceLogout', { userId: victim.userId });
    expect(await victim.get(BALANCE)).toMatchObject({ code: -6, msg: '您已被管理员强制下线' });
  });

  it('freezing ends sessions with -49, disabling with -11, and active lets a new session work', async () => {
    const frozen = await sessionClient('frozen01');
    expect(
      (await op.post('/v1/admin/users/setStatus', { userId: frozen.userId, status: 'frozen' }))
        .code,
    ).toBe(1);
    expect((await frozen.get(BALANCE)).code).toBe(-49);
    const disabled = await sessionClient('disabled1');
    await op.post('/v1/admin/users/setStatus', { userId: disabled.userId, status: 'disabled' });
    expect((await disabled.get(BALANCE)).code).toBe(-11);
    const [{ status }] = await ctx.sql`select status from users where id = ${disabled.userId}`;
    expect(status).toBe('disabled');
    await op.post('/v1/admin/users/setStatus', { userId: frozen.userId, status: 'active' });
    const { token, hash } = newToken();
    await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${frozen.userId}, now() + interval '1 day')`;
    frozen.cookies.set('sid', token);
    expect((await frozen.get(BALANCE)).code).toBe(1);
  });

  it('refuses to change the operator own status', async () => {
    const res = await op.post('/v1/admin/users/setStatus', {
      userId: op.userId,
      status: 'disabled',
    });
    expect(res).toMatchObject({ code: -1, msg: '不能修改自己的账号状态' });
    expect((await op.get('/v1/admin/users/list')).code).toBe(1);
  });

  it.each([
    ['/v1/admin/users/setStatus', { userId: 999999, status: 'frozen' }, '用户不存在'],
    ['/v1/admin/users/forceLogout', { userId: 999999 }, '用户不存在'],
  ])('%s refuses an unknown user', async (path, form, msg) => {
    expect(await op.post(path, form)).toMatchObject({ code: -1, msg });
  });

  it.each([
    ['/v1/admin/users/setStatus', { userId: 1, status: 'banned' }],
    ['/v1/admin/users/setStatus', { userId: 'x', status: 'frozen' }],
    ['/v1/admin/users/setStatus', { userId: 0, status: 'frozen' }],
    ['/v1/admin/users/setStatus', { userId: '1.5', status: 'frozen' }],
    ['/v1/admin/users/setStatus', { status: 'frozen' }],
    ['/v1/admin/users/setStatus', { userId: 1, status: 'frozen', reason: 'x' }],
    ['/v1/admin/users/forceLogout', { userId: '99999999999999999999' }],
    ['/v1/admin/users/forceLogout', { userId: 1, message: '<script>x</script>' }],
    ['/v1/admin/users/forceLogout', { userId: 1, message: 'm'.repeat(101) }],
    ['/v1/admin/users/forceLogout', {}],
  ])('%s refuses bad input %j and changes nothing', async (path, form) => {
    const before =
      await ctx.sql`select u.id, u.status, s.ended_at from users u left join sessions s on s.user_id = u.id order by u.id, s.id`;
    const res = await op.post(path, form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.status).toBe(400);
    expect(
      await ctx.sql`select u.id, u.status, s.ended_at from users u left join sessions s on s.user_id = u.id order by u.id, s.id`,
    ).toEqual(before);
  });
});

describe('code outbox', () => {
  beforeAll(async () => {
    // The account feature's migration makes this table; make it here when it is not there yet.
    await ctx.sql`
      create table if not exists code_outbox (
        id bigserial primary key, channel text not null, target text not null, purpose text not null,
        message text not null, user_id bigint references users(id), created_at timestamptz not null default now())`;
    for (let i = 1; i <= 3; i++) {
      await ctx.sql`insert into code_outbox (channel, target, purpose, message)
                    values ('sms', ${`1380000000${i}`}, 'bind', ${`您的验证码是${1000 + i}`})`;
    }
  });

  it('lists the codes newest first with paging', async () => {
    const res = await op.get('/v1/admin/codes/outbox', { pageSize: 2 });
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((r: { target: string }) => r.target)).toEqual([
      '13800000003',
      '13800000002',
    ]);
    expect(res.data.list[0]).toMatchObject({
      channel: 'sms',
      purpose: 'bind',
      message: '您的验证码是1003',
    });
    expect(String(res.data.list[0].createdAt)).toMatch(/^\d{13}$/);
    const p2 = await op.get('/v1/admin/codes/outbox', { pageSize: 2, page: 2 });
    expect(p2.data.list).toHaveLength(1);
  });

  it('refuses bad paging', async () => {
    expect((await op.get('/v1/admin/codes/outbox', { page: 'x' })).status).toBe(400);
  });
});

describe('ledger transfers', () => {
  it('lists a player journal with signed amounts and balances after', async () => {
    await sessionClient('ledger01');
    await op.post('/v1/admin/balance/adjust', {
      userName: 'ledger01',
      amount: '20',
      remark: '存入',
      requestId: crypto.randomUUID(),
    });
    await op.post('/v1/admin/balance/adjust', {
      userName: 'ledger01',
      amount: '-7.5',
      remark: '扣除',
      requestId: crypto.randomUUID(),
    });
    const res = await op.get('/v1/admin/ledger/transfers', { userName: 'ledger01' });
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(2);
    expect(
      res.data.list.map(
        (t: { amount: string; balanceAfter: string; typeCode: number; typeName: string }) => [
          t.amount,
          t.balanceAfter,
          t.typeCode,
          t.typeName,
        ],
      ),
    ).toEqual([
      ['-7.50', '12.50', 402, '人工扣除'],
      ['20.00', '20.00', 401, '人工存入'],
    ]);
    expect(res.data.list[0]).toMatchObject({
      remark: '扣除',
      userName: 'ledger01',
      operatorName: 'boss01',
    });
    const all = await op.get('/v1/admin/ledger/transfers');
    expect(all.data.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown user and a bad name', async () => {
    expect(await op.get('/v1/admin/ledger/transfers', { userName: 'ghost999' })).toMatchObject({
      code: -1,
      msg: '用户不存在',
    });
    expect((await op.get('/v1/admin/ledger/transfers', { userName: "x' or 1=1" })).status).toBe(
      400,
    );
  });
});
