/**
 * The twelve recharge channels (the children of /recharge, spec 000 section 2) in catalogue order:
 * their codes, Chinese names and pages. The client's route table and its 充值 links need only
 * these, so they live apart from each channel's ledger type code, call and amount rules
 * (payments.ts, which builds RECHARGE_CHANNELS from this list): the first screen then does not
 * load the ledger's type catalogue and the form patterns (4 KB gzip) for a path and a title.
 */
export const CHANNEL_PAGES = [
  { code: 'banktransfer', name: '银行转账' },
  { code: 'unionpay', name: '银联扫码' },
  { code: 'qqpay', name: 'QQ钱包' },
  { code: 'wechat', name: '微信支付' },
  { code: 'quickpass', name: '云闪付' },
  { code: 'jdpay', name: '京东支付' },
  { code: 'alipay', name: '支付宝' },
  { code: 'internetbank', name: '网银支付' },
  { code: 'virtualwalletpay', name: '虚拟钱包' },
  { code: 'digitalcurrencypay', name: '数字货币' },
  { code: 'digitalrmb', name: '数字人民币' },
  { code: 'douyin', name: '抖音支付' },
] as const;

export type ChannelCode = (typeof CHANNEL_PAGES)[number]['code'];

/** The route of a channel's page. */
export const channelUrl = (code: ChannelCode) => `/recharge/${code}`;
