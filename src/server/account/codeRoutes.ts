/**
 * sendPhoneCode / verifyPhoneCode / sendMailCode / verifyMailCode. Purposes: `bind` (logged in,
 * binds the target on verify), `forget` (logged out, the target must be the one bound to
 * userName), `safety` (logged in, the target must be the user's bound one).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import {
  sendCode,
  consumeCode,
  verifyCode,
  type Channel,
  type Purpose as PurposeName,
} from './codes.ts';
import { codeTransport } from './transport.ts';
import { Email, LIMITS, Phone, Purpose, UserName, VerifyCode } from './schemas.ts';
import { findUserById, findUserByName } from './userInfo.ts';

interface ChannelDef {
  channel: Channel;
  field: 'phone' | 'email';
  schema: TSchema;
  send: string;
  verify: string;
  label: string;
}

const CHANNELS: ChannelDef[] = [
  {
    channel: 'sms',
    field: 'phone',
    schema: Phone,
    send: '/v1/users/sendPhoneCode',
    verify: '/v1/users/verifyPhoneCode',
    label: '手机号码',
  },
  {
    channel: 'mail',
    field: 'email',
    schema: Email,
    send: '/v1/users/sendMailCode',
    verify: '/v1/users/verifyMailCode',
    label: '邮箱',
  },
];

/** Who the code is for, after checking the purpose's rules; refuses otherwise. */
async function codeOwner(
  app: FastifyInstance,
  req: FastifyRequest,
  def: ChannelDef,
  target: string,
  purpose: PurposeName,
  userName?: string,
) {
  const sql = app.deps.sql;
  if (purpose === 'forget') {
    if (!userName) refuse('用户名不能为空');
    const u = await findUserByName(sql, userName);
    if (!u || (u[def.field] ?? '').toLowerCase() !== target.toLowerCase())
      refuse(`用户名与${def.label}不匹配`);
    return u.id;
  }
  const u = (await findUserById(sql, loggedIn(req).userId))!;
  const bound = (u[def.field] ?? '').toLowerCase();
  if (purpose === 'safety' && bound !== target.toLowerCase())
    refuse(`${def.label}与账号绑定的不一致`);
  if (purpose === 'bind') {
    if (bound === target.toLowerCase()) refuse(`该${def.label}已绑定`);
    const column = def.field;
    const [other] =
      await sql`select 1 from users where lower(${sql(column)}) = ${target.toLowerCase()} and id <> ${u.id}`;
    if (other) refuse(`该${def.label}已被其他账号绑定`);
  }
  return u.id;
}

function channelRoutes(def: ChannelDef) {
  const SendForm = Form({
    [def.field]: def.schema,
    purpose: Purpose,
    userName: Type.Optional(UserName),
  });
  const VerifyForm = Form({ [def.field]: def.schema, code: VerifyCode, purpose: Purpose });
  return async function routes(app: FastifyInstance) {
    const sql = app.deps.sql;
    const transport = codeTransport(sql, app.deps.config, app.log);
    app.post<{ Body: Static<typeof SendForm> }>(
      def.send,
      { config: { auth: 'optional', ...LIMITS.sendCode }, schema: { body: SendForm } },
      async (req) => {
        const target = String(req.body[def.field]);
        const purpose = req.body.purpose as PurposeName;
        if (purpose !== 'forget' && req.body.userName) refuse('不支持的参数：userName');
        const userId = await codeOwner(
          app,
          req,
          def,
          target,
          purpose,
          req.body.userName as string | undefined,
        );
        return ok(
          await sendCode(sql, transport, { channel: def.channel, target, purpose, userId }),
          '验证码已发送',
        );
      },
    );
    app.post<{ Body: Static<typeof VerifyForm> }>(
      def.verify,
      { config: { auth: 'optional', ...LIMITS.verify }, schema: { body: VerifyForm } },
      async (req) => {
        const target = String(req.body[def.field]).toLowerCase();
        const purpose = req.body.purpose as PurposeName;
        const code = String(req.body.code);
        if (purpose !== 'bind') {
          await verifyCode(sql, def.channel, target, purpose, code);
          return ok({ verified: true });
        }
        const { userId } = loggedIn(req);
        const row = await consumeCode(sql, def.channel, target, 'bind', code);
        if (row.user_id !== userId) refuse('验证码错误');
        await sql`update users set ${sql(def.field)} = ${target} where id = ${userId}`;
        return ok({ verified: true }, '绑定成功');
      },
    );
  };
}

export default async function codeRoutes(app: FastifyInstance) {
  for (const def of CHANNELS) await app.register(channelRoutes(def));
}
