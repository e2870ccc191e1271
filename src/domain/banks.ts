/**
 * Banks, card BINs, payout-account rules and masking (spec 000 §3 and §5), shared by the cards
 * server routes and the cards screens. Bank names map to bank codes; a name containing 其他银行
 * ('other bank') is shown as 其他银行. The BIN table maps the leading digits of a card number to
 * the issuing bank (longest prefix wins); an unknown prefix answers 其他银行.
 */
import { patterns, type FieldRule } from './validation.ts';

export const OTHER_BANK_CODE = 'OTHER';
export const OTHER_BANK_NAME = '其他银行';

export interface Bank {
  bankCode: string;
  bankName: string;
}

/** The bank list of the card form (queryBankInfo), in display order; 其他银行 last. */
export const BANKS: readonly Bank[] = [
  { bankCode: 'ICBC', bankName: '中国工商银行' },
  { bankCode: 'ABC', bankName: '中国农业银行' },
  { bankCode: 'BOC', bankName: '中国银行' },
  { bankCode: 'CCB', bankName: '中国建设银行' },
  { bankCode: 'COMM', bankName: '交通银行' },
  { bankCode: 'PSBC', bankName: '中国邮政储蓄银行' },
  { bankCode: 'CMB', bankName: '招商银行' },
  { bankCode: 'CITIC', bankName: '中信银行' },
  { bankCode: 'CEB', bankName: '中国光大银行' },
  { bankCode: 'HXB', bankName: '华夏银行' },
  { bankCode: 'CMBC', bankName: '中国民生银行' },
  { bankCode: 'CGB', bankName: '广发银行' },
  { bankCode: 'PAB', bankName: '平安银行' },
  { bankCode: 'SPDB', bankName: '浦发银行' },
  { bankCode: 'CIB', bankName: '兴业银行' },
  { bankCode: 'BOB', bankName: '北京银行' },
  { bankCode: 'SHB', bankName: '上海银行' },
  { bankCode: OTHER_BANK_CODE, bankName: OTHER_BANK_NAME },
];

/** Card-number prefixes (BINs) of the major Chinese banks. */
export const BIN_PREFIXES: Record<string, readonly string[]> = {
  ICBC: [
    '622202',
    '622203',
    '622208',
    '622200',
    '621226',
    '621225',
    '620058',
    '621558',
    '621559',
    '621723',
    '955880',
  ],
  ABC: [
    '622848',
    '622845',
    '622846',
    '622841',
    '622823',
    '622821',
    '622849',
    '621282',
    '621336',
    '95599',
  ],
  BOC: [
    '621661',
    '621662',
    '621663',
    '621660',
    '621666',
    '621667',
    '621668',
    '621669',
    '621785',
    '621786',
    '621787',
    '621788',
    '621789',
    '621790',
    '601382',
    '456351',
  ],
  CCB: [
    '621700',
    '622700',
    '436742',
    '436745',
    '622280',
    '621081',
    '621284',
    '621467',
    '621598',
    '623668',
    '622676',
    '622677',
  ],
  COMM: ['622260', '622261', '622262', '622258', '622259', '405512', '601428'],
  PSBC: [
    '621098',
    '622188',
    '622150',
    '622151',
    '622199',
    '621095',
    '620062',
    '621285',
    '621799',
    '621797',
    '623218',
  ],
  CMB: [
    '622588',
    '622589',
    '622575',
    '622576',
    '622580',
    '622609',
    '622598',
    '621483',
    '621485',
    '621486',
    '410062',
    '468203',
    '512425',
    '524011',
    '439188',
    '439227',
  ],
  CITIC: [
    '622690',
    '622691',
    '622692',
    '622696',
    '622698',
    '621768',
    '621771',
    '433670',
    '433680',
    '442729',
    '442730',
  ],
  CEB: [
    '622660',
    '622661',
    '622662',
    '622663',
    '622664',
    '622665',
    '622666',
    '622667',
    '622668',
    '622669',
    '621489',
    '621492',
    '620085',
  ],
  HXB: ['622630', '622631', '622632', '622633', '623020', '623021', '623022', '623023'],
  CMBC: [
    '622615',
    '622616',
    '622617',
    '622618',
    '622619',
    '622620',
    '622622',
    '621691',
    '415599',
    '421393',
    '421865',
    '427570',
    '427571',
    '472067',
    '472068',
  ],
  CGB: [
    '622568',
    '622570',
    '622555',
    '622556',
    '622557',
    '622558',
    '622559',
    '622560',
    '621462',
    '685800',
    '623506',
  ],
  PAB: [
    '622155',
    '622156',
    '622157',
    '622158',
    '622159',
    '622160',
    '622986',
    '622989',
    '622298',
    '621626',
    '623058',
    '602907',
  ],
  SPDB: [
    '622521',
    '622522',
    '622523',
    '622516',
    '622517',
    '622518',
    '621792',
    '621793',
    '621795',
    '621796',
    '620530',
    '456418',
    '458441',
  ],
  CIB: [
    '622909',
    '622908',
    '622901',
    '622902',
    '622922',
    '438588',
    '438589',
    '461982',
    '486493',
    '486494',
    '486861',
    '523036',
    '451289',
    '527414',
    '528057',
  ],
  BOB: ['602969', '622851', '622852', '622853', '621030', '621420', '621468', '623111', '522001'],
  SHB: ['622892', '622985', '622987', '621050', '620522', '622172', '622267', '623183'],
};

