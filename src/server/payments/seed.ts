/**
 * Demo receiving configs, one per channel, seeded on the first start of a demo site (called from
 * seed.ts). Runs only when no config exists yet, so the operator's edits are never overwritten.
 */
import type { Sql } from '../db/client.ts';
import { checkConfig, saveConfig, type ChannelSave } from './configAdmin.ts';

const NOTE = '转账时请务必填写正确金额，到账时间约1-5分钟。';
const GATEWAY = 'https://pay.example.com/gateway?order={orderNo}&amount={amount}';

const DEMO_CONFIGS: ChannelSave[] = [
  {
    channel: 'banktransfer',
    name: '工商银行',
    bankName: '中国工商银行',
    accountName: '张三',
    accountNo: '6222021234567890123',
    min: '100',
    max: '50000',
    instructions: NOTE,
  },
  {
    channel: 'unionpay',
    name: '银联扫码',
    accountName: '演示商户',
    accountNo: 'unionpay-demo',
    min: '50',
    max: '5000',
    instructions: '请使用银联APP扫码付款。',
  },
  {
    channel: 'qqpay',
    name: 'QQ钱包',
    accountName: '演示商户',
    accountNo: '10001234',
    min: '10',
    max: '3000',
    fixedAmounts: '50,100,200,500,1000',
    instructions: '请选择固定金额并扫码付款。',
  },
  {
    channel: 'wechat',
    name: '微信转账',
    accountName: '演示商户',
    accountNo: 'wxid_demo001',
    min: '10',
    max: '5000',
    fixedAmounts: '100,200,300,500,1000,2000',
    instructions: '请选择固定金额，转账后提交订单。',
  },
  {
    channel: 'quickpass',
    name: '云闪付在线',
    min: '10',
    max: '10000',
    gatewayUrl: GATEWAY,
    instructions: '提交后将跳转到支付页面。',
  },
  {
    channel: 'jdpay',
    name: '京东支付在线',
    min: '10',
    max: '10000',
    gatewayUrl: GATEWAY,
    instructions: '提交后将跳转到支付页面。',
  },
  {
    channel: 'alipay',
    name: '支付宝转账',
    accountName: '张三',
    accountNo: 'pay@example.com',
    min: '10',
    max: '20000',
    instructions: NOTE,
  },
  {
    channel: 'internetbank',
    name: '网银在线',
    min: '100',
    max: '50000',
    gatewayUrl: GATEWAY,
    instructions: '提交后将跳转到网银支付页面。',
  },
  {
    channel: 'virtualwalletpay',
    name: 'OK钱包',
    accountName: '演示商户',
    accountNo: 'OK88886666',
    min: '100',
    max: '50000',
    instructions: '请在钱包内转账到以上账号。',
  },
  {
    channel: 'digitalcurrencypay',
    name: 'USDT-TRC20',
    currency: 'USDT-TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    rate: '7.2',
    min: '100',
    max: '1000000',
    instructions: '请转账USDT到以上地址，按汇率折算人民币到账。',
  },
  {
    channel: 'digitalrmb',
    name: '数字人民币',
    accountName: '张三',
    accountNo: '0021000012345678',
    min: '10',
    max: '20000',
    instructions: NOTE,
  },
  {
    channel: 'douyin',
    name: '抖音支付在线',
    min: '10',
    max: '5000',
    gatewayUrl: GATEWAY,
    instructions: '提交后将跳转到支付页面。',
  },
];

export async function seedPaymentChannels(sql: Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from payment_configs`;
  if (n > 0) return 0;
  for (const [i, c] of DEMO_CONFIGS.entries())
    await saveConfig(sql, undefined, checkConfig({ ...c, sort: i }));
  return DEMO_CONFIGS.length;
}
