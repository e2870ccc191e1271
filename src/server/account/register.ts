/**
 * POST /v1/users/register. Which optional fields are required is the operator's choice
 * (site/tenant.ts getRegisterVerify, the same answer served to the client by
 * getNewRegisterVerifyFront); the image code is checked whenever sent.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { messages, labelOf } from '../../domain/validation.ts';
import { CredentialHash, Form, ok, Pattern, refuse } from '../http/envelope.ts';
import { createSession } from '../auth/sessions.ts';
import { getRegisterVerify, type RegisterVerify } from '../site/tenant.ts';
import { consumeImageCode } from './imageCode.ts';
import { Email, ImageCode, ImageKey, LIMITS, Phone, UserName } from './schemas.ts';
import { loadUserInfo } from './userInfo.ts';
import { insertUser } from './users.ts';
import { INVITE_CODE_PATTERN } from '../../domain/agent/inviteCodes.ts';
import { redeemInviteCode } from '../agent/inviteCodes.ts';
import { setPoints } from '../agent/points.ts';

const RegisterForm = Form({
  userName: UserName,
  password: CredentialHash,
  confirmPassword: CredentialHash,
  imageKey: Type.Optional(ImageKey),
  imageCode: Type.Optional(ImageCode),
  inviteCode: Type.Optional(Type.String({ pattern: INVITE_CODE_PATTERN.source })),
  phone: Type.Optional(Phone),
  email: Type.Optional(Email),
  qq: Type.Optional(Pattern('qq', { maxLength: 20 })),
  realName: Type.Optional(Pattern('realName', { maxLength: 20 })),
});
type RegisterBody = Static<typeof RegisterForm>;

/** The first required field that is missing, by the tenant's settings. */
function missingField(body: RegisterBody, verify: RegisterVerify): string | null {
  const required: [keyof RegisterVerify, keyof RegisterBody][] = [
    ['realName', 'realName'],
    ['phone', 'phone'],
    ['email', 'email'],
    ['qq', 'qq'],
    ['inviteCode', 'inviteCode'],
  ];
  for (const [flag, field] of required) if (verify[flag] && !body[field]) return field;
  return null;
}

export default async function registerRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.post<{ Body: RegisterBody }>(
    '/v1/users/register',
    { config: { auth: 'none', ...LIMITS.register }, schema: { body: RegisterForm } },
    async (req, reply) => {
      const body = req.body;
      if (body.confirmPassword !== body.password) refuse(messages.notSame('密码'));
      const verify = await getRegisterVerify(sql);
      const missing = missingField(body, verify);
      if (missing) refuse(messages.empty(labelOf(missing)));
      if (verify.imageCode && (!body.imageKey || !body.imageCode)) refuse(messages.empty('验证码'));
      if (
        (body.imageKey || body.imageCode) &&
        !(await consumeImageCode(sql, body.imageKey, body.imageCode))
      ) {
        refuse('验证码错误或已过期');
      }
      // With an invite code: under its owner, with its points and agent flag, one use counted (agent/inviteCodes.ts).
      const userId = await sql.begin(async (tx) => {
        const invite = body.inviteCode ? await redeemInviteCode(tx, body.inviteCode) : null;
        const id = await insertUser(tx, {
          userName: body.userName,
          passwordHash: body.password,
          registerIp: req.ip,
          parentId: invite?.parentId ?? null,
          isAgent: invite?.isAgent ?? false,
        });
        if (id === null) refuse('该用户名已被注册');
        if (invite) await setPoints(tx, id, invite.points);
        await tx`
          update users set phone = ${body.phone ?? null}, email = ${body.email ?? null}, qq = ${body.qq ?? null},
                 real_name = ${body.realName ?? null}, register_invite_code = ${body.inviteCode ?? null}
          where id = ${id}`;
        return id;
      });
      await sql`update users set last_login_at = now(), last_login_ip = ${req.ip} where id = ${userId}`;
      await createSession(sql, req, reply, userId);
      return ok({ user: await loadUserInfo(sql, userId) }, '注册成功');
    },
  );
}
