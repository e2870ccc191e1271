/**
 * A page's own title over its route's (a lottery's name on its betting page, spec 000): the shell
 * writes `tenant - title` from the route table, and a page that knows better sets this while it is
 * shown. One writer of document.title (the shell), so a later tenant-config load cannot put the
 * route's generic title back over the page's.
 */
import { useEffect } from 'react';
import { signal } from '@preact/signals-react';

export const pageTitle = signal<string | null>(null);

/** Shows `title` (when not null) instead of the route's title while the calling page is mounted. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    pageTitle.value = title;
    return () => {
      pageTitle.value = null;
    };
  }, [title]);
}
