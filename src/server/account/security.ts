/**
 * The security centre: what is set, the login password (verify, change) and the safety
 * (fund) password (set, verify, reset). Clients send hashes (src/domain/credentials.ts); the
 * server keeps only a KDF of each. Changing the login password ends the user's other sessions.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { kdfHash, kdfVerify } from '../auth/kdf.ts';
import { endUserSessions, loggedIn } from '../auth/sessions.ts';
import { consumeCode } from './codes.ts';
import { AnswerFields, answersMatch } from './questions.ts';
import { LIMITS, VerifyCode } from './schemas.ts';
import { findUserById, mask, type UserRow } from './userInfo.ts';

const Opt = Type.Optional;
const SetSafetyForm = Form({
  safetyPassword: CredentialHash,
  verifyType: Type.Literal('password'),
  password: CredentialHash,
});
const VerifySafetyForm = Form({
  safetyPassword: CredentialHash,
  verifyType: Opt(Type.String({ maxLength: 20, pattern: '^[A-Za-z]+$' })),
});
const ResetSafetyForm = Form({
  safetyPassword: CredentialHash,
  verifyType: Type.Union(['oldSafety', 'phone', 'mail', 'question'].map((v) => Type.Literal(v))),
  oldSafetyPassword: Opt(CredentialHash),
  code: Opt(VerifyCode),
  questionId1: Opt(AnswerFields.questionId1),
  answer1: Opt(AnswerFields.answer1),
  questionId2: Opt(AnswerFields.questionId2),
  answer2: Opt(AnswerFields.answer2),
});
const ResetPasswordForm = Form({ oldPassword: CredentialHash, password: CredentialHash });
const VerifyPasswordForm = Form({ password: CredentialHash });

function securityList(u: UserRow) {
  return [
    { type: 'loginPassword', name: '登录密码', set: true, value: '' },
    { type: 'safetyPassword', name: '资金密码', set: u.safety_kdf !== null, value: '' },
    { type: 'safetyQuestion', name: '安全问题', set: u.has_question, value: '' },
    { type: 'phone', name: '手机号码', set: u.phone !== null, value: mask(u.phone) },
    { type: 'email', name: '邮箱', set: u.email !== null, value: mask(u.email) },
    { type: 'realName', name: '真实姓名', set: u.real_name !== null, value: mask(u.real_name) },
  ];
}

/** The proof resetSafetyPassword asks for, by verifyType; refuses when it does not hold. */
async function checkResetProof(
  app: FastifyInstance,
  u: UserRow,
  b: Static<typeof ResetSafetyForm>,
): Promise<void> {
  const sql = app.deps.sql;
  if (b.verifyType === 'oldSafety') {
    if (!b.oldSafetyPassword) refuse('原资金密码不能为空');
    if (!u.safety_kdf || !(await kdfVerify(b.oldSafetyPassword, u.safety_kdf)))
      refuse('原资金密码错误');
    return;
  }
  if (b.verifyType === 'phone' || b.verifyType === 'mail') {
    const target = b.verifyType === 'phone' ? u.phone : u.email;
    if (!target) refuse(b.verifyType === 'phone' ? '尚未绑定手机号码' : '尚未绑定邮箱');
    if (!b.code) refuse('验证码不能为空');
    await consumeCode(sql, b.verifyType === 'phone' ? 'sms' : 'mail', target, 'safety', b.code);
    return;
  }
  const { questionId1, answer1, questionId2, answer2 } = b;
  if (!questionId1 || !answer1 || !questionId2 || !answer2) refuse('请回答两个安全问题');
  if (!(await answersMatch(sql, u.id, { questionId1, answer1, questionId2, answer2 })))
    refuse('安全问题答案不正确');
}

export default async function securityRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const me = async (userId: number) => (await findUserById(sql, userId))!;

  app.get('/v1/users/securityList', async (req) =>
    ok({ list: securityList(await me(loggedIn(req).userId)) }),
  );

  app.get('/v1/users/isChangeSafetyPassword', async (req) =>
    ok({ hasSafetyPassword: (await me(loggedIn(req).userId)).safety_kdf !== null }),
  );

  app.post<{ Body: Static<typeof SetSafetyForm> }>(
    '/v1/users/setSafetyPassword',
    { config: LIMITS.verify, schema: { body: SetSafetyForm } },
    async (req) => {
      const u = await me(loggedIn(req).userId);
      if (u.safety_kdf) refuse('资金密码已设置，如需修改请使用重置资金密码');
      if (!(await kdfVerify(req.body.password, u.password_kdf))) refuse('登录密码错误');
      const kdf = await kdfHash(req.body.safetyPassword);
      const done =
        await sql`update users set safety_kdf = ${kdf} where id = ${u.id} and safety_kdf is null returning id`;
      if (done.length === 0) refuse('资金密码已设置，如需修改请使用重置资金密码');
      return ok(null, '资金密码设置成功');
    },
  );

  app.post<{ Body: Static<typeof VerifySafetyForm> }>(
    '/v1/users/verifySafetyPassword',
    { config: LIMITS.verify, schema: { body: VerifySafetyForm } },
    async (req) => {
      const u = await me(loggedIn(req).userId);
      if (!u.safety_kdf) refuse('请先设置资金密码');
      if (!(await kdfVerify(req.body.safetyPassword, u.safety_kdf))) refuse('资金密码错误');
      return ok({ verified: true });
    },
  );

  app.post<{ Body: Static<typeof ResetSafetyForm> }>(
    '/v1/users/resetSafetyPassword',
    { config: LIMITS.verify, schema: { body: ResetSafetyForm } },
    async (req) => {
      const u = await me(loggedIn(req).userId);
      if (!u.safety_kdf) refuse('请先设置资金密码');
      await checkResetProof(app, u, req.body);
      await sql`update users set safety_kdf = ${await kdfHash(req.body.safetyPassword)} where id = ${u.id}`;
      return ok(null, '资金密码重置成功');
    },
  );

  app.post<{ Body: Static<typeof VerifyPasswordForm> }>(
    '/v1/users/verifyPassword',
    { config: LIMITS.verify, schema: { body: VerifyPasswordForm } },
    async (req) => {
      const u = await me(loggedIn(req).userId);
      if (!(await kdfVerify(req.body.password, u.password_kdf))) refuse('密码错误');
      return ok({ verified: true });
    },
  );

  app.post<{ Body: Static<typeof ResetPasswordForm> }>(
    '/v1/users/resetPassword',
    { config: LIMITS.verify, schema: { body: ResetPasswordForm } },
    async (req) => {
      const u = await me(loggedIn(req).userId);
      if (!(await kdfVerify(req.body.oldPassword, u.password_kdf))) refuse('原密码错误');
      if (req.body.oldPassword === req.body.password) refuse('新密码不能与原密码相同');
      const kdf = await kdfHash(req.body.password);
      await sql`update users set password_kdf = ${kdf}, password_set_at = now(), must_change_password = false where id = ${u.id}`;
      await endUserSessions(sql, u.id, 'password_reset', undefined, loggedIn(req).sessionId);
      return ok(null, '密码修改成功');
    },
  );
}
