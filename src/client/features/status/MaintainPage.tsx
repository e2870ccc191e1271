import { StatusPage } from './StatusPage';
import type { SiteStatus } from '../content/api';

const open = (s: SiteStatus) => !s.maintenance;

export default function MaintainPage() {
  return (
    <StatusPage
      heading="系统维护中"
      fallback="系统正在维护，请稍后再访问"
      pick={(s) => s.maintenanceMessage}
      isOpen={open}
    />
  );
}
