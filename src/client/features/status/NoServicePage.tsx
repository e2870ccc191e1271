import { StatusPage } from './StatusPage';
export default function NoServicePage() {
  return (
    <StatusPage
      heading="服务受限"
      fallback="您所在的地区暂不提供服务，如有疑问请联系客服"
      pick={() => ''}
    />
  );
}
