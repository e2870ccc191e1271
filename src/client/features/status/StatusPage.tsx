/** Maintenance / closed / IP-restricted pages; the message comes from getSiteStatus. */
import { LoadingState, Button } from '../../ui';
import { getSiteStatus, type SiteStatus } from '../content/api';
import { keys, useQuery } from '../../query';

export function StatusPage({ heading, fallback, pick }: { heading: string; fallback: string; pick(s: SiteStatus): string }) {
  const { data, loading, reload } = useQuery({ queryKey: keys.siteStatus(), queryFn: getSiteStatus });
  const message = (data && pick(data)) || fallback;
  return (
    <main className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true"><circle cx="32" cy="32" r="30" fill="#fde8e8" /><path d="M32 16v20M32 44v4" stroke="#c81e1e" strokeWidth="5" strokeLinecap="round" /></svg>
      <h1 className="text-xl font-semibold text-gray-900">{heading}</h1>
      {loading ? <LoadingState /> : <p className="whitespace-pre-line text-gray-700">{message}</p>}
      <Button variant="secondary" onClick={reload}>刷新</Button>
    </main>
  );
}
