/** Reading the query string of the current location (wouter's useSearch gives it without '?'). */
import { useSearch } from 'wouter';

export function useQueryParam(name: string): string {
  return new URLSearchParams(useSearch()).get(name) ?? '';
}

/** Only same-site paths are followed after login, never an absolute URL (open redirect). */
export function safeRedirect(target: string, fallback = '/index'): string {
  return target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
