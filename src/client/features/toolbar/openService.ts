/** Opening a customer-service line: an external URL in the sized service window, else a page of this site. */
import { LINK_TYPE_EXTERNAL, serviceWindowFeatures } from '../../../domain/toolbar/service';
import type { PlayerServiceLine } from './api';

export const SERVICE_WINDOW_NAME = 'customerService';

export function openServiceLine(
  line: PlayerServiceLine,
  navigate: (to: string) => void,
  size: Readonly<Record<string, unknown>> | null,
): void {
  if (line.linkType !== LINK_TYPE_EXTERNAL) {
    navigate(line.htmlPath);
    return;
  }
  const w = typeof size?.supportWidth === 'number' ? size.supportWidth : undefined;
  const h = typeof size?.supportHeight === 'number' ? size.supportHeight : undefined;
  const win = window.open(
    line.linkUrl,
    SERVICE_WINDOW_NAME,
    serviceWindowFeatures(
      window.screen.availWidth || window.innerWidth,
      window.screen.availHeight || window.innerHeight,
      w,
      h,
    ),
  );
  // the service page gets no handle on this window
  if (win) {
    try {
      win.opener = null;
    } catch {
      /* cross-origin already */
    }
  }
}
