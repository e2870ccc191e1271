/** /balanceOut: move money from the virtual wallet back to the main balance (612). */
import { TransferForm } from '../components/TransferForm';
import { WalletPage } from '../components/WalletPage';

export default function BalanceOutPage() {
  return (
    <WalletPage title="转出虚拟钱包">
      <TransferForm direction="out" />
    </WalletPage>
  );
}
