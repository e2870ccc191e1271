/** /pledgeShop: the pledge products on offer, each with a button to buy it on /pledge. */
import { EmptyState, ErrorState, LoadingState } from '../../../ui';
import { Link } from 'wouter';
import { ProductCard } from '../components/ProductCard';
import { WalletPage } from '../components/WalletPage';
import { useQuery } from '../../../query';
import { pledgeProductsQuery } from '../queries';

export default function PledgeShopPage() {
  return (
    <WalletPage title="质押产品">
      <Products />
    </WalletPage>
  );
}

function Products() {
  const q = useQuery(pledgeProductsQuery);
  if (q.loading && !q.data) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  if (q.data.list.length === 0) return <EmptyState text="暂无可质押的产品" />;
  return (
    <>
      <p className="text-sm text-gray-700">
        质押资金来自虚拟钱包余额，到期后本金与收益返回虚拟钱包。
      </p>
      <ul aria-label="质押产品列表" className="space-y-3">
        {q.data.list.map((p) => (
          <li key={p.productId}>
            <ProductCard
              product={p}
              action={
                <Link
                  href={`/pledge?productId=${p.productId}`}
                  aria-label={`质押 ${p.name}`}
                  className="flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  立即质押
                </Link>
              }
            />
          </li>
        ))}
      </ul>
      <Link href="/pledgePosition" className="block py-2 text-center text-sm text-brand underline">
        查看我的质押
      </Link>
    </>
  );
}
