/** /wxAccount: the WeChat payout account. */
import { PayAccountPage } from './PayAccountPage';

export default function WxAccountPage() {
  return <PayAccountPage kind="weixin" />;
}
