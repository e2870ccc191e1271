/**
 * The params of this page's route, held while the page is leaving: after a navigation away the page
 * renders once more before the shell unmounts it, and must not read that as "unknown lottery".
 */
import { useRef } from 'react';
import { useParams } from '../../../router';

export function useRouteParams(pattern: string): Record<string, string> {
  const now = useParams(pattern);
  const held = useRef(now);
  if (Object.keys(now).length > 0) held.current = now;
  return held.current;
}
