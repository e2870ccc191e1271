import { StatusPage } from './StatusPage';
export default function ClosedPage() {
  return <StatusPage heading="网站已关闭" fallback="网站暂时关闭，给您带来不便，敬请谅解" pick={(s) => s.closedMessage} />;
}
