/**
 * The betting page's requests, started at app start when the page opens on a betting route
 * (bootstrap.ts), so they travel while the page's code is still loading instead of after it:
 * on a phone link each round trip saved is ~150 ms plus the chunk's own download. The page takes
 * each one once (takeEarly); a later visit, or one after EARLY_TTL_MS, asks afresh.
 * Only light modules are imported here: this file is part of the first screen's bundle.
 */
import type { LotteryFamily } from '../../../domain/lottery';
import { getNextIssueTimed, getOpenData, queryBalance, RESULTS_STRIP_SIZE } from './api';
import { lotteryList } from './hooks/useLotteries';
import { loadRebate, revalidatePlays } from './storage';

/** Older than this, an early answer is dropped and the page asks again. */
export const EARLY_TTL_MS = 10_000;
const BETTING_PATH = /^\/lottery\/([A-Za-z0-9]{2,8})\/([A-Za-z0-9]{1,8})\/?$/;

const started = new Map<string, { atMs: number; promise: Promise<unknown> }>();

function startEarly<T>(key: string, start: () => Promise<T>): void {
  const promise = start();
  promise.catch(() => {}); // taken later; an unclaimed failure must not be reported as unhandled
  started.set(key, { atMs: Date.now(), promise });
}

/** The early request for `key` if one is fresh (taken once), else `start()` now. */
export function takeEarly<T>(key: string, start: () => Promise<T>): Promise<T> {
  const hit = started.get(key);
  started.delete(key);
  if (hit && Date.now() - hit.atMs < EARLY_TTL_MS) return hit.promise as Promise<T>;
  return start();
}

export const earlyKeys = {
  plays: (userId: number, code: string) => `plays:${userId}:${code}`,
  issue: (code: string) => `issue:${code}`,
  results: (code: string, size: number) => `results:${code}:${size}`,
  rebate: (userId: number, family: string) => `rebate:${userId}:${family}`,
  balance: (userId: number) => `balance:${userId}`,
};

/**
 * The betting page's code (and the lottery rules it imports), asked for before the stored user is
 * read: that read opens IndexedDB, which took 130–480 ms of a phone's cold start. Code is the same
 * for every user, so nothing here waits for who is logged in. routes.ts imports the same chunk.
 */
export function preloadBettingCode(pathname: string): void {
  if (BETTING_PATH.test(pathname)) void import('./pages/BettingPage').catch(() => {});
}

/** Starts what the betting page at `pathname` needs and nothing depends on: none waits for users/info. */
export function prefetchBettingPage(pathname: string, userId: number): void {
  const m = BETTING_PATH.exec(pathname);
  if (!m) return;
  const [, family, code] = m as unknown as [string, string, string];
  void lotteryList().catch(() => {});
  startEarly(earlyKeys.plays(userId, code), () => revalidatePlays(userId, code));
  startEarly(earlyKeys.issue(code), () => getNextIssueTimed(code));
  startEarly(earlyKeys.results(code, RESULTS_STRIP_SIZE), () => getOpenData(code, RESULTS_STRIP_SIZE, { quiet: true }));
  if (!userId) return;
  startEarly(earlyKeys.balance(userId), queryBalance);
  // app start has just wiped the rebate cache (online): ask the server without reading it first
  startEarly(earlyKeys.rebate(userId, family), () => loadRebate(userId, family as LotteryFamily, navigator.onLine));
}

/** For tests. */
export function resetEarly(): void { started.clear(); }
