/**
 * The one way a limit on guesses is kept (safety password, login failures, room passwords):
 * a guess is counted before it is checked, atomically. Under a transaction-scoped advisory lock
 * on the guess's key, the guesses already in the window are counted and, when the limit is not
 * reached, this guess is recorded; only then may the caller check it (the slow scrypt runs after
 * the lock is released). N concurrent guesses are therefore N counted guesses, on any number of
 * instances, and the one past the limit never reaches the check. A right answer clears the
 * record afterwards (the caller's own delete), so it costs nothing once it is known.
 */
import type { Sql, Tx } from '../db/client.ts';

export interface GuessTake {
  /** false: the limit was already reached, nothing was recorded and the guess must not be checked */
  allowed: boolean;
  /** the guesses in the window, this one included when allowed */
  used: number;
}

export interface GuessBook {
  /** names the guessed secret and who guesses it, e.g. `safety:42`; one lock per key */
  key: string;
  max: number;
  /** the guesses recorded in the window (read inside the lock) */
  count(tx: Tx): Promise<number>;
  /** records one guess (inside the lock) */
  record(tx: Tx): Promise<unknown>;
}

/** Counts one guess before it is checked; see the module comment. */
export async function takeGuess(sql: Sql, book: GuessBook): Promise<GuessTake> {
  return sql.begin(async (tx: Tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`guess:${book.key}`}, 0))`;
    const used = await book.count(tx);
    if (used >= book.max) return { allowed: false, used };
    await book.record(tx);
    return { allowed: true, used: used + 1 };
  }) as Promise<GuessTake>;
}
