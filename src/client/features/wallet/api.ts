/**
 * Typed calls of the virtual wallet (docs/virtual-wallet.md). Amounts are yuan strings on the wire.
 * Every call is `inline`: the page shows a plain refusal (-1) beside its form or list, while the one
 * dispatcher still handles session codes, -110004 (操作失敗 → /index) and -110005 (操作失敗 → /accountTotal).
 */
import { request } from '../../api/request';

const V = (name: string) => `/v1/virtualWallet/${name}`;
const inline = { inline: true } as const;

export type EarlyExit = 'none' | 'principal' | 'penalty';
export type OrderStatus = 'holding' | 'matured' | 'cancelled';

export interface WalletInfo {
  enabled: boolean;
  balance: string;
  balanceFen: number;
  walletBalance: string;
  walletBalanceFen: number;
  pledgedTotal: string;
  pledgedTotalFen: number;
  annualRate: string;
  yesterdayInterest: string;
  totalInterest: string;
  yesterdayProfit: string;
  totalProfit: string;
  holdingCount: number;
}

export interface WalletLog {
  id: number;
  typeCode: number;
  typeName: string;
  amount: string;
  amountFen: number;
  remark: string;
  orderId: number | null;
  createdAt: number;
}

export interface PledgeProduct {
  productId: number;
  name: string;
  termDays: number;
  annualRate: string;
  minAmount: string;
  maxAmount: string;
  userLimit: string;
  earlyExit: EarlyExit;
  earlyExitName: string;
  penaltyPercent: string;
  enabled: boolean;
  sort: number;
}

export interface PledgeOrder {
  orderId: number;
  productId: number;
  productName: string;
  termDays: number;
  annualRate: string;
  amount: string;
  amountFen: number;
  autoRenew: boolean;
  status: OrderStatus;
  statusName: string;
  term: number;
  startAt: number;
  endAt: number;
  expectedProfit: string;
  profitTotal: string;
  earlyExit: EarlyExit;
  earlyExitName: string;
  penaltyPercent: string;
  refund: string;
  penalty: string;
  createdAt: number;
  settledAt: number | null;
}

/** One of the order's 614/615/616 transfers; `amount` signed as in the flow (+ into the virtual wallet). */
export interface OrderLog {
  id: number;
  typeCode: number;
  typeName: string;
  amount: string;
  amountFen: number;
  remark: string;
  createdAt: number;
}
export interface TransferResult {
  balance: string;
  balanceFen: number;
  walletBalance: string;
  walletBalanceFen: number;
  applied: boolean;
}
export interface Paged<T> {
  list: T[];
  total: number;
}

export const getWalletInfo = () => request<WalletInfo>('GET', V('info'), undefined, inline);

export const getWalletLogs = (p: { type?: number; page: number; pageSize: number }) =>
  request<Paged<WalletLog>>('GET', V('logs'), p, inline);

export const transferIn = (amount: string, requestId: string) =>
  request<TransferResult>('POST', V('transferIn'), { amount, requestId }, inline);

export const transferOut = (amount: string, requestId: string) =>
  request<TransferResult>('POST', V('transferOut'), { amount, requestId }, inline);

export const getPledgeProducts = () =>
  request<{ list: PledgeProduct[] }>('GET', V('pledgeProducts'), undefined, inline);

export const createPledge = (p: {
  productId: number;
  amount: string;
  autoRenew: boolean;
  requestId: string;
}) => request<{ order: PledgeOrder; applied: boolean }>('POST', V('pledgeCreate'), p, inline);

export const cancelPledge = (orderId: number) =>
  request<{ order: PledgeOrder }>('POST', V('pledgeCancel'), { orderId }, inline);

export const setPledgeAutoRenew = (orderId: number, autoRenew: boolean) =>
  request<{ order: PledgeOrder }>('POST', V('pledgeAutoRenew'), { orderId, autoRenew }, inline);

export const getPledgeOrders = (p: { status?: OrderStatus; page: number; pageSize: number }) =>
  request<Paged<PledgeOrder>>('GET', V('pledgeOrders'), p, inline);

export const getPledgeOrderDetail = (orderId: number) =>
  request<{ order: PledgeOrder; logs: OrderLog[] }>(
    'GET',
    V('pledgeOrderDetail'),
    { orderId },
    inline,
  );
