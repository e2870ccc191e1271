/**
 * Server-side sessions. The cookie holds a random token; the table holds its sha256.
 * A session ends by logout, idle or age expiry, a password reset, or the operator; a request
 * on an ended session gets the code that says why (spec 000 section 8), so the client can act.
 * The cookie is Secure when the request came over HTTPS: directly, or through a proxy that says
 * so in X-Forwarded-Proto when TRUST_PROXY=1 (Fastify's `req.protocol`; docs/deployment.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  PASSWORD_CHANGE_REQUIRED_MSG,
  ResponseCode,
  SESSION_EXPIRED_MSG,
} from '../../domain/errors.ts';
import { SESSION_IDLE_SEC, SESSION_MAX_SEC } from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { newToken, tokenHash } from './kdf.ts';

export const SESSION_COOKIE = 'sid';

export interface SessionUser {
  sessionId: number;
  userId: number;
  userName: string;
  isAgent: boolean;
  isOperator: boolean;
  /** still on the built-in demo password: the operator API refuses until it is changed */
  mustChangePassword: boolean;
  grade: number;
}

/** Who may call a route: set as `config: { auth: ... }`; default 'user'. */
/** 'agent': a signed-in user whose account is an agent's (spec 000: the agent-only guard). */
export type AuthLevel = 'none' | 'optional' | 'user' | 'agent' | 'operator';

export const AGENT_ONLY_MSG = '您还不是代理，无法使用代理功能';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** why the presented session is not usable, when it is not */
    sessionProblem: AppError | null;
  }
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
}

const END_REASON_CODES: Record<string, [number, string]> = {
  logout: [ResponseCode.NOT_LOGGED_IN, '请先登录'],
  expired: [ResponseCode.SESSION_EXPIRED, SESSION_EXPIRED_MSG],
  password_reset: [ResponseCode.PASSWORD_RESET, '密码已重新设置，有疑问请联系客服'],
  forced: [ResponseCode.FORCED_LOGOUT, '您已被管理员强制下线'],
  elsewhere: [ResponseCode.LOGGED_IN_ELSEWHERE, '您的账号已在其他地方登录'],
  disabled: [ResponseCode.ACCOUNT_DISABLED, '您的账号已被停用，请联系客服'],
  frozen: [ResponseCode.ACCOUNT_FROZEN, '您的账号已被冻结，请联系客服'],
  revoked: [ResponseCode.SESSION_REVOKED, '登录已失效，请重新登录'],
};

export function sessionError(reason: string, message?: string | null): AppError {
  const [code, text] = END_REASON_CODES[reason] ?? END_REASON_CODES.revoked;
  return new AppError(message || text, code, 200);
}

const cookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_SEC }) as const;

export async function createSession(
  sql: Sql,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const { token, hash } = newToken();
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 300);
  await sql`
    insert into sessions (token_hash, user_id, expires_at, ip, user_agent)
    values (${hash}, ${userId}, now() + make_interval(secs => ${SESSION_MAX_SEC}), ${req.ip}, ${userAgent})`;
  // the login history outlives the session row (the operator's user page reads it)
  await sql`insert into login_history (user_id, ip, user_agent) values (${userId}, ${req.ip}, ${userAgent})`;
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(req.protocol === 'https'));
}

/** Ends every open session of a user (password reset, operator, freeze), with the reason. */
export async function endUserSessions(
  sql: Sql,
  userId: number,
  reason: string,
  message?: string,
  exceptSessionId = 0,
) {
  const rows = await sql`
    update sessions set ended_at = now(), end_reason = ${reason}, end_message = ${message ?? null}
    where user_id = ${userId} and ended_at is null and id <> ${exceptSessionId}
    returning id`;
  return rows.length;
}

export async function endSession(sql: Sql, sessionId: number, reason = 'logout') {
  await sql`update sessions set ended_at = now(), end_reason = ${reason} where id = ${sessionId} and ended_at is null`;
}

interface SessionRow {
  id: number;
  user_id: number;
  ended_at: Date | null;
  end_reason: string | null;
  end_message: string | null;
  idle: boolean;
  aged: boolean;
  touch: boolean;
  user_name: string;
  is_agent: boolean;
  is_operator: boolean;
  must_change_password: boolean;
  grade: number;
  status: string;
}

async function loadSession(sql: Sql, token: string): Promise<SessionUser | AppError | null> {
  const [row] = await sql<SessionRow[]>`
    select s.id, s.user_id, s.ended_at, s.end_reason, s.end_message,
           s.last_seen_at < now() - make_interval(secs => ${SESSION_IDLE_SEC}) as idle,
           s.expires_at < now() as aged,
           s.last_seen_at < now() - interval '60 seconds' as touch,
           u.user_name, u.is_agent, u.is_operator, u.must_change_password, u.grade, u.status
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash(token)}`;
  if (!row) return null;
  if (row.ended_at) return sessionError(row.end_reason ?? 'revoked', row.end_message);
  if (row.idle || row.aged) {
    await endSession(sql, row.id, 'expired');
    return sessionError('expired');
  }
  if (row.status !== 'active') {
    await endSession(sql, row.id, row.status);
    return sessionError(row.status);
  }
  if (row.touch) await sql`update sessions set last_seen_at = now() where id = ${row.id}`;
  return {
    sessionId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    isAgent: row.is_agent,
    isOperator: row.is_operator,
    mustChangePassword: row.must_change_password,
    grade: row.grade,
  };
}

export default fp(
  async function sessionsPlugin(app: FastifyInstance, opts: { sql: Sql }) {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionProblem', null);
    app.addHook('preValidation', async (req) => {
      const level: AuthLevel = req.routeOptions.config?.auth ?? 'user';
      if (req.is404 || !req.url.startsWith('/v1/') || level === 'none') return;
      const token = req.cookies?.[SESSION_COOKIE];
      if (!token) return;
      const found = await loadSession(opts.sql, token);
      if (found instanceof AppError) req.sessionProblem = found;
      else req.user = found;
    });
  },
  { name: 'sessions' },
);

/**
 * The signed-in user of a request, or the refusal that says why there is none (the ended session's
 * code, else 请先登录). On a 'user' or 'operator' route enforceAuth has already refused a request
 * without one, so there this only gives the handler a non-null type; on an 'optional' route it is
 * the check of the parts that need a login.
 */
export function loggedIn(req: FastifyRequest): SessionUser {
  if (!req.user)
    throw req.sessionProblem ?? new AppError('请先登录', ResponseCode.NOT_LOGGED_IN, 200);
  return req.user;
}

/** Refuses a request whose route needs a user (or an operator) it does not have. */
export async function enforceAuth(req: FastifyRequest): Promise<void> {
  const level: AuthLevel = req.routeOptions.config?.auth ?? 'user';
  if (req.is404 || !req.url.startsWith('/v1/') || level === 'none' || level === 'optional') return;
  const user = loggedIn(req);
  if (level === 'agent' && !user.isAgent)
    throw new AppError(AGENT_ONLY_MSG, ResponseCode.FAILED, 403);
  if (level === 'operator' && !user.isOperator)
    throw new AppError('没有权限', ResponseCode.FAILED, 403);
  if (level === 'operator' && user.mustChangePassword) {
    throw new AppError(PASSWORD_CHANGE_REQUIRED_MSG, ResponseCode.PASSWORD_CHANGE_REQUIRED, 403);
  }
}
