/**
 * The one way a limit on guesses is kept (safety password, login failures, room passwords):
 * a guess is counted before it is checked, atomically. Under a transaction-scoped advisory lock
 * on the guess's key, the guesses already in the window are counted and, when the limit is not
 * reached, this guess is recorded; only then may the caller check it (the slow scrypt runs after
 * the lock is released). N concurrent guesses are therefore N counted guesses, on any number of
 * instances, and the one past the limit never reaches the check. A right answer clears the
 * record afterwards (the caller's own delete), so it costs nothing once it is known.
 * checkGuess wraps the whole guess (count, check, forget) so that concurrent right answers are
 * not refused for each other's pending records.
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
  /** records one guess (inside the lock); `used` counts it, so a book can act at its limit (a lock row) */
  record(tx: Tx, used: number): Promise<unknown>;
}

/** Counts one guess before it is checked; see the module comment. */
export async function takeGuess(sql: Sql, book: GuessBook): Promise<GuessTake> {
  return sql.begin(async (tx: Tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`guess:${book.key}`}, 0))`;
    const used = await book.count(tx);
    if (used >= book.max) return { allowed: false, used };
    await book.record(tx, used + 1);
    return { allowed: true, used: used + 1 };
  }) as Promise<GuessTake>;
}

export interface GuessVerdict extends GuessTake {
  /** the guess was allowed, checked and right (its records are already forgotten) */
  right: boolean;
}

/** The guesses of one key in this process: checks under way, checks ended, refused guesses waiting. */
interface KeyTurns {
  users: number;
  running: number;
  ended: number;
  waiting: (() => void)[];
}

const turns = new Map<string, KeyTurns>();

function turnsOf(key: string): KeyTurns {
  const found = turns.get(key);
  if (found) return found;
  const fresh: KeyTurns = { users: 0, running: 0, ended: 0, waiting: [] };
  turns.set(key, fresh);
  return fresh;
}

async function runCheck(
  t: KeyTurns,
  take: GuessTake,
  verify: () => Promise<boolean>,
  forget: () => Promise<unknown>,
) {
  t.running++;
  try {
    const right = await verify();
    if (right) await forget();
    return { ...take, right };
  } finally {
    t.running--;
    t.ended++;
    // one waiter per ended check, all of them once none runs (each then has its own answer)
    for (const wake of t.running === 0 ? t.waiting.splice(0) : t.waiting.splice(0, 1)) wake();
  }
}

/**
 * One guess, counted and then checked: takeGuess, `verify` for an allowed guess and `forget`
 * (the delete of the key's records) when it is right. A guess refused while other guesses of the
 * same key are being checked in this process waits for one of them to end and asks again: they
 * may be right answers that clear the count (a burst of replays with the right password), so
 * only guesses known to be wrong refuse it. The count still bounds the checks (40 concurrent
 * wrong guesses get `max` verifies); the waits are for this key's own checks, never other
 * users'. Across instances takeGuess alone keeps the count exact.
 */
export async function checkGuess(
  sql: Sql,
  book: GuessBook,
  verify: () => Promise<boolean>,
  forget: () => Promise<unknown>,
): Promise<GuessVerdict> {
  const t = turnsOf(book.key);
  t.users++;
  try {
    for (;;) {
      const ended = t.ended;
      const take = await takeGuess(sql, book);
      if (take.allowed) return await runCheck(t, take, verify, forget);
      if (t.ended !== ended) continue; // a check ended meanwhile and may have cleared the count
      if (t.running === 0) return { ...take, right: false };
      await new Promise<void>((wake) => t.waiting.push(wake));
    }
  } finally {
    if (--t.users === 0) turns.delete(book.key);
  }
}