/** prefix → bank code, built once. */
export const BIN_TABLE: ReadonlyMap<string, string> = new Map(
  Object.entries(BIN_PREFIXES).flatMap(([code, prefixes]) =>
    prefixes.map((p) => [p, code] as [string, string]),
  ),
);
const BIN_LENGTHS = [...new Set([...BIN_TABLE.keys()].map((p) => p.length))].sort((a, b) => b - a);

/** The bank of a known code, or null. */
export function bankByCode(code: string): Bank | null {
  return BANKS.find((b) => b.bankCode === code) ?? null;
}

/** The bank code a bank name maps to; names containing 其他银行 or unknown names map to OTHER. */
export function bankCodeOf(name: string): string {
  if (name.includes(OTHER_BANK_NAME)) return OTHER_BANK_CODE;
  return BANKS.find((b) => b.bankName === name.trim())?.bankCode ?? OTHER_BANK_CODE;
}

/** How a stored bank name is shown: a name containing 其他银行 is shown as 其他银行. */
export function displayBankName(name: string | null | undefined): string {
  if (!name) return OTHER_BANK_NAME;
  return name.includes(OTHER_BANK_NAME) ? OTHER_BANK_NAME : name;
}

/** The issuing bank of a card number by its BIN prefix (longest match); unknown → 其他银行. */
export function bankOfCardNumber(cardNumber: string): Bank {
  const digits = cardNumber.replace(/\s+/g, '');
  for (const len of BIN_LENGTHS) {
    const code = BIN_TABLE.get(digits.slice(0, len));
    if (code && digits.length >= len) return bankByCode(code)!;
  }
  return { bankCode: OTHER_BANK_CODE, bankName: OTHER_BANK_NAME };
}

/** Digits needed before a live bank lookup makes sense. */
export const BIN_LOOKUP_MIN_DIGITS = 6;

/** A card number shown with only its last four digits: `**** **** **** 1234`. */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\s+/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `**** **** **** ${digits.slice(-4)}`;
}

/** An Alipay/WeChat account: the first three and the last two characters (`138****78`, `abc****yz`). */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 3) return `${chars[0]}**`;
  if (chars.length <= 6) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 3).join('')}****${chars.slice(-2).join('')}`;
}

/** A digital address: the first six and the last six characters. */
export function maskAddress(address: string): string {
  if (address.length <= 12) return `${address.slice(0, 2)}****${address.slice(-2)}`;
  return `${address.slice(0, 6)}****${address.slice(-6)}`;
}

/** Limits per player (active rows). */
export const MAX_BANK_CARDS = 5;
export const MAX_DIGITAL_ADDRESSES = 5;
/** One Alipay and one WeChat account per player (add, then update). */
export const MAX_WALLET_ACCOUNTS = 1;

/** Digital currencies and their protocols, with the address shape each protocol uses. */
export const DIGITAL_CURRENCIES: readonly { currency: string; protocols: readonly string[] }[] = [
  { currency: 'USDT', protocols: ['TRC20', 'ERC20'] },
];
export const PROTOCOL_ADDRESS: Record<string, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/** Account shapes of the wallet apps: Alipay takes a mobile number or an e-mail; WeChat an id or a mobile number. */
export const payAccountPatterns = {
  alipay: new RegExp(`${patterns.mobileWide.source}|${patterns.mail.source}`),
  weixin: new RegExp(`${patterns.mobileWide.source}|^[A-Za-z][-_A-Za-z0-9]{5,19}$`),
} as const;
export type PayAccountKind = keyof typeof payAccountPatterns;
export const PAY_ACCOUNT_LABEL: Record<PayAccountKind, string> = {
  alipay: '支付宝账号',
  weixin: '微信账号',
};

/** Branch (开户支行): plain text, no angle brackets or control characters. */
export const BRANCH_PATTERN = /^[^\u0000-\u001f\u007f<>]{2,50}$/;

/** Field rules of the card forms (labels are the Chinese {tag}s of the messages). */
export const cardFieldRules = {
  bankNumber: { label: '银行卡号', pattern: 'bankNumber' },
  realName: { label: '真实姓名', pattern: 'realName' },
  safetyPassword: { label: '资金密码', pattern: 'safePassword' },
  branch: { label: '开户支行', length: [2, 50] },
  address: { label: '钱包地址', pattern: 'digitalAddress' },
} satisfies Record<string, FieldRule>;

/** The address of a digital currency: the spec pattern, then the protocol's own shape. */
export function checkDigitalAddress(
  currency: string,
  protocol: string,
  address: string,
): string | null {
  const entry = DIGITAL_CURRENCIES.find((c) => c.currency === currency);
  if (!entry) return '不支持的币种';
  if (!entry.protocols.includes(protocol)) return '不支持的协议';
  if (!patterns.digitalAddress.test(address)) return '钱包地址格式不正确';
  const shape = PROTOCOL_ADDRESS[protocol];
  if (shape && !shape.test(address)) return `钱包地址不是有效的${protocol}地址`;
  return null;
}

/** A receiving-code image uploaded through uploadImage. */
export const QR_IMAGE_PATTERN = /^\/uploads\/[0-9a-f]{32}\.(?:png|jpg|jpeg|webp|gif)$/;
