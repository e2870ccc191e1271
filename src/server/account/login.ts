/**
 * Login, logout, user info, the heartbeat, name check and image codes.
 * Login is open during maintenance (operators must get in); a player is refused by the site
 * gate after the password check and gets no session.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { LOGIN_MAX_FAILURES } from '../../domain/constants.ts';
import { ResponseCode } from '../../domain/errors.ts';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { kdfHash, kdfVerify } from '../auth/kdf.ts';
import {
  createSession,
  endSession,
  loggedIn,
  sessionError,
  SESSION_COOKIE,
} from '../auth/sessions.ts';
import { siteGate } from '../site/status.ts';
import { consumeImageCode, issueImageCode } from './imageCode.ts';
import { checkLoginGuess, lockMessage, loginImageCodeAfter } from './loginGuard.ts';
import { ImageCode, ImageKey, LIMITS, UserName } from './schemas.ts';
import { findUserByName, loadUserInfo } from './userInfo.ts';

const LoginForm = Form({
  userName: UserName,
  password: CredentialHash,
  random: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  imageKey: Type.Optional(ImageKey),
  imageCode: Type.Optional(ImageCode),
});
const CheckUserQuery = Form({ userName: UserName });

/** Compared against when the name is unknown, so both answers take the same time. */
const dummyKdf = kdfHash(crypto.randomBytes(16).toString('hex'));

export default async function loginRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/users/imageCode', { config: { auth: 'none', ...LIMITS.imageCode } }, async () => {
    const { imageKey, svg } = await issueImageCode(sql);
    return ok({
      imageKey,
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    });
  });

  app.get<{ Querystring: Static<typeof CheckUserQuery> }>(
    '/v1/users/checkUser',
    { config: { auth: 'none', ...LIMITS.imageCode }, schema: { querystring: CheckUserQuery } },
    async (req) => ok({ exists: (await findUserByName(sql, req.query.userName)) !== null }),
  );

  app.post<{ Body: Static<typeof LoginForm> }>(
    '/v1/users/login',
    { config: { auth: 'none', ...LIMITS.login }, schema: { body: LoginForm } },
    async (req, reply) => {
      const { userName, password, imageKey, imageCode } = req.body;
      const imageCodeAfter = await loginImageCodeAfter(sql);
      // a right image code lets this guess count up to the lock instead of the threshold
      const codeOk = await consumeImageCode(sql, imageKey, imageCode);
      const user = await findUserByName(sql, userName);
      // an unknown name is checked against a dummy, so both answers take the same time
      const verify = async () =>
        (await kdfVerify(password, user?.password_kdf ?? (await dummyKdf))) && user !== null;
      const guess = await checkLoginGuess(
        sql,
        userName,
        req.ip,
        codeOk ? LOGIN_MAX_FAILURES : imageCodeAfter,
        verify,
      );
      if (!guess.allowed) {
        if (guess.used >= LOGIN_MAX_FAILURES) refuse(lockMessage(guess.lockedUntil));
        refuse(imageKey && imageCode ? '验证码错误或已过期' : '请输入验证码', ResponseCode.FAILED, {
          needImageCode: true,
        });
      }
      if (!guess.right || !user) {
        if (guess.used >= LOGIN_MAX_FAILURES) refuse(lockMessage(null));
        refuse('用户名或密码错误', ResponseCode.FAILED, {
          needImageCode: guess.used >= imageCodeAfter,
        });
      }
      if (user.status !== 'active') throw sessionError(user.status);
      if (!user.is_operator) {
        const refusal = await siteGate(sql, req.ip, false);
        if (refusal) throw refusal;
      }
      await sql`update users set last_login_at = now(), last_login_ip = ${req.ip} where id = ${user.id}`;
      await createSession(sql, req, reply, user.id);
      return ok({ user: await loadUserInfo(sql, user.id) }, '登录成功');
    },
  );

  app.get('/v1/users/logout', { config: { auth: 'optional' } }, async (req, reply) => {
    if (req.user) await endSession(sql, req.user.sessionId, 'logout');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null, '已退出登录');
  });

  app.get('/v1/users/info', async (req) => ok(await loadUserInfo(sql, loggedIn(req).userId)));

  // The heartbeat: the session hook already refreshed last_seen_at.
  app.get('/v1/users/dmh/ch', async () => ok({ serverTime: Date.now() }));
}
