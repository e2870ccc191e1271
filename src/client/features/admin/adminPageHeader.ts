/**
 * The /admin page the operator is on, sent with every call as `X-Admin-Page` (URI-encoded label)
 * so the operator audit log (server/admin/audit.ts) records which page an action came from.
 */
import { useEffect } from 'react';
import { setContextHeader } from '../../api/request';

export const ADMIN_PAGE_HEADER = 'X-Admin-Page';

export function useAdminPageHeader(label: string): void {
  useEffect(() => {
    setContextHeader(ADMIN_PAGE_HEADER, encodeURIComponent(label));
    return () => setContextHeader(ADMIN_PAGE_HEADER, null);
  }, [label]);
}
