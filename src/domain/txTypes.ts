/**
 * Transaction type codes (spec 000 section 3). Every ledger transfer carries one.
 *
 * One table per group holds each code with its constant name and its Chinese name; everything else
 * (TxType.BET, txTypeNames, the groups and their ranges) is derived from these tables, so a code is
 * written as a number here and nowhere else. The database stores the number (transfers.type_code).
 */

type TypeTable = Readonly<Record<string, readonly [code: number, name: string]>>;

/** 充值: one code per recharge channel (src/domain/payments.ts), plus manual and other. */
const RECHARGE = {
  BANK_TRANSFER_RECHARGE: [101, '银行转账充值'],
  UNIONPAY_RECHARGE: [102, '银联扫码充值'],
  QQPAY_RECHARGE: [103, 'QQ钱包充值'],
  WECHAT_RECHARGE: [104, '微信充值'],
  QUICKPASS_RECHARGE: [105, '云闪付充值'],
  JDPAY_RECHARGE: [106, '京东支付充值'],
  ALIPAY_RECHARGE: [107, '支付宝充值'],
  ONLINE_BANKING_RECHARGE: [108, '网银充值'],
  VIRTUAL_WALLET_RECHARGE: [109, '虚拟钱包充值'],
  DIGITAL_CURRENCY_RECHARGE: [110, '数字货币充值'],
  DIGITAL_RMB_RECHARGE: [111, '数字人民币充值'],
  DOUYIN_RECHARGE: [112, '抖音支付充值'],
  ONLINE_PAYMENT_RECHARGE: [113, '在线支付充值'],
  MANUAL_RECHARGE: [114, '人工充值'],
  OTHER_RECHARGE: [115, '其他充值'],
} as const satisfies TypeTable;

/** 收入: money the player receives. */
const INCOME = {
  LOTTERY_WIN: [201, '彩票中奖'],
  BET_CANCEL_REFUND: [202, '撤单返还'],
  CHASE_CANCEL_REFUND: [203, '追号撤单返还'],
  TIE_REFUND: [204, '和局退款'],
  DRAW_CANCEL_REFUND: [205, '开奖撤销返还'],
  PROMO_RED_ENVELOPE: [206, '活动红包'],
  CHAT_RED_ENVELOPE_CLAIM: [207, '聊天红包领取'],
  CHAT_RED_ENVELOPE_RETURN: [208, '聊天红包退回'],
  ACTIVITY_REWARD: [209, '活动奖励'],
  SIGN_IN_REWARD: [210, '签到奖励'],
  LEVEL_UP_REWARD: [211, '晋级奖励'],
  AGENT_DIVIDEND: [212, '代理分红'],
  REFERRAL_REWARD: [213, '推广奖励'],
  FIRST_DEPOSIT_BONUS: [214, '首充赠送'],
  REDEPOSIT_BONUS: [215, '续充赠送'],
  CARD_GAME_PAYOUT: [216, '棋牌派彩'],
  LIVE_CASINO_PAYOUT: [217, '真人派彩'],
  SPORTS_PAYOUT: [218, '体育派彩'],
  SLOT_GAME_PAYOUT: [219, '电子派彩'],
  WITHDRAW_RETURN: [220, '提现退回'],
  GIFT_INCOME: [221, '礼物收入'],
  OTHER_INCOME: [222, '其他收入'],
} as const satisfies TypeTable;

/** 扣款: money the player pays. */
const DEDUCT = {
  BET: [301, '彩票投注'],
  CHASE_BET: [302, '追号投注'],
  QUICK_BET: [303, '快捷投注'],
  LONG_DRAGON_BET: [304, '长龙投注'],
  WITHDRAW: [305, '提现申请'],
  WITHDRAW_FEE: [306, '提现手续费'],
  SEND_RED_ENVELOPE: [307, '发红包'],
  SEND_GIFT: [308, '赠送礼物'],
  CARD_GAME_BET: [309, '棋牌投注'],
  PRIZE_REVERSAL: [310, '派奖冲正'],
  OTHER_DEDUCTION: [311, '其他扣款'],
} as const satisfies TypeTable;

