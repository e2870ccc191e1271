/** POST /v1/users/register with the tenant's register settings. */
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { putSetting } from '../../src/server/site/settings.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
let ipSeq = 1;
const freshClient = () => ctx.client(`10.2.0.${ipSeq++}`);

async function form(userName: string, password = 'pass1234', extra: Record<string, string> = {}) {
  const ic = await issueImageCode(ctx.sql);
  const hash = loginPasswordHash(userName, password);
  return {
    userName,
    password: hash,
    confirmPassword: hash,
    imageKey: ic.imageKey,
    imageCode: ic.answer,
    ...extra,
  };
}
const userCount = async () =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from users`)[0].n;

describe('register', () => {
  it('creates the user with a wallet, logs them in and answers the user info', async () => {
    const c = freshClient();
    const res = await c.post('/v1/users/register', await form('Reg_user1'));
    expect(res.code).toBe(1);
    expect(res.data.user).toMatchObject({
      userName: 'Reg_user1',
      agent: false,
      isLogin: true,
      grade: 0,
    });
    expect((await c.get('/v1/users/info')).data.userName).toBe('Reg_user1');
    const [u] =
      await ctx.sql`select password_kdf, register_ip from users where user_name = 'Reg_user1'`;
    expect(u.password_kdf).toMatch(/^scrypt\$/);
    expect(u.password_kdf).not.toContain(loginPasswordHash('Reg_user1', 'pass1234'));
    expect(u.register_ip).toBe('10.2.0.1');
    const [w] =
      await ctx.sql`select balance from ledger_accounts a join users u on u.id = a.user_id where u.user_name = 'Reg_user1' and kind = 'player'`;
    expect(w.balance).toBe(0);
    // and the new password logs in
    expect((await freshClient().login('Reg_user1', 'pass1234')).code).toBe(1);
  });

  it('refuses a taken name (any case) and changes nothing', async () => {
    const before = await userCount();
    const res = await freshClient().post('/v1/users/register', await form('REG_USER1'));
    expect(res).toMatchObject({ code: -1, msg: '该用户名已被注册' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a confirmation that differs', async () => {
    const f = await form('reg_user2');
    const res = await freshClient().post('/v1/users/register', {
      ...f,
      confirmPassword: loginPasswordHash('reg_user2', 'other999'),
    });
    expect(res).toMatchObject({ code: -1, msg: '两次输入的密码不一致' });
  });

  it('refuses a wrong, missing, reused or expired image code', async () => {
    const before = await userCount();
    const f = await form('reg_user3');
    const wrong = await freshClient().post('/v1/users/register', {
      ...f,
      imageCode: f.imageCode === 'AAAA' ? 'BBBB' : 'AAAA',
    });
    expect(wrong).toMatchObject({ code: -1, msg: '验证码错误或已过期' });
    const reused = await freshClient().post('/v1/users/register', f);
    expect(reused.code).toBe(-1);
    const { imageKey: _k, imageCode: _c, ...bare } = await form('reg_user3');
    const missing = await freshClient().post('/v1/users/register', bare);
    expect(missing).toMatchObject({ code: -1, msg: '验证码不能为空' });
    const g = await form('reg_user3');
    await ctx.sql`update image_codes set created_at = now() - interval '6 minutes'`;
    expect((await freshClient().post('/v1/users/register', g)).code).toBe(-1);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['short name', { userName: 'abc' }],
    ['long name', { userName: 'a'.repeat(21) }],
    ['HTML name', { userName: '<script>' }],
    ['clear password', { password: 'pass1234' }],
    ['extra field', { agent: '1' }],
    ['bad phone', { phone: '12345' }],
    ['bad email', { email: 'a@b' }],
    ['HTML real name', { realName: '<b>张三</b>' }],
    ['bad qq', { qq: '12a45' }],
    ['bad invite code', { inviteCode: 'a b' }],
  ])('refuses %s with 400', async (_n, patch) => {
    const before = await userCount();
    const res = await freshClient().post('/v1/users/register', {
      ...(await form('reg_user4')),
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(-1);
    expect(await userCount()).toBe(before);
  });

  it('follows the tenant: no image code when switched off; required fields when switched on', async () => {
    await putSetting(ctx.sql, 'register_verify', { imageCode: false, phone: true, realName: true });
    try {
      const { imageKey: _k, imageCode: _c, ...bare } = await form('reg_user5');
      const noPhone = await freshClient().post('/v1/users/register', { ...bare, realName: '张三' });
      expect(noPhone).toMatchObject({ code: -1, msg: '手机号码不能为空' });
      const res = await freshClient().post('/v1/users/register', {
        ...bare,
        phone: '13800138000',
        realName: '张三',
      });
      expect(res.code).toBe(1);
      expect(res.data.user.phone).toBe('13******0');
      const [u] = await ctx.sql`select phone, real_name from users where user_name = 'reg_user5'`;
      expect(u).toMatchObject({ phone: '13800138000', real_name: '张三' });
    } finally {
      await putSetting(ctx.sql, 'register_verify', {
        imageCode: true,
        phone: false,
        realName: false,
      });
    }
  });

  it('is refused during maintenance', async () => {
    await putSetting(ctx.sql, 'site_status', { maintenance: true });
    try {
      const res = await freshClient().post('/v1/users/register', await form('reg_user6'));
      expect(res.code).toBe(-7);
    } finally {
      await putSetting(ctx.sql, 'site_status', { maintenance: false });
    }
  });
});
