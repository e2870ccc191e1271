/**
 * The params of this page's route, held while the page is leaving: after a navigation away the page
 * renders once more before the shell unmounts it, and must not read that as "unknown lottery".
 */
import { useRef } from 'react';
import { useRoute } from 'wouter';

export function useRouteParams(pattern: string): Record<string, string> {
  const [matches, now] = useRoute(pattern);
  const held = useRef<Record<string, string>>({});
  if (matches && now) held.current = now as Record<string, string>;
  return held.current;
}
