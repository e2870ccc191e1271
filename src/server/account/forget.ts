/**
 * Forgotten password: prove the account by a phone code, a mail code or the two safety
 * questions, get a reset token (hashed in the table, 15 minutes, single use), then set a new
 * password with it. The reset ends every session of the user (-99 on their next call).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { kdfHash, newToken, tokenHash } from '../auth/kdf.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { consumeCode } from './codes.ts';
import { clearLoginFailures } from './loginGuard.ts';
import { AnswerFields, answersMatch } from './questions.ts';
import { LIMITS, UserName, VerifyCode } from './schemas.ts';
import { findUserByName } from './userInfo.ts';

export const RESET_TOKEN_TTL_SEC = 15 * 60;
const Opt = Type.Optional;

const ForgetForm = Form({
  userName: UserName,
  verifyType: Type.Union([Type.Literal('phone'), Type.Literal('mail'), Type.Literal('question')]),
  code: Opt(VerifyCode),
  questionId1: Opt(AnswerFields.questionId1),
  answer1: Opt(AnswerFields.answer1),
  questionId2: Opt(AnswerFields.questionId2),
  answer2: Opt(AnswerFields.answer2),
});
const ResetForm = Form({
  resetToken: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  password: CredentialHash,
});

const NOT_PROVEN = '用户名或验证信息不正确';

export default async function forgetRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.post<{ Body: Static<typeof ForgetForm> }>(
    '/v1/users/forgetPassword',
    { config: { auth: 'none', ...LIMITS.verify }, schema: { body: ForgetForm } },
    async (req) => {
      const b = req.body;
      const u = await findUserByName(sql, b.userName);
      if (b.verifyType === 'question') {
        const { questionId1, answer1, questionId2, answer2 } = b;
        if (!questionId1 || !answer1 || !questionId2 || !answer2) refuse('请回答两个安全问题');
        if (!u || !(await answersMatch(sql, u.id, { questionId1, answer1, questionId2, answer2 })))
          refuse(NOT_PROVEN);
      } else {
        if (!b.code) refuse('验证码不能为空');
        const target = b.verifyType === 'phone' ? u?.phone : u?.email;
        if (!u || !target) refuse(NOT_PROVEN);
        const row = await consumeCode(
          sql,
          b.verifyType === 'phone' ? 'sms' : 'mail',
          target,
          'forget',
          b.code,
        );
        if (row.user_id !== u.id) refuse(NOT_PROVEN);
      }
      if (u.status !== 'active') refuse('账号已被冻结或停用，请联系客服');
      const { token, hash } = newToken();
      await sql`insert into password_reset_tokens (token_hash, user_id) values (${hash}, ${u.id})`;
      return ok({ resetToken: token });
    },
  );

  app.post<{ Body: Static<typeof ResetForm> }>(
    '/v1/users/forgetPasswordReset',
    { config: { auth: 'none', ...LIMITS.verify }, schema: { body: ResetForm } },
    async (req) => {
      const kdf = await kdfHash(req.body.password);
      const [row] = await sql<{ user_id: number; user_name: string }[]>`
        update password_reset_tokens t set used_at = now() from users u
        where t.token_hash = ${tokenHash(req.body.resetToken)} and t.used_at is null and u.id = t.user_id
          and t.created_at > now() - make_interval(secs => ${RESET_TOKEN_TTL_SEC})
        returning t.user_id, u.user_name`;
      if (!row) refuse('重置凭证无效或已过期，请重新验证');
      await sql`update users set password_kdf = ${kdf}, password_set_at = now(), must_change_password = false where id = ${row.user_id}`;
      await endUserSessions(sql, row.user_id, 'password_reset');
      await clearLoginFailures(sql, row.user_name);
      return ok(null, '密码重置成功，请重新登录');
    },
  );
}
