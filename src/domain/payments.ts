/**
 * Recharge channels and amounts, shared by the client (to show and check) and the server (to
 * check and credit). The catalogue is the twelve children of /recharge (spec 000 section 2);
 * each carries its ledger type code (101-112, src/domain/txTypes.ts), its
 * /v1/transaction/front* call and whether it pays through an online gateway or offline (a
 * transfer to a receiving account, a QR code or a wallet address).
 *
 * Digital currency: the player states a coin amount (rMoney: up to 8 decimals) and the channel's
 * rate (yuan per coin, up to 8 decimals); the yuan credited is coin × rate rounded DOWN to the fen,
 * computed in BigInt so no float ever touches it. Both sides call coinToFen.
 */
import { formatFen, MAX_AMOUNT_FEN, parseYuanToFen } from './money.ts';
import { TxType } from './txTypes.ts';
import { CHANNEL_PAGES, channelUrl, type ChannelCode } from './rechargeChannels.ts';
import { patterns } from './validation.ts';

/** What each channel is in the ledger and on the wire: its type code and its /v1/transaction call. */
const CHANNEL_DETAILS = {
  banktransfer: {
    typeCode: TxType.BANK_TRANSFER_RECHARGE,
    frontCall: 'frontBankTransfer',
    online: false,
  },
  unionpay: { typeCode: TxType.UNIONPAY_RECHARGE, frontCall: 'frontUnionpay', online: false },
  qqpay: { typeCode: TxType.QQPAY_RECHARGE, frontCall: 'frontQQ', online: false },
  wechat: { typeCode: TxType.WECHAT_RECHARGE, frontCall: 'frontWechat', online: false },
  quickpass: { typeCode: TxType.QUICKPASS_RECHARGE, frontCall: 'frontQuickpass', online: true },
  jdpay: { typeCode: TxType.JDPAY_RECHARGE, frontCall: 'frontJdpay', online: true },
  alipay: { typeCode: TxType.ALIPAY_RECHARGE, frontCall: 'frontAlipay', online: false },
  internetbank: {
    typeCode: TxType.ONLINE_BANKING_RECHARGE,
    frontCall: 'frontInternetBank',
    online: true,
  },
  virtualwalletpay: {
    typeCode: TxType.VIRTUAL_WALLET_RECHARGE,
    frontCall: 'frontVirtualWallet',
    online: false,
  },
  digitalcurrencypay: {
    typeCode: TxType.DIGITAL_CURRENCY_RECHARGE,
    frontCall: 'frontDigitalCurrency',
    online: false,
  },
  digitalrmb: {
    typeCode: TxType.DIGITAL_RMB_RECHARGE,
    frontCall: 'frontDigitalRmb',
    online: false,
  },
  douyin: { typeCode: TxType.DOUYIN_RECHARGE, frontCall: 'frontDouyin', online: true },
} as const satisfies Record<ChannelCode, { typeCode: number; frontCall: string; online: boolean }>;

export const RECHARGE_CHANNELS = CHANNEL_PAGES.map((c) => ({ ...c, ...CHANNEL_DETAILS[c.code] }));

export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];
export { channelUrl, type ChannelCode };

/** The one channel whose amount is a coin amount with a rate. */
export const DIGITAL_CURRENCY_CHANNEL: ChannelCode = 'digitalcurrencypay';

export const CHANNEL_CODES: readonly ChannelCode[] = RECHARGE_CHANNELS.map((c) => c.code);

export function channelByCode(code: string): RechargeChannel | undefined {
  return RECHARGE_CHANNELS.find((c) => c.code === code);
}

export function isChannelCode(code: string): code is ChannelCode {
  return channelByCode(code) !== undefined;
}

/** Recharge order statuses and their Chinese names. */
export const RECHARGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export const rechargeStatusNames: Record<RechargeStatus, string> = {
  pending: '待审核',
  approved: '已到账',
  rejected: '已驳回',
};

/** At most this many pending orders per player: nobody floods the review queue. */
export const MAX_PENDING_RECHARGES = 5;
/** At most this many fixed amounts per receiving config. */
export const MAX_FIXED_AMOUNTS = 12;

