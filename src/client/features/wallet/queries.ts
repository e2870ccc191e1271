/** The wallet's cached reads, shared by its pages (a pledge or a transfer invalidates them: query/money.ts). */
import { keys, useQuery, type QueryResult } from '../../query';
import { getPledgeProducts, getWalletInfo, type PledgeProduct, type WalletInfo } from './api';

export const walletInfoQuery = { queryKey: keys.walletInfo(), queryFn: getWalletInfo };
export const pledgeProductsQuery = { queryKey: keys.pledgeProducts(), queryFn: getPledgeProducts };

/** The wallet and the products on offer, as one result: shown when both have arrived. */
export function useWalletAndProducts(): QueryResult<{
  info: WalletInfo;
  products: { list: PledgeProduct[] };
}> {
  const info = useQuery(walletInfoQuery);
  const products = useQuery(pledgeProductsQuery);
  return {
    data: info.data && products.data ? { info: info.data, products: products.data } : undefined,
    error: info.error ?? products.error,
    loading: info.loading || products.loading,
    fetching: info.fetching || products.fetching,
    reload: () => {
      info.reload();
      products.reload();
    },
  };
}
