/**
 * Failed-login bookkeeping per lower-cased user name: after the operator's threshold of failures
 * (`tenant_config.loginImageCodeAfterFailures`, read by loginImageCodeAfter) an image code is
 * required; LOGIN_MAX_FAILURES within the window lock the name for the window.
 * Unknown names count too, so the answers do not tell which names exist. Each guess is counted
 * before its password is checked (checkLoginGuess), so concurrent guesses are all counted.
 */
import { LOGIN_LOCK_WINDOW_SEC, LOGIN_MAX_FAILURES } from '../../domain/constants.ts';
import { checkGuess, type GuessBook, type GuessVerdict } from '../auth/guesses.ts';
import type { Sql, Tx } from '../db/client.ts';
import { getTenantConfig } from '../site/tenant.ts';

/** Failures after which a login must carry an image code (the operator's setting, cached). */
export async function loginImageCodeAfter(sql: Sql): Promise<number> {
  return (await getTenantConfig(sql)).loginImageCodeAfterFailures;
}

interface LoginGuardState {
  failures: number;
  lockedUntil: Date | null;
}

async function loginGuardState(tx: Tx, name: string): Promise<LoginGuardState> {
  const [row] = await tx<{ failures: number; locked_until: Date | null }[]>`
    select (select count(*)::int from login_failures
            where user_name_lc = ${name} and created_at > now() - make_interval(secs => ${LOGIN_LOCK_WINDOW_SEC})) as failures,
           (select locked_until from login_locks where user_name_lc = ${name} and locked_until > now()) as locked_until`;
  return { failures: row!.failures, lockedUntil: row!.locked_until };
}

export interface LoginGuess extends GuessVerdict {
  /** the name's lock, read with the count (null when not locked) */
  lockedUntil: Date | null;
}

/**
 * One login guess for the name, counted before `verify` checks its password (auth/guesses.ts):
 * `max` is LOGIN_MAX_FAILURES for a guess with a right image code and the image-code threshold
 * without one, so concurrent guesses can skip neither the code nor the lock. A locked name counts
 * as full. The guess that reaches LOGIN_MAX_FAILURES locks the name at once; a right password
 * clears the lock with the failures.
 */
export async function checkLoginGuess(
  sql: Sql,
  userName: string,
  ip: string,
  max: number,
  verify: () => Promise<boolean>,
): Promise<LoginGuess> {
  const name = userName.toLowerCase();
  let lockedUntil: Date | null = null;
  const book: GuessBook = {
    key: `login:${name}`,
    max,
    count: async (tx) => {
      const state = await loginGuardState(tx, name);
      lockedUntil = state.lockedUntil;
      return lockedUntil ? LOGIN_MAX_FAILURES : state.failures;
    },
    record: async (tx, used) => {
      await tx`insert into login_failures (user_name_lc, ip) values (${name}, ${ip})`;
      if (used < LOGIN_MAX_FAILURES) return;
      await tx`
        insert into login_locks (user_name_lc, locked_until) values (${name}, now() + make_interval(secs => ${LOGIN_LOCK_WINDOW_SEC}))
        on conflict (user_name_lc) do update set locked_until = excluded.locked_until`;
    },
  };
  const verdict = await checkGuess(sql, book, verify, () => clearLoginFailures(sql, name));
  return { ...verdict, lockedUntil };
}

/** A good login (or a password reset) forgets the failures of that name. */
export async function clearLoginFailures(sql: Sql, userName: string): Promise<void> {
  const name = userName.toLowerCase();
  await sql`delete from login_failures where user_name_lc = ${name}`;
  await sql`delete from login_locks where user_name_lc = ${name}`;
}

/** The lock message; without a lock row (the failures outlived it) the lock is as long as the window. */
export function lockMessage(lockedUntil: Date | null): string {
  const until = lockedUntil ?? new Date(Date.now() + LOGIN_LOCK_WINDOW_SEC * 1000);
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `登录失败次数过多，账号已被锁定，请${minutes}分钟后再试`;
}
