/** Reading the query string of the current location (wouter's useSearch gives it without '?'). */
import { useSearch } from 'wouter';

export function useQueryParam(name: string): string {
  return new URLSearchParams(useSearch()).get(name) ?? '';
}

/**
 * A path starting with one `/` and then neither `/` nor `\`: browsers read `//host` and `/\host`
 * as another site (and pushState to it throws a SecurityError).
 */
const SAME_SITE_PATH = /^\/(?![/\\])/;
/** Backslashes and whitespace or control characters: browsers drop tabs and line breaks in a URL
 * (`/<tab>/host` is `//host`) and read `\` as `/`, so none of them is let through. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029\ufeff\\]/;
const PROBE_ORIGIN = 'http://same.invalid';

/**
 * Only same-site paths are followed after login, never an absolute URL (open redirect): anything
 * else, however it is spelled, is the fallback. Never throws.
 */
export function safeRedirect(target: string, fallback = '/index'): string {
  if (!SAME_SITE_PATH.test(target) || UNSAFE_CHARS.test(target)) return fallback;
  try {
    // the last word is the URL parser's: the path must stay on the page's own origin
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN ? target : fallback;
  } catch {
    return fallback;
  }
}
