import { StatusPage } from './StatusPage';
import type { SiteStatus } from '../content/api';

const open = (s: SiteStatus) => !s.closed;

export default function ClosedPage() {
  return (
    <StatusPage
      heading="网站已关闭"
      fallback="网站暂时关闭，给您带来不便，敬请谅解"
      pick={(s) => s.closedMessage}
      isOpen={open}
    />
  );
}
