/** Forgot password and the safety password reset, by code or by the safety questions. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { ctx, type UserClient, freshClient, lastCode } from './account-codes-fixtures.ts';

describe('forgot password', () => {
  let f: UserClient;
  beforeAll(async () => {
    f = await ctx.userClient({ userName: 'forget_1' });
    await ctx.sql`update users set phone = '13600000001', email = 'f1@example.com' where id = ${f.userId}`;
  });

  it('phone code → reset token → new password; every session ends with -99; the token is single use', async () => {
    const guest = freshClient();
    const mismatch = await guest.post('/v1/users/sendPhoneCode', {
      phone: '13600000002',
      purpose: 'forget',
      userName: 'forget_1',
    });
    expect(mismatch.code).toBe(-1);
    expect(
      (
        await guest.post('/v1/users/sendPhoneCode', {
          phone: '13600000001',
          purpose: 'forget',
          userName: 'forget_1',
        })
      ).code,
    ).toBe(1);
    const code = await lastCode('13600000001');
    expect(
      (
        await guest.post('/v1/users/verifyPhoneCode', {
          phone: '13600000001',
          code,
          purpose: 'forget',
        })
      ).data,
    ).toEqual({ verified: true });
    const res = await guest.post('/v1/users/forgetPassword', {
      userName: 'forget_1',
      verifyType: 'phone',
      code,
    });
    expect(res.code).toBe(1);
    const token = res.data.resetToken as string;
    expect(
      (
        await guest.post('/v1/users/forgetPassword', {
          userName: 'forget_1',
          verifyType: 'phone',
          code,
        })
      ).code,
    ).toBe(-1);
    const reset = await guest.post('/v1/users/forgetPasswordReset', {
      resetToken: token,
      password: loginPasswordHash('forget_1', 'fresh123'),
    });
    expect(reset.code).toBe(1);
    expect((await f.get('/v1/users/info')).code).toBe(-99);
    expect(
      (
        await guest.post('/v1/users/forgetPasswordReset', {
          resetToken: token,
          password: loginPasswordHash('forget_1', 'other123'),
        })
      ).code,
    ).toBe(-1);
    expect((await freshClient().login('forget_1', 'fresh123')).code).toBe(1);
  });

  it('mail code and an expired token', async () => {
    const guest = freshClient();
    await guest.post('/v1/users/sendMailCode', {
      email: 'f1@example.com',
      purpose: 'forget',
      userName: 'forget_1',
    });
    const code = await lastCode('f1@example.com');
    const res = await guest.post('/v1/users/forgetPassword', {
      userName: 'forget_1',
      verifyType: 'mail',
      code,
    });
    expect(res.code).toBe(1);
    await ctx.sql`update password_reset_tokens set created_at = now() - interval '16 minutes'`;
    const late = await guest.post('/v1/users/forgetPasswordReset', {
      resetToken: res.data.resetToken,
      password: loginPasswordHash('forget_1', 'late1234'),
    });
    expect(late).toMatchObject({ code: -1, msg: '重置凭证无效或已过期，请重新验证' });
    expect((await freshClient().login('forget_1', 'late1234')).code).toBe(-1);
  });

  it('safety questions, and refusals that do not tell which part was wrong', async () => {
    const q = await ctx.userClient({ userName: 'forget_2' });
    await q.post('/v1/users/setSafetyPassword', {
      safetyPassword: safetyPasswordHash('forget_2', '111111'),
      verifyType: 'password',
      password: loginPasswordHash('forget_2', 'pass1234'),
    });
    const qs = (await q.get('/v1/users/safeQuestionList')).data.list;
    const answers = {
      questionId1: qs[3].id,
      answer1: '上海',
      questionId2: qs[4].id,
      answer2: '实验小学',
    };
    expect(
      (
        await q.post('/v1/users/setSafetyQuestion', {
          ...answers,
          safetyPassword: safetyPasswordHash('forget_2', '111111'),
        })
      ).code,
    ).toBe(1);
    const guest = freshClient();
    const wrong = await guest.post('/v1/users/forgetPassword', {
      userName: 'forget_2',
      verifyType: 'question',
      ...answers,
      answer2: '错',
    });
    const nobody = await guest.post('/v1/users/forgetPassword', {
      userName: 'nobody_9',
      verifyType: 'question',
      ...answers,
    });
    expect(wrong.msg).toBe(nobody.msg);
    const res = await guest.post('/v1/users/forgetPassword', {
      userName: 'forget_2',
      verifyType: 'question',
      ...answers,
    });
    expect(res.data.resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (
        await guest.post('/v1/users/forgetPasswordReset', {
          resetToken: res.data.resetToken,
          password: loginPasswordHash('forget_2', 'qpass123'),
        })
      ).code,
    ).toBe(1);
    expect((await q.get('/v1/users/info')).code).toBe(-99);
  });

  it.each([
    ['bad verifyType', { userName: 'forget_1', verifyType: 'email', code: '1234' }],
    ['extra field', { userName: 'forget_1', verifyType: 'phone', code: '1234', userId: '1' }],
    ['bad token', { resetToken: 'x', password: loginPasswordHash('a', 'b') }],
  ])('refuses %s with 400', async (_n, form) => {
    const path =
      'resetToken' in form ? '/v1/users/forgetPasswordReset' : '/v1/users/forgetPassword';
    expect((await freshClient().post(path, form as Record<string, string>)).status).toBe(400);
  });
});

describe('safety password reset by code or questions', () => {
  it('by a safety code sent to the bound phone', async () => {
    // a client address of its own: the per-address send limit is shared by this file's other tests
    const s = Object.assign(freshClient(), {
      userId: (await ctx.userClient({ userName: 'code_safe' })).userId,
    });
    expect((await s.login('code_safe', 'pass1234')).code).toBe(1);
    const hash = (d: string) => safetyPasswordHash('code_safe', d);
    await s.post('/v1/users/setSafetyPassword', {
      safetyPassword: hash('111111'),
      verifyType: 'password',
      password: loginPasswordHash('code_safe', 'pass1234'),
    });
    const unbound = await s.post('/v1/users/resetSafetyPassword', {
      safetyPassword: hash('222222'),
      verifyType: 'phone',
      code: '1234',
    });
    expect(unbound.msg).toBe('尚未绑定手机号码');
    await ctx.sql`update users set phone = '13500000001' where id = ${s.userId}`;
    expect(
      (await s.post('/v1/users/sendPhoneCode', { phone: '13500000009', purpose: 'safety' })).code,
    ).toBe(-1);
    expect(
      (await s.post('/v1/users/sendPhoneCode', { phone: '13500000001', purpose: 'safety' })).code,
    ).toBe(1);
    const code = await lastCode('13500000001');
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('222222'),
          verifyType: 'phone',
          code: wrong,
        })
      ).code,
    ).toBe(-1);
    expect(
      (await s.post('/v1/users/verifySafetyPassword', { safetyPassword: hash('111111') })).code,
    ).toBe(1);
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('222222'),
          verifyType: 'phone',
          code,
        })
      ).code,
    ).toBe(1);
    expect(
      (await s.post('/v1/users/verifySafetyPassword', { safetyPassword: hash('222222') })).code,
    ).toBe(1);
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('333333'),
          verifyType: 'phone',
          code,
        })
      ).code,
    ).toBe(-1);
  });

  it('by the safety questions', async () => {
    const s = await ctx.userClient({ userName: 'code_safq' });
    const hash = (d: string) => safetyPasswordHash('code_safq', d);
    await s.post('/v1/users/setSafetyPassword', {
      safetyPassword: hash('111111'),
      verifyType: 'password',
      password: loginPasswordHash('code_safq', 'pass1234'),
    });
    const qs = (await s.get('/v1/users/safeQuestionList')).data.list;
    const answers = { questionId1: qs[0].id, answer1: 'a1', questionId2: qs[1].id, answer2: 'a2' };
    await s.post('/v1/users/setSafetyQuestion', { ...answers, safetyPassword: hash('111111') });
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('444444'),
          verifyType: 'question',
          ...answers,
          answer1: 'zz',
        })
      ).code,
    ).toBe(-1);
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('444444'),
          verifyType: 'question',
        })
      ).msg,
    ).toBe('请回答两个安全问题');
    expect(
      (
        await s.post('/v1/users/resetSafetyPassword', {
          safetyPassword: hash('444444'),
          verifyType: 'question',
          ...answers,
        })
      ).code,
    ).toBe(1);
    expect(
      (await s.post('/v1/users/verifySafetyPassword', { safetyPassword: hash('444444') })).code,
    ).toBe(1);
  });
});
