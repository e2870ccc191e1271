/**
 * My latest recharge orders, kept fresh while any is waiting for the operator: the page promises the
 * money arrives by itself, so while an order is 待审核 the list is asked again every few seconds (only
 * while the page is visible) and at once when the player comes back to the tab. The newest list is
 * shared in a signal so the just-submitted order's card shows the same status as the list; the
 * number of decided orders changes when one is approved or rejected, which tells the balance to reload.
 */
import { signal, type Signal } from '@preact/signals-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getRechargeRecords, type RechargeOrder } from './api';

/** How often a pending order's status is asked again. */
export const PENDING_POLL_MS = 4_000;
const PAGE_SIZE = 10;

/** The newest list seen, by order id. */
export const latestRechargeOrders: Signal<ReadonlyMap<number, RechargeOrder>> = signal(new Map());

export interface WatchedOrders {
  list: RechargeOrder[] | undefined;
  error: Error | null;
  loading: boolean;
  /** Bumps when an order leaves 待审核 (approved or rejected) after the page opened. */
  decidedCount: number;
  reload(): void;
}

export function useWatchedRechargeOrders(refreshKey: number): WatchedOrders {
  const [list, setList] = useState<RechargeOrder[] | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const [decidedCount, setDecidedCount] = useState(0);
  const pendingIds = useRef<Set<number>>(new Set());
  const live = useRef(true);

  const load = useCallback((background: boolean) => {
    if (!background) setLoading(true);
    getRechargeRecords(1, PAGE_SIZE, undefined, background).then((d) => {
      if (!live.current) return;
      const decided = d.list.filter((o) => o.status !== 'pending' && pendingIds.current.has(o.id)).length;
      pendingIds.current = new Set(d.list.filter((o) => o.status === 'pending').map((o) => o.id));
      latestRechargeOrders.value = new Map(d.list.map((o) => [o.id, o]));
      setList(d.list);
      setError(null);
      setLoading(false);
      if (decided > 0) setDecidedCount((n) => n + decided);
    }, (e: unknown) => {
      if (!live.current) return;
      setLoading(false);
      // A failed background look keeps the list on screen; the next tick tries again.
      if (!background) setError(e instanceof Error ? e : new Error(String(e)));
    });
  }, []);

  useEffect(() => {
    live.current = true;
    load(false);
    return () => { live.current = false; };
  }, [refreshKey, load]);

  const waiting = Boolean(list?.some((o) => o.status === 'pending'));
  useEffect(() => {
    if (!waiting) return;
    const visible = () => document.visibilityState === 'visible';
    const tick = setInterval(() => { if (visible()) load(true); }, PENDING_POLL_MS);
    const back = () => { if (visible()) load(true); };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      clearInterval(tick);
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [waiting, load]);

  return { list, error, loading, decidedCount, reload: useCallback(() => load(false), [load]) };
}
