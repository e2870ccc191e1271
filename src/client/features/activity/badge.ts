/**
 * The toolbar's red-envelope badge (spec 000 §9: capped at 9+): how many activity envelopes the player
 * can claim now. For the floating toolbar (issue 13); a claim refreshes it (query/money.ts 'activityEnvelope').
 */
import { badgeText } from '../../../domain/activity';
import { keys, useQuery } from '../../query';
import { getActivityRedEnvelopeNumber } from './api';

/** Asked again at most this often while shown. */
export const BADGE_STALE_MS = 30_000;

export const envelopeCountQuery = { queryKey: keys.activityEnvelopes('count'), queryFn: getActivityRedEnvelopeNumber, staleTime: BADGE_STALE_MS };

/** The badge text ('' for none, '9+' above 9); `enabled` false for guests (the call needs a login). */
export function useActivityEnvelopeBadge(enabled: boolean): string {
  const q = useQuery({ ...envelopeCountQuery, enabled });
  return enabled && typeof q.data === 'number' ? badgeText(q.data) : '';
}
