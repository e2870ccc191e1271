/** Recharge calls of the player (docs/payments.md, /v1/transaction/...). */
import { request } from '../../api/request';
import type { ChannelCode, RechargeChannel, RechargeStatus } from '../../../domain/payments';

/** One channel of the PaySort list (the spec's rechargeSort). */
export interface PaySortItem {
  code: ChannelCode;
  name: string;
  url: string;
  typeCode: number;
  online: boolean;
}

/** A receiving config as the player sees it. */
export interface ReceivingConfig {
  configId: number;
  name: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  qrImage: string;
  address: string;
  currency: string;
  rate: string;
  min: string;
  max: string;
  minFen: number;
  maxFen: number;
  fixedAmounts: string[];
  instructions: string;
  gateway: boolean;
}

export interface ChannelInfo {
  channel: ChannelCode;
  name: string;
  typeCode: number;
  online: boolean;
  enabled: boolean;
  list: ReceivingConfig[];
}
export interface PaymentSettings {
  notice: string;
  payerNameRequired: boolean;
  maxPending: number;
}

export interface RechargeOrder {
  id: number;
  orderNo: string;
  channel: ChannelCode;
  channelName: string;
  typeCode: number;
  configId: number;
  configName: string;
  amount: string;
  amountFen: number;
  coinAmount: string;
  coinRate: string;
  currency: string;
  payerName: string;
  status: RechargeStatus;
  statusName: string;
  payUrl: string;
  remark: string;
  createdAt: number;
  reviewedAt: number | null;
}

export interface RechargeInput {
  channel: ChannelCode;
  configId: number;
  amount: string;
  payerName?: string;
}

const I = { inline: true } as const;
const base = '/v1/transaction/';

/** Background look-ups (the first channel of the 充值 links) say nothing on failure. */
export const getPaySort = (quiet = false) =>
  request<{ list: PaySortItem[] }>(
    'GET',
    `${base}frontPaySort`,
    undefined,
    quiet ? { quiet: true } : I,
  ).then((d) => d.list);
export const getChannel = (channel: RechargeChannel) =>
  request<ChannelInfo>('GET', base + channel.frontCall, undefined, I);
export const getPaymentSettings = () =>
  request<PaymentSettings>('GET', `${base}frontPaymentSettings`, undefined, I);
export const createRecharge = (input: RechargeInput, requestId: string) =>
  request<{ order: RechargeOrder; created: boolean }>(
    'POST',
    `${base}rechargeFrontPaymentRecord`,
    { ...input, requestId },
    I,
  );
export const getRechargeRecords = (
  page = 1,
  pageSize = 10,
  status?: RechargeStatus,
  quiet = false,
) =>
  request<{ list: RechargeOrder[]; total: number }>(
    'GET',
    `${base}rechargeRecordList`,
    { page, pageSize, status },
    quiet ? { quiet: true } : I,
  );
export const getBalance = () =>
  request<{ balance: string; balanceFen: number }>(
    'GET',
    '/v1/balance/queryBalanceFront',
    undefined,
    I,
  );
