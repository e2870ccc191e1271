/**
 * The last answer each page showed, kept in IndexedDB (lastAnswerStore) so that the page opened again
 * without a network shows it, marked as offline content, instead of "network missing" over nothing.
 * The service worker cannot do this for the player's own data: its cache is keyed by URL alone, the
 * same for every user of the browser, and it never holds betting or user paths.
 *
 * Life cycle: an answer is written after each success (replacing the one before); it is read only
 * when the same question finds no network (an offline error, never a refusal); the store is emptied
 * when the user logs out or another user logs in (bootstrap.ts), and an answer older than
 * HELD_MAX_AGE_MS is dropped at app start. Every entry is keyed by the user id besides, so one user's
 * answer is never read for another, even if that emptying were missed.
 */
import { entries, lastAnswerStore, put, read, remove, wipe } from '../storage/stores';
import { isOfflineError } from '../api/request';
import { currentUser } from '../state/session';
import { isOnline, noteHeldContent, online, whenOnline } from '../api/network';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { queryClient } from './queryClient';

/** Answers older than this are not shown offline (a week-old list says more about the past than the present). */
export const HELD_MAX_AGE_MS = 7 * 24 * 3600_000;

interface Held<T> {
  userId: number;
  data: T;
  savedAtMs: number;
}

const userNow = () => currentUser.value?.userId ?? 0;
const storeKey = (userId: number, queryKey: QueryKey) => `${userId}|${hashKey(queryKey)}`;

/** Keeps `data` as the last answer to `queryKey` of the user logged in now (not awaited by callers). */
export async function holdAnswer(queryKey: QueryKey, data: unknown): Promise<void> {
  const userId = userNow();
  const key = storeKey(userId, queryKey);
  await put(lastAnswerStore, key, { userId, data, savedAtMs: Date.now() } satisfies Held<unknown>);
  // the user changed while this was written (the store was emptied meanwhile): do not leave it behind
  if (userNow() !== userId) await remove(lastAnswerStore, key);
}

/** The last answer to `queryKey` kept for the user logged in now, or undefined. */
export async function heldAnswer<T>(queryKey: QueryKey): Promise<T | undefined> {
  const userId = userNow();
  const held = await read<Held<T>>(lastAnswerStore, storeKey(userId, queryKey)).catch(
    () => undefined,
  );
  if (!held || held.userId !== userId || Date.now() - held.savedAtMs > HELD_MAX_AGE_MS)
    return undefined;
  return held.data;
}

/**
 * Runs `ask`: its answer is kept; when it finds no network, the kept answer is returned instead (the
 * page marked as showing offline content, and the question asked again once the network is back).
 * Without a kept answer, the offline error goes on to the page as before.
 */
export async function withLastAnswer<T>(queryKey: QueryKey, ask: () => Promise<T>): Promise<T> {
  try {
    const data = await ask();
    holdAnswer(queryKey, data).catch(() => {});
    return data;
  } catch (e) {
    if (!isOfflineError(e)) throw e;
    const held = await heldAnswer<T>(queryKey);
    if (held === undefined) throw e;
    noteHeldContent();
    refetchWhenBackOnline(queryKey);
    return held;
  }
}

/**
 * The kept answer sits in the query cache as if fresh: once the network is back it is asked again.
 * Only when something says the network is gone (otherwise "back" would be now, and a server that does
 * not answer would be asked in a loop); the page's own reload covers the rest.
 */
function refetchWhenBackOnline(queryKey: QueryKey): void {
  if (isOnline() && online.value) return;
  void whenOnline().then(() => queryClient.invalidateQueries({ queryKey }));
}

/** Everything kept is forgotten (logout, another user). */
export function forgetLastAnswers(): Promise<void> {
  return wipe(lastAnswerStore);
}

/** Drops answers older than HELD_MAX_AGE_MS (app start), so the store does not grow with every filter and day. */
export async function pruneLastAnswers(nowMs = Date.now()): Promise<void> {
  const all = await entries<string, Held<unknown>>(lastAnswerStore);
  await Promise.all(
    all
      .filter(([, v]) => !v || nowMs - v.savedAtMs > HELD_MAX_AGE_MS)
      .map(([k]) => remove(lastAnswerStore, k)),
  );
}
