/**
 * The recharge screen's fixtures: receiving accounts and orders as the front calls answer them, a
 * site's channels in PaySort order (wechat, bank transfer, digital currency, douyin), and the page
 * rendered at a path.
 */
import { render } from '@testing-library/react';
import { channelByCode, channelUrl, type ChannelCode } from '../../src/domain/payments';
import type { ReceivingConfig, RechargeOrder } from '../../src/client/features/payments/api';
import { OverlayHost } from '../../src/client/ui';
import RechargePage from '../../src/client/features/payments/pages/RechargePage';
import { ok, type Handler } from './records-net';

export function sortItem(code: ChannelCode) {
  const c = channelByCode(code)!;
  return { code, name: c.name, url: channelUrl(code), typeCode: c.typeCode, online: c.online };
}

export function config(over: Partial<ReceivingConfig> = {}): ReceivingConfig {
  return {
    configId: 1,
    name: '工商银行',
    bankName: '中国工商银行',
    accountName: '张三',
    accountNo: '6222021234567890123',
    qrImage: '',
    address: '',
    currency: '',
    rate: '',
    min: '100.00',
    max: '50000.00',
    minFen: 10_000,
    maxFen: 5_000_000,
    fixedAmounts: [],
    instructions: '转账时请务必填写正确金额',
    gateway: false,
    ...over,
  };
}

export const WECHAT = config({
  configId: 4,
  name: '微信转账',
  bankName: '',
  accountNo: 'wxid_demo001',
  min: '10.00',
  max: '5000.00',
  minFen: 1000,
  maxFen: 500_000,
  fixedAmounts: ['100.00', '200.00', '500.00'],
  qrImage: '/uploads/qr.png',
});
export const USDT = config({
  configId: 10,
  name: 'USDT-TRC20',
  bankName: '',
  accountName: '',
  accountNo: '',
  currency: 'USDT-TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  rate: '7.2',
  min: '100.00',
  max: '1000000.00',
  minFen: 10_000,
  maxFen: 100_000_000,
});
export const DOUYIN = config({
  configId: 12,
  name: '抖音支付在线',
  bankName: '',
  accountName: '',
  accountNo: '',
  min: '10.00',
  max: '5000.00',
  minFen: 1000,
  maxFen: 500_000,
  gateway: true,
});

export function order(over: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    id: 1,
    orderNo: 'R202611230001',
    channel: 'banktransfer',
    channelName: '银行转账',
    typeCode: 101,
    configId: 1,
    configName: '工商银行',
    amount: '300.00',
    amountFen: 30_000,
    coinAmount: '',
    coinRate: '',
    currency: '',
    payerName: '',
    status: 'pending',
    statusName: '待审核',
    payUrl: '',
    remark: '',
    createdAt: Date.now(),
    reviewedAt: null,
    ...over,
  };
}

export function channelHandler(
  code: ChannelCode,
  list: ReceivingConfig[],
  enabled = true,
): Record<string, Handler> {
  const c = channelByCode(code)!;
  return {
    [`/v1/transaction/${c.frontCall}`]: () =>
      ok({
        channel: code,
        name: c.name,
        typeCode: c.typeCode,
        online: c.online,
        enabled,
        list: enabled ? list : [],
      }),
  };
}

/** A site with wechat first in PaySort, then bank transfer, digital currency and douyin. */
export function rechargeHandlers(
  extra: Record<string, Handler> = {},
  orders: RechargeOrder[] = [],
): Record<string, Handler> {
  return {
    '/v1/transaction/frontPaySort': () =>
      ok({
        list: (['wechat', 'banktransfer', 'digitalcurrencypay', 'douyin'] as const).map(sortItem),
      }),
    '/v1/transaction/frontPaymentSettings': () =>
      ok({ notice: '充值成功后请耐心等待审核', payerNameRequired: false, maxPending: 5 }),
    '/v1/transaction/rechargeRecordList': () => ok({ list: orders, total: orders.length }),
    ...channelHandler('wechat', [WECHAT]),
    ...channelHandler('banktransfer', [config()]),
    ...channelHandler('digitalcurrencypay', [USDT]),
    ...channelHandler('douyin', [DOUYIN]),
    ...extra,
  };
}

export const T = 20_000;
export const SUBMIT = '/v1/transaction/rechargeFrontPaymentRecord';

export function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <>
      <RechargePage />
      <OverlayHost />
    </>,
  );
}
