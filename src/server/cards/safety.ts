/**
 * The safety (fund) password check of the card calls, with a guard against guessing:
 * SAFETY_MAX_FAILURES wrong answers within SAFETY_LOCK_WINDOW_SEC refuse every further attempt
 * until the oldest of them leaves the window; a right answer forgets the failures. The account
 * module has no such guard for the safety password (loginGuard.ts counts login names only), so
 * this one is kept per user in safety_password_failures, shared by every caller (card calls,
 * withdrawals, red-envelope sends). A guess is counted before it is checked (auth/guesses.ts).
 */
import type { Sql } from '../db/client.ts';
import { checkGuess, type GuessBook } from '../auth/guesses.ts';
import { kdfVerify } from '../auth/kdf.ts';
import { refuse } from '../http/envelope.ts';
import { RefusalReason, refusalData } from '../../domain/errors.ts';

export const SAFETY_MAX_FAILURES = 5;
export const SAFETY_LOCK_WINDOW_SEC = 15 * 60;

export const NO_SAFETY_PASSWORD_MSG = '请先设置资金密码';
const LOCKED_MSG = `资金密码错误次数过多，请${SAFETY_LOCK_WINDOW_SEC / 60}分钟后再试`;

/** Wrong-answer bookkeeping of one user's safety password, for checkGuess. */
function safetyGuesses(userId: number): GuessBook {
  return {
    key: `safety:${userId}`,
    max: SAFETY_MAX_FAILURES,
    count: async (tx) =>
      (
        await tx<{ n: number }[]>`
        select count(*)::int as n from safety_password_failures
        where user_id = ${userId} and created_at > now() - make_interval(secs => ${SAFETY_LOCK_WINDOW_SEC})`
      )[0]!.n,
    record: (tx) => tx`insert into safety_password_failures (user_id) values (${userId})`,
  };
}

/**
 * Refuses unless `hash` is the user's safety password (and the user is not locked out). The
 * guess is recorded as a failure before the check (checkGuess), so concurrent wrong guesses
 * cannot all pass the count; a right answer deletes the failures again.
 */
export async function checkSafetyPassword(sql: Sql, userId: number, hash: string): Promise<void> {
  const [row] = await sql<
    { safety_kdf: string | null }[]
  >`select safety_kdf from users where id = ${userId}`;
  if (!row?.safety_kdf)
    refuse(
      NO_SAFETY_PASSWORD_MSG,
      -1,
      refusalData(RefusalReason.NO_SAFETY_PASSWORD, { needSafetyPassword: true }),
    );
  const kdf = row.safety_kdf;
  const guess = await checkGuess(
    sql,
    safetyGuesses(userId),
    () => kdfVerify(hash, kdf),
    () => sql`delete from safety_password_failures where user_id = ${userId}`,
  );
  if (!guess.allowed) refuse(LOCKED_MSG, -1, refusalData(RefusalReason.SAFETY_PASSWORD_REFUSED));
  if (!guess.right) {
    const left = SAFETY_MAX_FAILURES - guess.used;
    refuse(
      left > 0 ? `资金密码错误，还可尝试${left}次` : LOCKED_MSG,
      -1,
      refusalData(RefusalReason.SAFETY_PASSWORD_REFUSED),
    );
  }
}
