/**
 * Phone and mail codes: send, throttle, verify, attempts, expiry and binding; the operator outbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ctx,
  type UserClient,
  freshClient,
  lastCode,
  allowResend,
} from './account-codes-fixtures.ts';

describe('phone codes', () => {
  let a: UserClient;
  beforeAll(async () => {
    a = await ctx.userClient({ userName: 'code_a' });
  });

  it('sends a 4-digit code to the outbox, throttles resends, verifies and binds', async () => {
    const res = await a.post('/v1/users/sendPhoneCode', { phone: '13700000001', purpose: 'bind' });
    expect(res).toMatchObject({ code: 1, data: { sent: true, ttlSec: 600 } });
    const [row] = await ctx.sql`select * from code_outbox where target = '13700000001'`;
    expect(row).toMatchObject({ channel: 'sms', purpose: 'bind', user_id: a.userId });
    const again = await a.post('/v1/users/sendPhoneCode', {
      phone: '13700000001',
      purpose: 'bind',
    });
    expect(again.code).toBe(-1);
    expect(again.msg).toMatch(/发送过于频繁/);
    const code = await lastCode('13700000001');
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect(
      (
        await a.post('/v1/users/verifyPhoneCode', {
          phone: '13700000001',
          code: wrong,
          purpose: 'bind',
        })
      ).msg,
    ).toBe('验证码错误');
    expect((await a.get('/v1/users/info')).data.phone).toBe('');
    const ok = await a.post('/v1/users/verifyPhoneCode', {
      phone: '13700000001',
      code,
      purpose: 'bind',
    });
    expect(ok).toMatchObject({ code: 1, data: { verified: true } });
    expect((await a.get('/v1/users/info')).data.phone).toBe('13******1');
    expect(
      (await a.post('/v1/users/verifyPhoneCode', { phone: '13700000001', code, purpose: 'bind' }))
        .code,
    ).toBe(-1);
  });

  it('gives up after 5 wrong tries and does not take an expired code', async () => {
    const b = await ctx.userClient({ userName: 'code_b' });
    await b.post('/v1/users/sendPhoneCode', { phone: '13700000002', purpose: 'bind' });
    const code = await lastCode('13700000002');
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (let i = 0; i < 5; i++)
      await b.post('/v1/users/verifyPhoneCode', {
        phone: '13700000002',
        code: wrong,
        purpose: 'bind',
      });
    const res = await b.post('/v1/users/verifyPhoneCode', {
      phone: '13700000002',
      code,
      purpose: 'bind',
    });
    expect(res.msg).toBe('验证码错误次数过多，请重新获取');
    await allowResend();
    await b.post('/v1/users/sendPhoneCode', { phone: '13700000002', purpose: 'bind' });
    const fresh = await lastCode('13700000002');
    await ctx.sql`update verify_codes set created_at = now() - interval '11 minutes' where target = '13700000002'`;
    expect(
      (
        await b.post('/v1/users/verifyPhoneCode', {
          phone: '13700000002',
          code: fresh,
          purpose: 'bind',
        })
      ).code,
    ).toBe(-1);
    expect((await b.get('/v1/users/info')).data.phone).toBe('');
  });

  it('will not bind a phone another account holds, and needs a session to bind', async () => {
    const c = await ctx.userClient({ userName: 'code_c' });
    expect(
      (await c.post('/v1/users/sendPhoneCode', { phone: '13700000001', purpose: 'bind' })).msg,
    ).toMatch(/已被其他账号绑定/);
    expect(
      (
        await freshClient().post('/v1/users/sendPhoneCode', {
          phone: '13700000009',
          purpose: 'bind',
        })
      ).code,
    ).toBe(0);
  });

  it.each([
    ['bad phone', { phone: '23700000001', purpose: 'bind' }],
    ['unknown purpose', { phone: '13700000001', purpose: 'spam' }],
    ['extra field', { phone: '13700000001', purpose: 'bind', to: 'x' }],
    ['missing phone', { purpose: 'bind' }],
  ])('sendPhoneCode refuses %s with 400', async (_n, form) => {
    expect((await a.post('/v1/users/sendPhoneCode', form)).status).toBe(400);
  });

  it.each([
    ['5-digit code', { phone: '13700000001', code: '12345', purpose: 'bind' }],
    ['letters', { phone: '13700000001', code: 'abcd', purpose: 'bind' }],
  ])('verifyPhoneCode refuses %s with 400', async (_n, form) => {
    expect((await a.post('/v1/users/verifyPhoneCode', form)).status).toBe(400);
  });
});

describe('mail codes', () => {
  it('binds a mail address the same way', async () => {
    const m = await ctx.userClient({ userName: 'code_m' });
    expect(
      (await m.post('/v1/users/sendMailCode', { email: 'Code.M@Example.com', purpose: 'bind' }))
        .code,
    ).toBe(1);
    const code = await lastCode('code.m@example.com');
    expect(
      (
        await m.post('/v1/users/verifyMailCode', {
          email: 'code.m@example.com',
          code,
          purpose: 'bind',
        })
      ).code,
    ).toBe(1);
    const [u] = await ctx.sql`select email from users where id = ${m.userId}`;
    expect(u.email).toBe('code.m@example.com');
    expect(
      (await m.post('/v1/users/sendMailCode', { email: '<a>@x.com', purpose: 'bind' })).status,
    ).toBe(400);
  });
});

describe('operator outbox', () => {
  it('shows the sent codes to the operator', async () => {
    const op = await ctx.userClient({ userName: 'code_op', isOperator: true });
    const res = await op.get('/v1/admin/codes/outbox');
    expect(res.code).toBe(1);
    expect(res.data.total).toBeGreaterThan(3);
    expect(res.data.list[0]).toHaveProperty('message');
  });
});
