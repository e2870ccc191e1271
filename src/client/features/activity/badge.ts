/**
 * How many activity envelopes the player can claim now: the floating toolbar's 红包 badge (shown
 * through the one badge rule, domain/toolbar/service.ts badgeLabel: 9+ above 9). A claim refreshes
 * it (query/money.ts 'activityEnvelope'); a failure or a guest means no badge.
 */
import { keys, useQuery } from '../../query';
import { getActivityRedEnvelopeNumber } from './api';

/** Asked again at most this often while shown. */
export const BADGE_STALE_MS = 30_000;

/** The count (0 for a guest, or while unknown); `enabled` false for guests (the call needs a login). */
export function useActivityEnvelopeCount(enabled: boolean): number {
  const q = useQuery({
    queryKey: keys.activityEnvelopes('count'),
    queryFn: getActivityRedEnvelopeNumber,
    staleTime: BADGE_STALE_MS,
    enabled,
  });
  return enabled && typeof q.data === 'number' && q.data > 0 ? Math.floor(q.data) : 0;
}
