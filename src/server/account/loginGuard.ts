/**
 * Failed-login bookkeeping per lower-cased user name: after the operator's threshold of failures
 * (`tenant_config.loginImageCodeAfterFailures`, read by loginImageCodeAfter) an image code is
 * required; LOGIN_MAX_FAILURES within the window lock the name for the window.
 * Unknown names count too, so the answers do not tell which names exist.
 */
import { LOGIN_LOCK_WINDOW_SEC, LOGIN_MAX_FAILURES } from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { getTenantConfig } from '../site/tenant.ts';

/** Failures after which a login must carry an image code (the operator's setting, cached). */
export async function loginImageCodeAfter(sql: Sql): Promise<number> {
  return (await getTenantConfig(sql)).loginImageCodeAfterFailures;
}

export interface LoginGuardState {
  failures: number;
  lockedUntil: Date | null;
}

export async function loginGuardState(sql: Sql, userName: string): Promise<LoginGuardState> {
  const name = userName.toLowerCase();
  const [row] = await sql<{ failures: number; locked_until: Date | null }[]>`
    select (select count(*)::int from login_failures
            where user_name_lc = ${name} and created_at > now() - make_interval(secs => ${LOGIN_LOCK_WINDOW_SEC})) as failures,
           (select locked_until from login_locks where user_name_lc = ${name} and locked_until > now()) as locked_until`;
  return { failures: row.failures, lockedUntil: row.locked_until };
}

/** Records a failure; returns the failures in the window, locking the name at the limit. */
export async function recordLoginFailure(sql: Sql, userName: string, ip: string): Promise<number> {
  const name = userName.toLowerCase();
  await sql`insert into login_failures (user_name_lc, ip) values (${name}, ${ip})`;
  const { failures } = await loginGuardState(sql, name);
  if (failures >= LOGIN_MAX_FAILURES) {
    await sql`
      insert into login_locks (user_name_lc, locked_until) values (${name}, now() + make_interval(secs => ${LOGIN_LOCK_WINDOW_SEC}))
      on conflict (user_name_lc) do update set locked_until = excluded.locked_until`;
  }
  return failures;
}

/** A good login (or a password reset) forgets the failures of that name. */
export async function clearLoginFailures(sql: Sql, userName: string): Promise<void> {
  const name = userName.toLowerCase();
  await sql`delete from login_failures where user_name_lc = ${name}`;
  await sql`delete from login_locks where user_name_lc = ${name}`;
}

export function lockMessage(lockedUntil: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return `登录失败次数过多，账号已被锁定，请${minutes}分钟后再试`;
}
