/** /zfbAccount: the Alipay payout account. */
import { PayAccountPage } from './PayAccountPage';

export default function ZfbAccountPage() {
  return <PayAccountPage kind="alipay" />;
}
