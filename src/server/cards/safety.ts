/**
 * The safety (fund) password check of the card calls, with a guard against guessing:
 * SAFETY_MAX_FAILURES wrong answers within SAFETY_LOCK_WINDOW_SEC refuse every further attempt
 * until the oldest of them leaves the window; a right answer forgets the failures. The account
 * module has no such guard for the safety password (loginGuard.ts counts login names only), so
 * this one is kept per user in safety_password_failures; withdrawals can reuse it.
 */
import type { Sql } from '../db/client.ts';
import { kdfVerify } from '../auth/kdf.ts';
import { refuse } from '../http/envelope.ts';

export const SAFETY_MAX_FAILURES = 5;
export const SAFETY_LOCK_WINDOW_SEC = 15 * 60;

export const NO_SAFETY_PASSWORD_MSG = '请先设置资金密码';
const LOCKED_MSG = `资金密码错误次数过多，请${SAFETY_LOCK_WINDOW_SEC / 60}分钟后再试`;

/** Refuses unless `hash` is the user's safety password (and the user is not locked out). */
export async function checkSafetyPassword(sql: Sql, userId: number, hash: string): Promise<void> {
  const [row] = await sql<{ safety_kdf: string | null; failures: number }[]>`
    select safety_kdf,
           (select count(*)::int from safety_password_failures
             where user_id = ${userId} and created_at > now() - make_interval(secs => ${SAFETY_LOCK_WINDOW_SEC})) as failures
    from users where id = ${userId}`;
  if (!row?.safety_kdf) refuse(NO_SAFETY_PASSWORD_MSG, -1, { needSafetyPassword: true });
  if (row.failures >= SAFETY_MAX_FAILURES) refuse(LOCKED_MSG);
  if (!(await kdfVerify(hash, row.safety_kdf))) {
    await sql`insert into safety_password_failures (user_id) values (${userId})`;
    const left = SAFETY_MAX_FAILURES - row.failures - 1;
    refuse(left > 0 ? `资金密码错误，还可尝试${left}次` : LOCKED_MSG);
  }
  await sql`delete from safety_password_failures where user_id = ${userId}`;
}
