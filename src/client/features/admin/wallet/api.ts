/** Operator calls of the virtual wallet (docs/virtual-wallet.md "Operator calls"). */
import { request } from '../../../api/request';
import type { EarlyExit, OrderStatus, Paged, PledgeOrder, PledgeProduct } from '../../wallet/api';

const I = { inline: true } as const;

export interface ProductDraft {
  productId?: number;
  name: string;
  termDays: string;
  annualRate: string;
  minAmount: string;
  maxAmount: string;
  userLimit: string;
  earlyExit: EarlyExit;
  penaltyPercent: string;
  sort: string;
  enabled: boolean;
}

export type AdminPledgeOrder = PledgeOrder & { userName: string };

export const adminPledgeProducts = () =>
  request<{ list: PledgeProduct[] }>('GET', '/v1/admin/pledge/products', undefined, I);

export const savePledgeProduct = (d: ProductDraft) =>
  request<{ productId: number }>(
    'POST',
    '/v1/admin/pledge/products/save',
    {
      productId: d.productId,
      name: d.name.trim(),
      termDays: d.termDays.trim(),
      annualRate: d.annualRate.trim(),
      minAmount: d.minAmount.trim(),
      maxAmount: d.maxAmount.trim() || '0',
      userLimit: d.userLimit.trim() || '0',
      earlyExit: d.earlyExit,
      penaltyPercent: d.earlyExit === 'penalty' ? d.penaltyPercent.trim() : undefined,
      sort: d.sort.trim() || '0',
      enabled: d.enabled,
    },
    I,
  );

export const setPledgeProductEnabled = (productId: number, enabled: boolean) =>
  request<null>(
    'POST',
    `/v1/admin/pledge/products/${enabled ? 'enable' : 'disable'}`,
    { productId },
    I,
  );

export const getWalletSettings = () =>
  request<{ annualRate: string }>('GET', '/v1/admin/virtualWallet/settings', undefined, I);
export const saveWalletSettings = (annualRate: string) =>
  request<{ annualRate: string }>('POST', '/v1/admin/virtualWallet/settings', { annualRate }, I);

export const adminPledgeOrders = (p: {
  userName?: string;
  status?: OrderStatus;
  page: number;
  pageSize: number;
}) => request<Paged<AdminPledgeOrder>>('GET', '/v1/admin/pledge/orders', p, I);
