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

interface Pages<T> { items: T[]; total: number; pages: number }

/** `fetchPage` may close over the filters; `queryKey` must name them. */
export function usePagedList<T>(fetchPage: (page: number) => Promise<{ list: T[]; total: number }>, queryKey: QueryKey): PagedList<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const q = useQuery({
    queryKey,
    queryFn: async (): Promise<Pages<T>> => {
      const shown = queryClient.getQueryData<Pages<T>>(keyRef.current)?.pages ?? 1;
      let items: T[] = [];
      let total = 0;
      let pages = 0;
      while (pages < shown) {
        const r = await fetchRef.current(++pages);
        items = [...items, ...r.list];
        total = r.total;
        if (items.length >= total) break;
      }
      return { items, total, pages: Math.max(pages, 1) };
    },
  });
  const [more, setMore] = useState<{ loading: boolean; error: Error | null }>({ loading: false, error: null });
  const data = q.data;
  const loadMore = useCallback(() => {
    if (!data) return;
    const key = keyRef.current;
    setMore({ loading: true, error: null });
    fetchRef.current(data.pages + 1).then(
      (r) => {
        queryClient.setQueryData<Pages<T>>(key, (old) => ({ items: [...(old?.items ?? []), ...r.list], total: r.total, pages: (old?.pages ?? 0) + 1 }));
        setMore({ loading: false, error: null });
      },
      (e: unknown) => setMore({ loading: false, error: e instanceof Error ? e : new Error(String(e)) }),
    );
  }, [data]);
  // from page 1 again: the entry is emptied, and the list asks for it afresh
  const reload = useCallback(() => { queryClient.removeQueries({ queryKey: keyRef.current }); }, []);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  return { items, total, loading: q.loading || q.fetching || more.loading, error: q.error ?? more.error, hasMore: items.length < total, loadMore, reload };
}
