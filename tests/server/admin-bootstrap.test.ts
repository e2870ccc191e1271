/**
 * The operator account at first start: no password in any log line; no built-in password on a
 * real database (DATABASE_URL); on the embedded demo the built-in one works once, and the
 * operator API answers PASSWORD_CHANGE_REQUIRED until the operator has chosen their own.
 */
import { describe, expect, it } from 'vitest';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import { PASSWORD_CHANGE_REQUIRED_MSG, ResponseCode } from '../../src/domain/errors.ts';
import { DEFAULT_ADMIN, loadConfig } from '../../src/server/config.ts';
import { DEMO_USERS, seedIfEmpty } from '../../src/server/seed.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { setupTestApp } from './helpers.ts';

const BASE_ENV = { DATA_DIR: '/tmp/unused', SEED_DEMO: '1' };
const PASSWORDS = [DEFAULT_ADMIN.password, DEMO_USERS.player.password, DEMO_USERS.agent.password];

async function seeded(env: Record<string, string>) {
  const ctx = await setupTestApp();
  const lines: string[] = [];
  const outcome = await seedIfEmpty(ctx.sql, loadConfig({ ...BASE_ENV, ...env }), (m) =>
    lines.push(m),
  ).catch((e: Error) => e);
  return { ctx, lines, outcome };
}

describe('on a DATABASE_URL database without ADMIN_PASSWORD', async () => {
  const { ctx, outcome } = await seeded({ DATABASE_URL: 'postgres://db.example/site' });
  it('refuses to create the operator (and anything else) with the built-in password', async () => {
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/ADMIN_PASSWORD/);
    const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from users`;
    expect(n).toBe(0);
  });
});

describe('with ADMIN_PASSWORD given', async () => {
  const password = 'Own-Secret-77';
  const { ctx, lines, outcome } = await seeded({
    DATABASE_URL: 'postgres://db.example/site',
    ADMIN_PASSWORD: password,
  });
  it('creates the operator with it, logs no password, and opens /admin at once', async () => {
    expect(outcome).toBe(true);
    for (const secret of [password, ...PASSWORDS]) expect(lines.join('\n')).not.toContain(secret);
    const c = ctx.client();
    expect((await c.login(DEFAULT_ADMIN.userName, password)).data.user.mustChangePassword).toBe(
      false,
    );
    expect((await c.get('/v1/admin/users/list')).code).toBe(1);
  });
});

describe('the embedded demo without ADMIN_PASSWORD', async () => {
  const { ctx, lines, outcome } = await seeded({});
  const op = ctx.client();

  it('seeds the operator on the built-in password without logging any password', async () => {
    expect(outcome).toBe(true);
    expect(lines.some((l) => l.includes(DEFAULT_ADMIN.userName))).toBe(true);
    for (const secret of PASSWORDS) expect(lines.join('\n')).not.toContain(secret);
  });

  it('lets the operator log in, flagged to change the password', async () => {
    const res = await op.login(DEFAULT_ADMIN.userName, DEFAULT_ADMIN.password);
    expect(res.code).toBe(1);
    expect(res.data.user).toMatchObject({ operator: true, mustChangePassword: true });
    expect((await op.get('/v1/users/info')).data.mustChangePassword).toBe(true);
  });

  it('refuses every operator call until then, with a clear code', async () => {
    const list = await op.get('/v1/admin/users/list');
    expect(list).toMatchObject({
      status: 403,
      code: ResponseCode.PASSWORD_CHANGE_REQUIRED,
      msg: PASSWORD_CHANGE_REQUIRED_MSG,
    });
    const write = await op.post('/v1/admin/site/status', { maintenance: '1' });
    expect(write.code).toBe(ResponseCode.PASSWORD_CHANGE_REQUIRED);
  });

  it('lifts the block once the password is changed through resetPassword', async () => {
    const name = DEFAULT_ADMIN.userName;
    const res = await op.post('/v1/users/resetPassword', {
      oldPassword: loginPasswordHash(name, DEFAULT_ADMIN.password),
      password: loginPasswordHash(name, 'Chosen-Pass-1'),
    });
    expect(res.code).toBe(1);
    expect((await op.get('/v1/users/info')).data.mustChangePassword).toBe(false);
    expect((await op.get('/v1/admin/users/list')).code).toBe(1);
    expect((await ctx.client().login(name, DEFAULT_ADMIN.password)).code).toBe(ResponseCode.FAILED);
  });

  it('never flags the demo players', async () => {
    const p = ctx.client();
    const res = await p.login(DEMO_USERS.player.userName, DEMO_USERS.player.password);
    expect(res.data.user.mustChangePassword).toBe(false);
  });
});

describe('a site seeded before the flag existed', async () => {
  const old = await setupTestApp();
  const own = await setupTestApp();
  const named = await setupTestApp();
  const flagOf = async (ctx: Awaited<ReturnType<typeof setupTestApp>>, id: number) =>
    (
      await ctx.sql<{ f: boolean }[]>`select must_change_password as f from users where id = ${id}`
    )[0].f;

  it('flags an operator still on the demo password at the next start without ADMIN_PASSWORD', async () => {
    const id = (await insertUserWithPassword(
      old.sql,
      DEFAULT_ADMIN.userName,
      DEFAULT_ADMIN.password,
      { isOperator: true },
    ))!;
    const lines: string[] = [];
    expect(await seedIfEmpty(old.sql, loadConfig(BASE_ENV), (m) => lines.push(m))).toBe(false);
    expect(await flagOf(old, id)).toBe(true);
    expect(lines.join('\n')).not.toContain(DEFAULT_ADMIN.password);
  });

  it('leaves an operator alone whose password is their own, or who named it in ADMIN_PASSWORD', async () => {
    const ownId = (await insertUserWithPassword(own.sql, DEFAULT_ADMIN.userName, 'Own-Pass-99', {
      isOperator: true,
    }))!;
    await seedIfEmpty(own.sql, loadConfig(BASE_ENV), () => {});
    expect(await flagOf(own, ownId)).toBe(false);
    const namedId = (await insertUserWithPassword(
      named.sql,
      DEFAULT_ADMIN.userName,
      DEFAULT_ADMIN.password,
      { isOperator: true },
    ))!;
    await seedIfEmpty(
      named.sql,
      loadConfig({ ...BASE_ENV, ADMIN_PASSWORD: DEFAULT_ADMIN.password }),
      () => {},
    );
    expect(await flagOf(named, namedId)).toBe(false);
  });
});
