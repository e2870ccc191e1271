/** Login, logout, info, heartbeat, image codes and the failed-login limits. */
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import { putSetting } from '../../src/server/site/settings.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
let ipSeq = 1;
const freshClient = () => ctx.client(`10.1.0.${ipSeq++}`);

function loginForm(userName: string, password: string, extra: Record<string, string> = {}) {
  return { userName, password: loginPasswordHash(userName, password), random: 'r1', ...extra };
}

describe('image code', () => {
  it('answers an svg data URL and a key; the answer is not stored in clear', async () => {
    const res = await freshClient().get('/v1/users/imageCode');
    expect(res.code).toBe(1);
    expect(res.data.imageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.data.image.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    const rows = await ctx.sql`select * from image_codes`;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(res.data.imageKey);
  });
});

describe('login', () => {
  it('logs in with the hash, sets an HttpOnly cookie, records the login and answers the user', async () => {
    const id = await insertUserWithPassword(ctx.sql, 'Login_01', 'pass1234', { isAgent: true });
    const c = freshClient();
    const res = await c.post('/v1/users/login', loginForm('login_01', 'pass1234'));
    expect(res.code).toBe(1);
    expect(res.data.user).toMatchObject({
      userId: id,
      userName: 'Login_01',
      agent: true,
      operator: false,
      isLogin: true,
      hasSafetyPassword: false,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/sid=.+HttpOnly/i);
    const [u] = await ctx.sql`select last_login_at, last_login_ip from users where id = ${id}`;
    expect(u.last_login_at).not.toBeNull();
    expect(u.last_login_ip).toBe('10.1.0.2');
    const info = await c.get('/v1/users/info');
    expect(info.code).toBe(1);
    expect(info.data.userName).toBe('Login_01');
    const beat = await c.get('/v1/users/dmh/ch');
    expect(beat.code).toBe(1);
    expect(Math.abs(beat.data.serverTime - Date.now())).toBeLessThan(5000);
  });

  it.each([
    ['missing password', { userName: 'login_01', random: 'r' }],
    ['clear-text password', { userName: 'login_01', password: 'pass1234', random: 'r' }],
    ['extra field', { ...loginForm('login_01', 'pass1234'), admin: '1' }],
    ['over-long name', loginForm('x'.repeat(21), 'pass1234')],
    ['HTML name', loginForm('<b>x</b>', 'pass1234')],
    [
      'missing random',
      { userName: 'login_01', password: loginPasswordHash('login_01', 'pass1234') },
    ],
  ])('refuses %s with 400 and no cookie', async (_n, form) => {
    const c = freshClient();
    const res = await c.post('/v1/users/login', form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.code).toBe(-1);
    expect(c.cookies.size).toBe(0);
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    await insertUserWithPassword(ctx.sql, 'login_02', 'pass1234');
    const a = await freshClient().post('/v1/users/login', loginForm('login_02', 'wrong999'));
    const b = await freshClient().post('/v1/users/login', loginForm('nobody_x', 'wrong999'));
    expect(a).toMatchObject({ code: -1, msg: '用户名或密码错误' });
    expect(b).toMatchObject({ code: -1, msg: '用户名或密码错误' });
  });

  it('asks for an image code after 3 failures, then locks the name after 5 for 15 minutes', async () => {
    await insertUserWithPassword(ctx.sql, 'login_03', 'pass1234');
    const c = freshClient();
    for (let i = 0; i < 3; i++) await c.post('/v1/users/login', loginForm('login_03', 'bad12345'));
    const need = await c.post('/v1/users/login', loginForm('login_03', 'pass1234'));
    expect(need).toMatchObject({ code: -1, data: { needImageCode: true } });
    expect(c.cookies.size).toBe(0);
    // a wrong image code is refused and the code is used up
    const wrong = await issueImageCode(ctx.sql);
    const bad = await c.post(
      '/v1/users/login',
      loginForm('login_03', 'pass1234', {
        imageKey: wrong.imageKey,
        imageCode: wrong.answer === 'AAAA' ? 'BBBB' : 'AAAA',
      }),
    );
    expect(bad).toMatchObject({ code: -1, data: { needImageCode: true } });
    const reuse = await c.post(
      '/v1/users/login',
      loginForm('login_03', 'pass1234', { imageKey: wrong.imageKey, imageCode: wrong.answer }),
    );
    expect(reuse.code).toBe(-1);
    for (let i = 0; i < 2; i++) {
      const ic = await issueImageCode(ctx.sql);
      await c.post(
        '/v1/users/login',
        loginForm('login_03', 'bad12345', { imageKey: ic.imageKey, imageCode: ic.answer }),
      );
    }
    const ic = await issueImageCode(ctx.sql);
    const locked = await c.post(
      '/v1/users/login',
      loginForm('login_03', 'pass1234', {
        imageKey: ic.imageKey,
        imageCode: ic.answer.toLowerCase(),
      }),
    );
    expect(locked.code).toBe(-1);
    expect(locked.msg).toMatch(/锁定.*15分钟/);
    expect(c.cookies.size).toBe(0);
    // once the lock is over (moved back in SQL) the right password with a code gets in
    await ctx.sql`update login_locks set locked_until = now() - interval '1 second'`;
    await ctx.sql`update login_failures set created_at = created_at - interval '16 minutes'`;
    const okRes = await c.post('/v1/users/login', loginForm('login_03', 'pass1234'));
    expect(okRes.code).toBe(1);
  });

  it('accepts the image code case-insensitively, once, and not after it expired', async () => {
    await insertUserWithPassword(ctx.sql, 'login_04', 'pass1234');
    const c = freshClient();
    for (let i = 0; i < 3; i++) await c.post('/v1/users/login', loginForm('login_04', 'bad12345'));
    const old = await issueImageCode(ctx.sql);
    await ctx.sql`update image_codes set created_at = now() - interval '6 minutes'`;
    const expired = await c.post(
      '/v1/users/login',
      loginForm('login_04', 'pass1234', { imageKey: old.imageKey, imageCode: old.answer }),
    );
    expect(expired).toMatchObject({ code: -1, msg: '验证码错误或已过期' });
    const ic = await issueImageCode(ctx.sql);
    const res = await c.post(
      '/v1/users/login',
      loginForm('login_04', 'pass1234', {
        imageKey: ic.imageKey,
        imageCode: ic.answer.toLowerCase(),
      }),
    );
    expect(res.code).toBe(1);
  });

  it('refuses frozen (-49) and disabled (-11) users without a session', async () => {
    await insertUserWithPassword(ctx.sql, 'login_05', 'pass1234');
    await insertUserWithPassword(ctx.sql, 'login_06', 'pass1234');
    await ctx.sql`update users set status = 'frozen' where user_name = 'login_05'`;
    await ctx.sql`update users set status = 'disabled' where user_name = 'login_06'`;
    const c = freshClient();
    expect((await c.post('/v1/users/login', loginForm('login_05', 'pass1234'))).code).toBe(-49);
    expect((await c.post('/v1/users/login', loginForm('login_06', 'pass1234'))).code).toBe(-11);
    expect(c.cookies.size).toBe(0);
  });

  it('lets an operator in during maintenance but not a player', async () => {
    await insertUserWithPassword(ctx.sql, 'login_op', 'pass1234', { isOperator: true });
    await insertUserWithPassword(ctx.sql, 'login_07', 'pass1234');
    await putSetting(ctx.sql, 'site_status', { maintenance: true });
    try {
      const p = freshClient();
      expect((await p.post('/v1/users/login', loginForm('login_07', 'pass1234'))).code).toBe(-7);
      expect(p.cookies.size).toBe(0);
      const o = freshClient();
      expect((await o.post('/v1/users/login', loginForm('login_op', 'pass1234'))).code).toBe(1);
    } finally {
      await putSetting(ctx.sql, 'site_status', { maintenance: false });
    }
  });
});

describe('sessions', () => {
  it('logout ends only this session; other users and sessions go on', async () => {
    const a1 = await ctx.userClient({ userName: 'sess_a' });
    const a2 = freshClient();
    expect((await a2.login('sess_a', 'pass1234')).code).toBe(1);
    const b = await ctx.userClient({ userName: 'sess_b' });
    expect((await a1.get('/v1/users/logout')).code).toBe(1);
    expect(a1.cookies.size).toBe(0);
    expect((await a1.get('/v1/users/info')).code).toBe(0);
    expect((await a2.get('/v1/users/info')).data.userName).toBe('sess_a');
    expect((await b.get('/v1/users/info')).data.userName).toBe('sess_b');
  });

  it('an old cookie after logout gets 0; a made-up cookie gets 0', async () => {
    const a = await ctx.userClient({ userName: 'sess_c' });
    const token = a.cookies.get('sid')!;
    await a.get('/v1/users/logout');
    const replay = freshClient();
    replay.cookies.set('sid', token);
    expect((await replay.get('/v1/users/info')).code).toBe(0);
    const fake = freshClient();
    fake.cookies.set('sid', 'abc');
    expect((await fake.get('/v1/users/dmh/ch')).code).toBe(0);
  });

  it('an idle session expires with -91', async () => {
    const a = await ctx.userClient({ userName: 'sess_d' });
    await ctx.sql`update sessions set last_seen_at = now() - interval '3 hours' where user_id = ${a.userId}`;
    const res = await a.get('/v1/users/dmh/ch');
    expect(res.code).toBe(-91);
    expect((await a.get('/v1/users/info')).code).toBe(-91);
  });

  it('checkUser says whether a name is taken, case-insensitively', async () => {
    await insertUserWithPassword(ctx.sql, 'Check_01', 'pass1234');
    expect((await freshClient().get('/v1/users/checkUser', { userName: 'check_01' })).data).toEqual(
      { exists: true },
    );
    expect((await freshClient().get('/v1/users/checkUser', { userName: 'check_02' })).data).toEqual(
      { exists: false },
    );
    expect((await freshClient().get('/v1/users/checkUser', { userName: '<a>' })).status).toBe(400);
  });
});
