/**
 * Maintenance / closed / IP-restricted pages; the message comes from getSiteStatus. While shown, the
 * page asks for the status by itself (every STATUS_POLL_MS, on 刷新, when the window gets focus or
 * becomes visible) and, as soon as its switch is off, goes where the player was going (the
 * dispatcher's ?redirect=), so nobody is kept on a status page of a site that is open again.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { LoadingState, Button } from '../../ui';
import { getSiteStatus, type SiteStatus } from '../content/api';
import { keys, useQuery } from '../../query';
import { safeRedirect, useQueryParam } from '../account/components/nav';
import { STATUS_PAGES } from '../../api/dispatch';

export const STATUS_POLL_MS = 10_000;

/** Where to go once the site is open: the redirect when it is a page of the site (never a status page). */
export function leaveTo(redirect: string): string {
  const to = safeRedirect(redirect);
  return STATUS_PAGES.includes(to.split('?')[0]) ? '/index' : to;
}

export function StatusPage({
  heading,
  fallback,
  pick,
  isOpen,
}: {
  heading: string;
  fallback: string;
  pick(s: SiteStatus): string;
  /** whether the site is open again as far as this page is concerned; absent: the status cannot tell (IP rule) */
  isOpen?(s: SiteStatus): boolean;
}) {
  const [location, navigate] = useLocation();
  const redirect = useQueryParam('redirect');
  const { data, loading, reload } = useQuery({
    queryKey: keys.siteStatus(),
    queryFn: getSiteStatus,
  });
  const open = Boolean(data && isOpen?.(data));
  // the page stays mounted while the next page's code loads: it leaves only from its own address
  const here = STATUS_PAGES.includes(location);

  useEffect(() => {
    if (open && here) navigate(leaveTo(redirect), { replace: true });
  }, [open, here, redirect, navigate]);

  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(reload, STATUS_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isOpen, reload]);

  const message = (data && pick(data)) || fallback;
  return (
    <main className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#fde8e8" />
        <path d="M32 16v20M32 44v4" stroke="#c81e1e" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1 className="text-xl font-semibold text-gray-900">{heading}</h1>
      {loading ? <LoadingState /> : <p className="whitespace-pre-line text-gray-700">{message}</p>}
      <Button variant="secondary" onClick={reload}>
        刷新
      </Button>
    </main>
  );
}
