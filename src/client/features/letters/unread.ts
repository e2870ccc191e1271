/**
 * The unread letter count: one query shared by every badge that shows it (the user centre's 站内信
 * row, the floating toolbar's 站内信 entry), shown through the one badge rule (domain/toolbar/service.ts
 * badgeLabel: 9+ above 9). Reading, marking and deleting letters refresh it (refreshInbox).
 */
import { keys, queryClient, useQuery } from '../../query';
import { unReadMessage } from './api';

/** Asked again at most this often while a badge is shown. */
export const UNREAD_STALE_MS = 30_000;

/** The count (0 for a guest, on a failure or while unknown); `enabled` false for guests (the call needs a login). */
export function useUnreadLetters(enabled: boolean): number {
  const q = useQuery({
    queryKey: keys.letters('unread'),
    queryFn: unReadMessage,
    staleTime: UNREAD_STALE_MS,
    enabled,
  });
  return enabled && typeof q.data === 'number' && q.data > 0 ? Math.floor(q.data) : 0;
}

/** After a read, a mark or a delete: the inbox pages and the count are asked again (never a letter's own detail). */
export function refreshInbox(): Promise<void> {
  return Promise.all(
    [keys.letters('inbox'), keys.letters('unread')].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => {});
}
