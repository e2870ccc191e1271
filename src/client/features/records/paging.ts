/**
 * A load-more list over a paged call ({ list, total }), one cache entry per filter (its query key):
 * a new filter starts at page 1; an invalidation (a bet, a settlement) asks again for every page
 * shown, so the rows on screen stay the rows the player scrolled to.
 */
import { useCallback, useRef, useState } from 'react';
import { queryClient, useQuery, type QueryKey } from '../../query';

export const PAGE_SIZE = 20;

export interface PagedList<T> {
  items: T[];
  total: number;
  loading: boolean;
  error: Error | null;
  hasMore: boolean;
  loadMore(): void;
  reload(): void;
}

/** `last`: how many rows the newest page brought */
interface Pages<T> {
  items: T[];
  total: number;
  pages: number;
  last: number;
}

/**
 * Optional rules of a list (the private chats, spec 001 §4): a page of fewer than `pageSize` rows
 * ends the list, and after a page loads, loading more waits `cooldownMs`.
 */
export interface PagedOptions {
  pageSize?: number;
  cooldownMs?: number;
}

/** `fetchPage` may close over the filters; `queryKey` must name them. */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<{ list: T[]; total: number }>,
  queryKey: QueryKey,
  opts: PagedOptions = {},
): PagedList<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const q = useQuery({
    queryKey,
    // what the player scrolled through opens again offline, marked as such (query/lastAnswers.ts)
    keepOffline: true,
    queryFn: async (): Promise<Pages<T>> => {
      const shown = queryClient.getQueryData<Pages<T>>(keyRef.current)?.pages ?? 1;
      let items: T[] = [];
      let total = 0;
      let pages = 0;
      let last = 0;
      while (pages < shown) {
        const r = await fetchRef.current(++pages);
        items = [...items, ...r.list];
        total = r.total;
        last = r.list.length;
        if (items.length >= total || (opts.pageSize && last < opts.pageSize)) break;
      }
      return { items, total, pages: Math.max(pages, 1), last };
    },
  });
  const [more, setMore] = useState<{ loading: boolean; error: Error | null }>({
    loading: false,
    error: null,
  });
  const [cooling, setCooling] = useState(false);
  const data = q.data;
  const { cooldownMs } = opts;
  const loadMore = useCallback(() => {
    if (!data || cooling) return;
    const key = keyRef.current;
    setMore({ loading: true, error: null });
    fetchRef.current(data.pages + 1).then(
      (r) => {
        queryClient.setQueryData<Pages<T>>(key, (old) => ({
          items: [...(old?.items ?? []), ...r.list],
          total: r.total,
          pages: (old?.pages ?? 0) + 1,
          last: r.list.length,
        }));
        setMore({ loading: false, error: null });
        if (cooldownMs) {
          setCooling(true);
          setTimeout(() => setCooling(false), cooldownMs);
        }
      },
      (e: unknown) =>
        setMore({ loading: false, error: e instanceof Error ? e : new Error(String(e)) }),
    );
  }, [data, cooling, cooldownMs]);
  // from page 1 again: the entry is emptied (reset), and the list on screen asks for it afresh
  const reload = useCallback(() => {
    void queryClient.resetQueries({ queryKey: keyRef.current });
  }, []);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const ended = opts.pageSize !== undefined && data !== undefined && data.last < opts.pageSize;
  return {
    items,
    total,
    loading: q.loading || q.fetching || more.loading || cooling,
    error: q.error ?? more.error,
    hasMore: items.length < total && !ended,
    loadMore,
    reload,
  };
}
