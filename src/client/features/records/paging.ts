/** A load-more list over a paged call ({ list, total }), restarted at page 1 whenever its filters change. */
import { useCallback, useEffect, useRef, useState } from 'react';

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

/** `filterKey` identifies the filters (a JSON string); `fetchPage` may close over them. */
export function usePagedList<T>(fetchPage: (page: number) => Promise<{ list: T[]; total: number }>, filterKey: string): PagedList<T> {
  const [tick, setTick] = useState(0);
  const key = `${filterKey}#${tick}`;
  const [at, setAt] = useState({ key, page: 1 });
  const page = at.key === key ? at.page : 1;
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    if (page === 1) setItems([]);
    fetchRef.current(page).then(
      (r) => {
        if (!live) return;
        setItems((prev) => (page === 1 ? r.list : [...prev, ...r.list]));
        setTotal(r.total);
        setLoading(false);
      },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e : new Error(String(e))); setLoading(false); } },
    );
    return () => { live = false; };
  }, [key, page]);
  const loadMore = useCallback(() => setAt({ key, page: page + 1 }), [key, page]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { items, total, loading, error, hasMore: items.length < total, loadMore, reload };
}
