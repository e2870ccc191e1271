/** /pledge?productId=…: buy one pledge product with money from the virtual wallet (614). */
import { EmptyState, ErrorState, LoadingState } from '../../../ui';
import { PledgeForm } from '../components/PledgeForm';
import { WalletPage } from '../components/WalletPage';
import { useWalletAndProducts } from '../queries';
import { Link, useSearch } from 'wouter';

export default function PledgePage() {
  return (
    <WalletPage title="质押" back="/pledgeShop">
      <Buy />
    </WalletPage>
  );
}

function Buy() {
  const productId = Number(new URLSearchParams(useSearch()).get('productId'));
  const q = useWalletAndProducts();
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  const { products, info } = q.data;
  const product = products.list.find((p) => p.productId === productId);
  if (!product) {
    return (
      <>
        <EmptyState text="该质押产品不存在或已下架" />
        <Link href="/pledgeShop" className="block text-center text-brand underline">
          查看全部质押产品
        </Link>
      </>
    );
  }
  return <PledgeForm product={product} info={info} />;
}