/** A gateway URL template: http(s) only, no spaces or quotes; {orderNo} and {amount} are filled in. */
export const GATEWAY_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/;
export const GATEWAY_URL_MAX = 500;

/** Fills a gateway URL template with the order number and the amount in yuan ("100.00"). */
export function fillGatewayUrl(template: string, orderNo: string, amountFen: number): string {
  return template
    .replaceAll('{orderNo}', encodeURIComponent(orderNo))
    .replaceAll('{amount}', encodeURIComponent(formatFen(amountFen)));
}

/** The refusals of the recharge rules (client and server show the same words). */
export const rechargeMessages = {
  amountFormat: '充值金额格式不正确，最多两位小数',
  coinFormat: '数字货币数量格式不正确，最多八位小数',
  tooSmall: (minFen: number) => `充值金额不能低于${formatFen(minFen)}元`,
  tooLarge: (maxFen: number) => `充值金额不能高于${formatFen(maxFen)}元`,
  notFixed: (fixedFen: readonly number[]) =>
    `请选择固定金额：${fixedFen.map(formatFen).join('、')}元`,
  payerName: '付款人姓名格式不正确',
  payerNameRequired: '请填写付款人姓名',
};

/** The amount limits of one receiving config, in fen. */
export interface AmountRule {
  minFen: number;
  maxFen: number;
  /** when non-empty, only these amounts are allowed */
  fixedFen: readonly number[];
}

/** The refusal for an amount outside a config's rule, or null when it fits. */
export function checkRechargeAmount(amountFen: number, rule: AmountRule): string | null {
  if (rule.fixedFen.length > 0)
    return rule.fixedFen.includes(amountFen) ? null : rechargeMessages.notFixed(rule.fixedFen);
  if (amountFen < rule.minFen) return rechargeMessages.tooSmall(rule.minFen);
  if (amountFen > rule.maxFen) return rechargeMessages.tooLarge(rule.maxFen);
  return null;
}

/** Parses a yuan amount for a recharge (money pattern, > 0); null when it is not one. */
export function parseRechargeYuan(text: string): number | null {
  if (!patterns.money.test(text)) return null;
  const fen = parseYuanToFen(text);
  return fen === null || fen <= 0 ? null : fen;
}

const SCALE_8 = 100_000_000n;
/** Coin amounts and rates: at most this many characters. */
export const MAX_DECIMAL8_CHARS = 30;

/** '1.5' → 150000000n (units of 1e-8); null unless it matches rMoney. */
export function parseDecimal8(text: string): bigint | null {
  if (text.length > MAX_DECIMAL8_CHARS || !patterns.rMoney.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * SCALE_8 + BigInt(frac.padEnd(8, '0'));
}

/** 150000000n → '1.5'; 1n → '0.00000001' (trailing zeros dropped). */
export function formatDecimal8(units: bigint): string {
  if (units < 0n) throw new Error('negative decimal');
  const whole = units / SCALE_8;
  const frac = (units % SCALE_8).toString().padStart(8, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/**
 * The fen credited for `coinText` coins at `rateText` yuan per coin: floor(coin × rate × 100),
 * exact. Null when either text is not rMoney, the rate is zero, or the result is not in
 * 1..MAX_AMOUNT_FEN (a dust amount worth less than one fen is refused, never rounded up).
 */
export function coinToFen(coinText: string, rateText: string): number | null {
  const coin = parseDecimal8(coinText);
  const rate = parseDecimal8(rateText);
  if (coin === null || rate === null || rate === 0n) return null;
  const fen = (coin * rate * 100n) / (SCALE_8 * SCALE_8);
  if (fen < 1n || fen > BigInt(MAX_AMOUNT_FEN)) return null;
  return Number(fen);
}

/** Payer names follow the real-name pattern. */
export function checkPayerName(name: string, required: boolean): string | null {
  if (name.trim() === '') return required ? rechargeMessages.payerNameRequired : null;
  return patterns.realName.test(name) ? null : rechargeMessages.payerName;
}
