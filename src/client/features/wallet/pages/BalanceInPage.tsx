/** /balanceIn: move money from the main balance into the virtual wallet (611). */
import { TransferForm } from '../components/TransferForm';
import { WalletPage } from '../components/WalletPage';

export default function BalanceInPage() {
  return (
    <WalletPage title="转入虚拟钱包">
      <TransferForm direction="in" />
    </WalletPage>
  );
}