/** 人工操作: the operator's manual adjustments (src/server/ledger/adjust.ts) and rejections. */
const MANUAL = {
  MANUAL_DEPOSIT: [401, '人工存入'],
  MANUAL_DEDUCT: [402, '人工扣除'],
  MANUAL_PRIZE_ADD: [403, '人工加奖'],
  MANUAL_PRIZE_DEDUCT: [404, '人工扣奖'],
  MANUAL_REBATE: [405, '人工返点'],
  MANUAL_REBATE_DEDUCT: [406, '人工扣返点'],
  MANUAL_ACTIVITY_GIFT: [407, '人工活动赠送'],
  MANUAL_ACTIVITY_CLAWBACK: [408, '人工活动扣回'],
  MANUAL_WITHDRAW: [409, '人工提现'],
  MANUAL_WITHDRAW_RETURN: [410, '人工提现退回'],
  RECHARGE_REJECT: [411, '充值驳回'],
  WITHDRAW_REJECT: [412, '提现驳回'],
  MANUAL_REVERSAL: [413, '人工冲正'],
  MANUAL_DIVIDEND: [414, '人工分红'],
  MANUAL_DIVIDEND_DEDUCT: [415, '人工扣分红'],
  MANUAL_ORDER_FIX: [416, '人工补单'],
  MANUAL_CANCEL: [417, '人工撤单'],
  MANUAL_COMPENSATION: [418, '人工理赔'],
  MANUAL_PENALTY: [419, '人工扣罚'],
  MANUAL_TO_VIRTUAL_WALLET: [420, '人工转入虚拟钱包'],
  MANUAL_FROM_VIRTUAL_WALLET: [421, '人工转出虚拟钱包'],
  MANUAL_ADJUST_UP: [422, '人工调整（加）'],
  MANUAL_ADJUST_DOWN: [423, '人工调整（减）'],
} as const satisfies TypeTable;

/** 返点: the bettor's own rebate and the uplines' share of it. */
const REBATE = {
  BET_REBATE: [501, '投注返点'],
  UPLINE_REBATE: [502, '下级返点'],
} as const satisfies TypeTable;

/** 虚拟钱包: transfers in and out, interest and pledges (src/domain/wallet.ts). */
const WALLET = {
  VW_TRANSFER_IN: [611, '转入虚拟钱包'],
  VW_TRANSFER_OUT: [612, '转出虚拟钱包'],
  VW_INTEREST: [613, '虚拟钱包利息'],
  PLEDGE_BUY: [614, '质押买入'],
  PLEDGE_REDEEM: [615, '质押赎回'],
  PLEDGE_PROFIT: [616, '质押收益'],
} as const satisfies TypeTable;

const GROUP_TABLES = [
  ['recharge', '充值', RECHARGE],
  ['income', '收入', INCOME],
  ['deduct', '扣款', DEDUCT],
  ['manual', '人工操作', MANUAL],
  ['rebate', '返点', REBATE],
  ['wallet', '虚拟钱包', WALLET],
] as const;

type Catalogue = typeof RECHARGE &
  typeof INCOME &
  typeof DEDUCT &
  typeof MANUAL &
  typeof REBATE &
  typeof WALLET;
export type TxTypeKey = keyof Catalogue;

/** The codes by constant name: `TxType.BET` is 301. */
export const TxType = Object.fromEntries(
  GROUP_TABLES.flatMap(([, , table]) => Object.entries(table).map(([key, [code]]) => [key, code])),
) as { readonly [K in TxTypeKey]: Catalogue[K][0] };
export type TxTypeCode = (typeof TxType)[TxTypeKey];

/** Code → Chinese name, for every code of the catalogue. */
export const txTypeNames: Readonly<Record<number, string>> = Object.fromEntries(
  GROUP_TABLES.flatMap(([, , table]) => Object.values(table)),
);

/** Manual operator adjustments that credit a player. */
export const MANUAL_CREDIT_TYPE = TxType.MANUAL_DEPOSIT;
/** Manual operator adjustments that debit a player. */
export const MANUAL_DEBIT_TYPE = TxType.MANUAL_DEDUCT;

export function txTypeName(code: number): string {
  return txTypeNames[code] ?? `类型${code}`;
}

/** The spec's groups of type codes (000 §3): each group's codes ascending, first and last of its range. */
export type TxTypeGroupKey = (typeof GROUP_TABLES)[number][0];
export interface TxTypeGroup {
  key: TxTypeGroupKey;
  label: string;
  codes: number[];
  first: number;
  last: number;
}

export const TX_TYPE_GROUPS: TxTypeGroup[] = GROUP_TABLES.map(([key, label, table]) => {
  const codes = Object.values(table)
    .map(([code]) => code)
    .sort((a, b) => a - b);
  return { key, label, codes, first: codes[0]!, last: codes[codes.length - 1]! };
});

export function txTypeGroup(key: TxTypeGroupKey): TxTypeGroup {
  const group = TX_TYPE_GROUPS.find((g) => g.key === key);
  if (!group) throw new Error(`unknown type group ${key}`);
  return group;
}

const MANUAL_CODES: ReadonlySet<number> = new Set(txTypeGroup('manual').codes);

export function isManualType(code: number): boolean {
  return MANUAL_CODES.has(code);
}
