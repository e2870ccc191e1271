/**
 * The app's history-mode router: useLocation, useSearch, Link and navigate, shaped like wouter's
 * API (a decision recorded in the README: ~60 lines of our own instead of a dependency).
 */
import { matchPath } from './routeTable';
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

const EVENT = 'hy:navigate';
type NavOpts = { replace?: boolean; state?: unknown };

export function navigate(to: string, opts: NavOpts = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) { window.location.assign(url.href); return; }
  const next = url.pathname + url.search + url.hash;
  if (opts.replace) history.replaceState(opts.state ?? null, '', next);
  else history.pushState(opts.state ?? null, '', next);
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('popstate', cb);
  window.addEventListener(EVENT, cb);
  return () => { window.removeEventListener('popstate', cb); window.removeEventListener(EVENT, cb); };
}

export function useLocation(): [string, (to: string, opts?: NavOpts) => void] {
  const path = useSyncExternalStore(subscribe, () => window.location.pathname, () => '/');
  return [path, navigate];
}

/** The query string without the leading '?'. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search.replace(/^\?/, ''), () => '');
}

export function Link({ href, to, replace, onClick, children, ...rest }:
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href?: string; to?: string; replace?: boolean; children?: ReactNode }) {
  const target = href ?? to ?? '/';
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    e.preventDefault();
    navigate(target, { replace });
  };
  return <a href={target} onClick={handle} {...rest}>{children}</a>;
}

export function Router({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/** The `:name` parameters of the current location under `pattern` (empty when it does not match). */
export function useParams(pattern: string): Record<string, string> {
  const [path] = useLocation();
  return matchPath(pattern, path) ?? {};
}
