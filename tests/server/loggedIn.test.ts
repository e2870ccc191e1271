/** loggedIn(req): the one way a route handler gets its signed-in user, typed, without `req.user!`. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/errors.ts';
import { loggedIn, sessionError, type SessionUser } from '../../src/server/auth/sessions.ts';
import { AppError } from '../../src/server/http/envelope.ts';

const user: SessionUser = {
  sessionId: 7,
  userId: 42,
  userName: 'player01',
  isAgent: false,
  isOperator: false,
  mustChangePassword: false,
  grade: 1,
};
const request = (over: Partial<Pick<FastifyRequest, 'user' | 'sessionProblem'>>) =>
  ({ user: null, sessionProblem: null, ...over }) as FastifyRequest;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('loggedIn', () => {
  it('gives the session user', () => {
    expect(loggedIn(request({ user }))).toBe(user);
  });

  it('refuses with 请先登录 (code 0, HTTP 200) when there is no session', () => {
    const thrown = (() => {
      try {
        loggedIn(request({}));
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      message: '请先登录',
      code: ResponseCode.NOT_LOGGED_IN,
      status: 200,
    });
  });

  it('refuses with the reason an ended session gives', () => {
    const problem = sessionError('elsewhere');
    expect(() => loggedIn(request({ sessionProblem: problem }))).toThrow(problem);
  });

  it('is used instead of req.user! in every route module', () => {
    const offenders = filesUnder(join('src', 'server')).filter((f) =>
      readFileSync(f, 'utf8').includes('req.user!'),
    );
    expect(offenders).toEqual([]);
  });
});
