/**
 * The betting page's requests, started at app start when the page opens on a betting route
 * (bootstrap.ts), so they travel while the page's code is still loading instead of after it:
 * on a phone link each round trip saved is ~150 ms plus the chunk's own download. They go into the
 * query cache (prefetchQuery); the page's first load takes an answer younger than EARLY_TTL_MS, or
 * the request still in flight (fetchEarly), and asks afresh otherwise.
 * Only light modules are imported here: this file is part of the first screen's bundle.
 */
import { LOTTERY_FAMILIES, type LotteryFamily } from '../../../domain/lottery/types';
import { loadFamily } from '../../../domain/lottery/lazyCatalogue';
import { keys, queryClient, type QueryKey } from '../../query';
import { getNextIssueTimed, getOpenData, RESULTS_STRIP_SIZE } from './api';
import { queryBalance } from './betsApi';
import { prefetchLotteries } from './hooks/useLotteries';
import { loadRebate, readCachedPlays, revalidatePlays } from './storage';

/** Older than this, an early (or cached) answer is not taken by the page's first load: it asks again. */
export const EARLY_TTL_MS = 10_000;
const BETTING_PATH = /^\/lottery\/([A-Za-z0-9]{2,8})\/([A-Za-z0-9]{1,8})\/?$/;
const bettingRoute = (pathname: string) =>
  BETTING_PATH.exec(pathname) as [string, string, string] | null;

/** The page's first load of `queryKey`: the early answer if fresh, the early request if in flight, else a new one. */
export function fetchEarly<T>(queryKey: QueryKey, queryFn: () => Promise<T>): Promise<T> {
  return queryClient.fetchQuery({ queryKey, queryFn, staleTime: EARLY_TTL_MS });
}

function prefetch<T>(queryKey: QueryKey, queryFn: () => Promise<T>): void {
  void queryClient.prefetchQuery({ queryKey, queryFn, staleTime: EARLY_TTL_MS });
}

/**
 * The betting page's code (and the lottery rules it imports) and the plays of the address's family
 * (their own code file), asked for before the stored user is read: that read opens IndexedDB, which
 * took 130–480 ms of a phone's cold start. Code is the same for every user, so nothing here waits for
 * who is logged in. routes.ts imports the same page chunk; the page loads the family again if this
 * one failed.
 */
export function preloadBettingCode(pathname: string): void {
  const m = bettingRoute(pathname);
  if (!m) return;
  void import('./pages/BettingPage').catch(() => {});
  const family = m[1];
  if ((LOTTERY_FAMILIES as readonly string[]).includes(family))
    void loadFamily(family as LotteryFamily).catch(() => {});
}

/** Starts what the betting page at `pathname` shows everyone (no user needed): lotteries, the issue, the results. */
export function prefetchBettingPublic(pathname: string): void {
  const m = bettingRoute(pathname);
  if (!m) return;
  const code = m[2];
  // open the held catalogues' database now, beside the stored user's: the player's catalogue check
  // (prefetchBettingPlayer) then reads it without waiting for an open, and leaves first
  void readCachedPlays(0, code);
  prefetchLotteries();
  prefetch(keys.issue(code), () => getNextIssueTimed(code));
  prefetch(keys.results(code, RESULTS_STRIP_SIZE), () =>
    getOpenData(code, RESULTS_STRIP_SIZE, { quiet: true }),
  );
}

/** Starts the signed-in player's own data for the betting page: plays at their prize group, balance, rebates. */
export function prefetchBettingPlayer(pathname: string, userId: number): void {
  const m = bettingRoute(pathname);
  if (!m || !userId) return;
  const [, family, code] = m;
  prefetch(keys.plays(userId, code), () => revalidatePlays(userId, code));
  prefetch(keys.balance(), queryBalance);
  // the first ask of this app start goes to the server (the held copy only offline: storage.ts)
  prefetch(keys.rebate(userId, family), () => loadRebate(userId, family as LotteryFamily));
}
