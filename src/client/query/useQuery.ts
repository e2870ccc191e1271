/**
 * useQuery: a screen's view of one entry of the app's TanStack client (queryClient.ts), with the
 * result shape the pages had before the library ({ data, error, loading, fetching, reload }). The
 * shape is kept rather than moving ~110 screens to TanStack's names (isPending, isFetching, refetch):
 * the same fields under other names would make most of the diff, and hide the few lines that change
 * behaviour. On mount it asks the server unless the cached answer is younger than `staleTime`
 * (default 0: the cached answer shows at once and a fresh one is asked for behind it).
 */
import { useCallback } from 'react';
import {
  keepPreviousData,
  useQuery as useTanstackQuery,
  type QueryKey,
} from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { withLastAnswer } from './lastAnswers';

export interface UseQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** ms an answer counts as fresh: a mount within it asks nothing */
  staleTime?: number;
  /** false: nothing is asked (the entry's cached data, if any, still shows) */
  enabled?: boolean;
  /**
   * The answer is kept on this device for the user (lastAnswers.ts) and shown, marked as offline
   * content, when the page is opened again without a network: the player's records and lists.
   */
  keepOffline?: boolean;
  /** a new key shows the previous key's data until its own answer comes (TanStack's keepPreviousData) */
  keepPrevious?: boolean;
  /** ms the answer is kept once no screen shows it (default the client's five minutes; 0: dropped at once) */
  gcTime?: number;
  /** ms between asks while the screen shows the answer (a list that changes on its own, like 长龙) */
  refetchInterval?: number;
}

export interface QueryResult<T> {
  data: T | undefined;
  /** the last request's failure, kept beside any earlier data (never as data) */
  error: Error | null;
  /** nothing to show yet: the first answer is on its way */
  loading: boolean;
  /** any request on its way, the first or a refetch behind shown data */
  fetching: boolean;
  /** asks again now, whatever the staleTime (TanStack's refetch) */
  reload(): void;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** Server data under `queryKey` from the one client, kept fresh by invalidation. */
export function useQuery<T>({
  queryKey,
  queryFn,
  staleTime = 0,
  enabled = true,
  keepOffline = false,
  keepPrevious = false,
  gcTime,
  refetchInterval,
}: UseQueryOptions<T>): QueryResult<T> {
  const q = useTanstackQuery<T, Error>(
    {
      queryKey,
      // the library takes the latest options each render, so this closes over the current props
      queryFn: () =>
        (keepOffline ? withLastAnswer(queryKey, queryFn) : queryFn()).catch((e: unknown) => {
          throw toError(e);
        }),
      staleTime,
      enabled,
      placeholderData: keepPrevious ? keepPreviousData : undefined,
      ...(gcTime === undefined ? {} : { gcTime }),
      ...(refetchInterval === undefined ? {} : { refetchInterval }),
    },
    queryClient,
  );
  const { refetch } = q;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  return {
    data: q.data,
    error: q.error,
    loading: enabled && q.isPending,
    fetching: q.isFetching,
    reload,
  };
}
