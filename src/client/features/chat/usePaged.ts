/** A list read 20 a page (rooms, private rooms): finished when a page holds fewer than 20 (spec 001 §4). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ROOM_PAGE_SIZE } from '../../../domain/chat/constants';

export function usePaged<T>(fetchPage: (pageNum: number) => Promise<{ list: T[]; total: number }>, pollMs = 0) {
  const [items, setItems] = useState<T[]>([]);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const fn = useRef(fetchPage);
  fn.current = fetchPage;

  const load = useCallback(async (n: number, replace: boolean) => {
    setLoading(true);
    try {
      const d = await fn.current(n);
      setItems((cur) => (replace ? d.list : [...cur, ...d.list]));
      setPage(n);
      setDone(d.list.length < ROOM_PAGE_SIZE);
      setError('');
    } catch (e) {
      setError(e instanceof Error ? e.message : '加载失败');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => { void load(1, true); }, [load]);
  // the polled list (private rooms) reads its first pages again
  useEffect(() => {
    if (!pollMs) return;
    const t = setInterval(() => { if (document.visibilityState === 'visible') void load(1, true); }, pollMs);
    return () => clearInterval(t);
  }, [pollMs, load]);

  return {
    items, loading, error, done,
    more: () => { if (!loading && !done) void load(page + 1, false); },
    reload: () => void load(1, true),
  };
}
