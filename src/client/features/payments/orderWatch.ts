/**
 * My latest recharge orders, kept fresh while any is waiting for the operator: the page promises the
 * money arrives by itself, so while an order is 待审核 the list is asked again every few seconds (only
 * while the page is visible) and at once when the player comes back to the tab. The newest list is
 * shared in a signal so the just-submitted order's card shows the same status as the list; an order
 * approved or rejected while the page is open has the balance and the statement asked again.
 */
import { signal, type Signal } from '@preact/signals-react';
import { useEffect, useRef } from 'react';
import { keys, queryClient, useQuery } from '../../query';
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
  reload(): void;
}

/** A new order refreshes the list through the money-action helper's invalidation (query/money.ts). */
export function useWatchedRechargeOrders(): WatchedOrders {
  const background = useRef(false);
  const q = useQuery({
    queryKey: keys.rechargeOrders({ page: 1, pageSize: PAGE_SIZE }),
    queryFn: async () => {
      const d = await getRechargeRecords(1, PAGE_SIZE, undefined, background.current);
      latestRechargeOrders.value = new Map(d.list.map((o) => [o.id, o]));
      return d.list;
    },
  });
  const list = q.data;
  const { reload } = q;

  // An order leaving 待审核 moved money (or not): the balance and the statement are asked again.
  const pendingIds = useRef<Set<number>>(new Set());
  useEffect(() => {
    if (!list) return;
    const decided = list.filter(
      (o) => o.status !== 'pending' && pendingIds.current.has(o.id),
    ).length;
    pendingIds.current = new Set(list.filter((o) => o.status === 'pending').map((o) => o.id));
    if (decided === 0) return;
    void queryClient.invalidateQueries({ queryKey: keys.balance() });
    void queryClient.invalidateQueries({ queryKey: keys.bill() });
  }, [list]);

  const waiting = Boolean(list?.some((o) => o.status === 'pending'));
  useEffect(() => {
    if (!waiting) return;
    const look = () => {
      if (document.visibilityState !== 'visible') return;
      background.current = true;
      reload();
      background.current = false;
    };
    const tick = setInterval(look, PENDING_POLL_MS);
    document.addEventListener('visibilitychange', look);
    window.addEventListener('focus', look);
    return () => {
      clearInterval(tick);
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('focus', look);
    };
  }, [waiting, reload]);

  // A failed background look keeps the list on screen; the next tick tries again.
  return { list, error: list ? null : q.error, loading: q.loading, reload };
}
