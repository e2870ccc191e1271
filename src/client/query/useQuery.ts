/**
 * useQuery: a screen's view of one cache entry (client.ts), with the result shape the pages had
 * before the cache ({ data, error, loading, reload }). On mount, and whenever the entry is emptied,
 * it asks the server unless the cached answer is younger than `staleTime` (default 0: the cached
 * answer shows at once and a fresh one is asked for behind it).
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashKey, queryClient, type QueryFunction, type QueryKey } from './client';
import { withLastAnswer } from './lastAnswers';

export interface UseQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  /** ms an answer counts as fresh: a mount within it asks nothing */
  staleTime?: number;
  /** false: nothing is asked (the entry's cached data, if any, still shows) */
  enabled?: boolean;
  /**
   * The answer is kept on this device for the user (lastAnswers.ts) and shown, marked as offline
   * content, when the page is opened again without a network: the player's records and lists.
   */
  keepOffline?: boolean;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  /** nothing to show yet: the first answer is on its way */
  loading: boolean;
  /** any request on its way, the first or a refetch behind shown data */
  fetching: boolean;
  /** asks again now, whatever the staleTime (TanStack's refetch) */
  reload(): void;
}

/** Server data under `queryKey` from the one client (query/client.ts), kept fresh by invalidation. */
export function useQuery<T>({
  queryKey,
  queryFn,
  staleTime = 0,
  enabled = true,
  keepOffline = false,
}: UseQueryOptions<T>): QueryResult<T> {
  const hash = hashKey(queryKey);
  // one key object per hash, so a new array literal each render is the same query
  const key = useMemo(() => JSON.parse(hash) as QueryKey, [hash]);
  const fnRef = useRef(queryFn);
  fnRef.current = queryFn;
  // every fetch of this screen goes through the latest queryFn (it may close over new props)
  const ask = useCallback(
    () => (keepOffline ? withLastAnswer(key, () => fnRef.current()) : fnRef.current()),
    [key, keepOffline],
  );

  const subscribe = useCallback(
    (onChange: () => void) => queryClient.subscribe(key, onChange),
    [key],
  );
  const state = useSyncExternalStore(subscribe, () => queryClient.getQueryState<T>(key));
  const blank = state.status === 'pending' && !state.fetching;

  useEffect(() => {
    if (enabled && (blank || queryClient.isStale(key, staleTime)))
      queryClient.fetch(key, ask).catch(() => {});
  }, [key, enabled, blank, ask, staleTime]);

  const reload = useCallback(() => {
    queryClient.fetch(key, ask, true).catch(() => {});
  }, [key, ask]);
  return {
    data: state.data,
    error: state.error,
    loading: enabled && state.status === 'pending',
    fetching: state.fetching,
    reload,
  };
}
