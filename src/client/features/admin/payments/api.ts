/** Operator calls of the payments feature (docs/payments.md, /v1/admin/recharge/* and /v1/admin/payment/*). */
import { request } from '../../../api/request';
import type { ChannelCode, RechargeStatus } from '../../../../domain/payments';
import type { RechargeOrder } from '../../payments/api';

export interface AdminConfig {
  id: number;
  channel: ChannelCode;
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
  fixedAmounts: string[];
  gatewayUrl: string;
  sort: number;
  enabled: boolean;
  instructions: string;
  createdAt: number;
  updatedAt: number;
}
export interface AdminChannel {
  code: ChannelCode;
  name: string;
  typeCode: number;
  frontCall: string;
  online: boolean;
  enabled: boolean;
  list: AdminConfig[];
}
export interface AdminPaymentSettings {
  notice: string;
  payerNameRequired: boolean;
  paySort: ChannelCode[];
}
export interface AdminOrder extends RechargeOrder {
  userId: number;
  userName: string;
  operatorName: string;
}

/** The fields of channelSave, as the form edits them (strings; `enabled` 1/0). */
export interface ConfigForm {
  id?: number;
  channel: ChannelCode;
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
  fixedAmounts: string;
  gatewayUrl: string;
  sort: string;
  enabled: boolean;
  instructions: string;
}

const I = { inline: true } as const;
const A = '/v1/admin/';

export const getChannelsAdmin = () =>
  request<{ channels: AdminChannel[]; settings: AdminPaymentSettings }>(
    'GET',
    `${A}payment/channels`,
    undefined,
    I,
  );
export const saveConfig = (f: ConfigForm) =>
  request<{ id: number }>(
    'POST',
    `${A}payment/channelSave`,
    { ...f, sort: f.sort.trim() || '0' },
    I,
  );
export const deleteConfig = (id: number) =>
  request<null>('POST', `${A}payment/channelDelete`, { id }, I);
export const uploadQr = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ url: string }>('POST', `${A}payment/uploadQr`, undefined, {
    ...I,
    upload: form,
  });
};
export const saveSettings = (p: {
  notice?: string;
  payerNameRequired?: boolean;
  paySort?: string;
}) => request<AdminPaymentSettings>('POST', `${A}payment/settingsSave`, p, I);

export const getRechargeOrders = (p: {
  status?: RechargeStatus;
  userName?: string;
  page?: number;
}) =>
  request<{ list: AdminOrder[]; total: number }>(
    'GET',
    `${A}recharge/list`,
    { ...p, userName: p.userName || undefined, pageSize: 20 },
    I,
  );
export const approveRecharge = (id: number) =>
  request<{ order: AdminOrder; balance: string }>('POST', `${A}recharge/approve`, { id }, I);
export const rejectRecharge = (id: number, remark: string) =>
  request<{ order: AdminOrder }>('POST', `${A}recharge/reject`, { id, remark }, I);

/** A saved config as the form's starting values. */
export function toForm(c: AdminConfig): ConfigForm {
  return {
    id: c.id,
    channel: c.channel,
    name: c.name,
    bankName: c.bankName,
    accountName: c.accountName,
    accountNo: c.accountNo,
    qrImage: c.qrImage,
    address: c.address,
    currency: c.currency,
    rate: c.rate,
    min: c.min,
    max: c.max,
    fixedAmounts: c.fixedAmounts.join(','),
    gatewayUrl: c.gatewayUrl,
    sort: String(c.sort),
    enabled: c.enabled,
    instructions: c.instructions,
  };
}

export function emptyForm(channel: ChannelCode): ConfigForm {
  return {
    channel,
    name: '',
    bankName: '',
    accountName: '',
    accountNo: '',
    qrImage: '',
    address: '',
    currency: '',
    rate: '',
    min: '',
    max: '',
    fixedAmounts: '',
    gatewayUrl: '',
    sort: '0',
    enabled: true,
    instructions: '',
  };
}
