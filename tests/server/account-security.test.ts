/** Security centre: login password change (-99 elsewhere), safety password, safety questions. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;

const safety = (c: UserClient, digits: string) => safetyPasswordHash(c.userName, digits);
const setSafety = (c: UserClient, digits = '123456') =>
  c.post('/v1/users/setSafetyPassword', {
    safetyPassword: safety(c, digits),
    verifyType: 'password',
    password: loginPasswordHash(c.userName, c.password),
  });

describe('login password', () => {
  it('verifyPassword answers verified only for the right hash', async () => {
    const a = await ctx.userClient({ userName: 'sec_pw1' });
    expect(
      (
        await a.post('/v1/users/verifyPassword', {
          password: loginPasswordHash('sec_pw1', 'pass1234'),
        })
      ).data,
    ).toEqual({ verified: true });
    expect(
      (
        await a.post('/v1/users/verifyPassword', {
          password: loginPasswordHash('sec_pw1', 'nope9999'),
        })
      ).msg,
    ).toBe('密码错误');
  });

  it('resetPassword keeps this session, ends the others with -99, and the new password works', async () => {
    const a = await ctx.userClient({ userName: 'sec_pw2' });
    const other = ctx.client('10.3.0.2');
    expect((await other.login('sec_pw2', 'pass1234')).code).toBe(1);
    const bystander = await ctx.userClient({ userName: 'sec_pw3' });
    const wrong = await a.post('/v1/users/resetPassword', {
      oldPassword: loginPasswordHash('sec_pw2', 'bad00000'),
      password: loginPasswordHash('sec_pw2', 'newpass1'),
    });
    expect(wrong).toMatchObject({ code: -1, msg: '原密码错误' });
    expect((await other.get('/v1/users/info')).code).toBe(1);
    const same = await a.post('/v1/users/resetPassword', {
      oldPassword: loginPasswordHash('sec_pw2', 'pass1234'),
      password: loginPasswordHash('sec_pw2', 'pass1234'),
    });
    expect(same.code).toBe(-1);
    const res = await a.post('/v1/users/resetPassword', {
      oldPassword: loginPasswordHash('sec_pw2', 'pass1234'),
      password: loginPasswordHash('sec_pw2', 'newpass1'),
    });
    expect(res.code).toBe(1);
    expect((await a.get('/v1/users/info')).code).toBe(1);
    const kicked = await other.get('/v1/users/info');
    expect(kicked).toMatchObject({ code: -99, msg: '密码已重新设置，有疑问请联系客服' });
    expect((await bystander.get('/v1/users/info')).code).toBe(1);
    expect((await ctx.client('10.3.0.3').login('sec_pw2', 'pass1234')).code).toBe(-1);
    expect((await ctx.client('10.3.0.4').login('sec_pw2', 'newpass1')).code).toBe(1);
  });

  it.each([
    ['missing old password', { password: loginPasswordHash('x', 'y') }],
    ['clear text', { oldPassword: 'pass1234', password: 'newpass1' }],
    [
      'extra field',
      {
        oldPassword: loginPasswordHash('x', 'y'),
        password: loginPasswordHash('x', 'z'),
        userId: 1,
      },
    ],
  ])('resetPassword refuses %s with 400', async (_n, form) => {
    const a = await ctx.userClient();
    expect((await a.post('/v1/users/resetPassword', form as Record<string, string>)).status).toBe(
      400,
    );
  });
});

describe('safety password', () => {
  let a: UserClient;
  beforeAll(async () => {
    a = await ctx.userClient({ userName: 'sec_safe1' });
  });

  it('is set once with the login password, stored only as a KDF, and verified', async () => {
    expect((await a.get('/v1/users/isChangeSafetyPassword')).data).toEqual({
      hasSafetyPassword: false,
    });
    const badLogin = await a.post('/v1/users/setSafetyPassword', {
      safetyPassword: safety(a, '123456'),
      verifyType: 'password',
      password: loginPasswordHash(a.userName, 'wrong000'),
    });
    expect(badLogin).toMatchObject({ code: -1, msg: '登录密码错误' });
    expect((await setSafety(a)).code).toBe(1);
    const [u] = await ctx.sql`select safety_kdf from users where id = ${a.userId}`;
    expect(u.safety_kdf).toMatch(/^scrypt\$/);
    expect(u.safety_kdf).not.toContain(safety(a, '123456'));
    expect((await a.get('/v1/users/isChangeSafetyPassword')).data).toEqual({
      hasSafetyPassword: true,
    });
    expect((await setSafety(a, '654321')).code).toBe(-1);
    expect(
      (
        await a.post('/v1/users/verifySafetyPassword', {
          safetyPassword: safety(a, '123456'),
          verifyType: 'withdraw',
        })
      ).data,
    ).toEqual({ verified: true });
    expect(
      (await a.post('/v1/users/verifySafetyPassword', { safetyPassword: safety(a, '654321') })).msg,
    ).toBe('资金密码错误');
  });

  it('resets with the old safety password', async () => {
    const noOld = await a.post('/v1/users/resetSafetyPassword', {
      safetyPassword: safety(a, '222222'),
      verifyType: 'oldSafety',
    });
    expect(noOld.code).toBe(-1);
    const wrongOld = await a.post('/v1/users/resetSafetyPassword', {
      safetyPassword: safety(a, '222222'),
      verifyType: 'oldSafety',
      oldSafetyPassword: safety(a, '999999'),
    });
    expect(wrongOld.msg).toBe('原资金密码错误');
    const res = await a.post('/v1/users/resetSafetyPassword', {
      safetyPassword: safety(a, '222222'),
      verifyType: 'oldSafety',
      oldSafetyPassword: safety(a, '123456'),
    });
    expect(res.code).toBe(1);
    expect(
      (await a.post('/v1/users/verifySafetyPassword', { safetyPassword: safety(a, '222222') }))
        .code,
    ).toBe(1);
  });

  it.each([
    ['unknown verifyType', { safetyPassword: 'a'.repeat(32), verifyType: 'sms' }],
    ['clear digits', { safetyPassword: '123456', verifyType: 'oldSafety' }],
    ['extra field', { safetyPassword: 'a'.repeat(32), verifyType: 'oldSafety', x: '1' }],
  ])('resetSafetyPassword refuses %s with 400', async (_n, form) => {
    expect((await a.post('/v1/users/resetSafetyPassword', form)).status).toBe(400);
  });
});

describe('safety questions', () => {
  let a: UserClient;
  let qs: { id: number; question: string }[];
  beforeAll(async () => {
    a = await ctx.userClient({ userName: 'sec_q1' });
    await setSafety(a);
    qs = (await ctx.client().get('/v1/users/safeQuestionList')).data.list;
  });

  it('lists about 8 Chinese questions', () => {
    expect(qs.length).toBeGreaterThanOrEqual(8);
    expect(qs[0].question).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('sets two different questions and verifies normalised answers', async () => {
    const base = {
      questionId1: qs[0].id,
      answer1: '张三',
      questionId2: qs[1].id,
      answer2: 'Beijing',
    };
    const same = await a.post('/v1/users/setSafetyQuestion', {
      ...base,
      questionId2: qs[0].id,
      safetyPassword: safety(a, '123456'),
    });
    expect(same.msg).toBe('请选择两个不同的安全问题');
    const unknown = await a.post('/v1/users/setSafetyQuestion', {
      ...base,
      questionId2: 9999,
      safetyPassword: safety(a, '123456'),
    });
    expect(unknown.msg).toBe('安全问题不存在');
    const badSafety = await a.post('/v1/users/setSafetyQuestion', {
      ...base,
      safetyPassword: safety(a, '000000'),
    });
    expect(badSafety.msg).toBe('资金密码错误');
    expect((await ctx.sql`select count(*)::int as n from user_safety_answers`)[0].n).toBe(0);
    expect(
      (
        await a.post('/v1/users/setSafetyQuestion', {
          ...base,
          safetyPassword: safety(a, '123456'),
        })
      ).code,
    ).toBe(1);
    const rows =
      await ctx.sql`select answer_kdf from user_safety_answers where user_id = ${a.userId}`;
    expect(rows.map((r) => r.answer_kdf).join()).not.toMatch(/张三|beijing/i);
    const list = (await a.get('/v1/users/securityList')).data.list;
    expect(list.find((x: { type: string }) => x.type === 'safetyQuestion').set).toBe(true);
    expect(
      (await a.post('/v1/users/verifySafetyQuestion', { ...base, answer2: 'ＢＥＩＪＩＮＧ' })).data,
    ).toEqual({ verified: true });
    expect(
      (await a.post('/v1/users/verifySafetyQuestion', { ...base, answer2: 'Shanghai' })).msg,
    ).toBe('安全问题答案不正确');
    expect(
      (await a.post('/v1/users/verifySafetyQuestion', { ...base, questionId1: qs[2].id })).code,
    ).toBe(-1);
    const out = ctx.client('10.3.1.1');
    expect(
      (await out.post('/v1/users/verifySafetyQuestion', { ...base, userName: 'sec_q1' })).code,
    ).toBe(1);
    expect((await out.post('/v1/users/verifySafetyQuestion', base)).code).toBe(-1);
  });

  it.each([
    ['answer with spaces', { answer1: 'a b' }],
    ['long answer', { answer1: 'x'.repeat(31) }],
    ['text question id', { questionId1: 'one' }],
  ])('setSafetyQuestion refuses %s with 400', async (_n, patch) => {
    const form = {
      questionId1: qs[0].id,
      answer1: 'a',
      questionId2: qs[1].id,
      answer2: 'b',
      safetyPassword: safety(a, '123456'),
      ...patch,
    };
    expect(
      (await a.post('/v1/users/setSafetyQuestion', form as Record<string, string | number>)).status,
    ).toBe(400);
  });
});

describe('security list', () => {
  it('tells what is set with masked values', async () => {
    const a = await ctx.userClient({ userName: 'sec_list' });
    await ctx.sql`update users set phone = '13912345678', real_name = '李小龙' where id = ${a.userId}`;
    const list = (await a.get('/v1/users/securityList')).data.list as {
      type: string;
      set: boolean;
      value: string;
    }[];
    expect(list.map((x) => x.type)).toEqual([
      'loginPassword',
      'safetyPassword',
      'safetyQuestion',
      'phone',
      'email',
      'realName',
    ]);
    expect(list.find((x) => x.type === 'phone')).toMatchObject({ set: true, value: '13******8' });
    expect(list.find((x) => x.type === 'realName')).toMatchObject({ set: true, value: '李*龙' });
    expect(list.find((x) => x.type === 'email')).toMatchObject({ set: false, value: '' });
    expect((await ctx.client().get('/v1/users/securityList')).code).toBe(0);
  });
});
