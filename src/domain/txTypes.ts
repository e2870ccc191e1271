/**
 * Transaction type codes (spec 000 section 3). Every ledger transfer carries one.
 * 101-115 recharge channels · 201-222 income · 301-311 deductions ·
 * 401-423 manual and reject operations · 501-502 rebates · 611-616 virtual wallet.
 */
export const txTypeNames: Record<number, string> = {
  101: '银行转账充值',
  102: '银联扫码充值',
  103: 'QQ钱包充值',
  104: '微信充值',
  105: '云闪付充值',
  106: '京东支付充值',
  107: '支付宝充值',
  108: '网银充值',
  109: '虚拟钱包充值',
  110: '数字货币充值',
  111: '数字人民币充值',
  112: '抖音支付充值',
  113: '在线支付充值',
  114: '人工充值',
  115: '其他充值',
  201: '彩票中奖',
  202: '撤单返还',
  203: '追号撤单返还',
  204: '和局退款',
  205: '开奖撤销返还',
  206: '活动红包',
  207: '聊天红包领取',
  208: '聊天红包退回',
  209: '活动奖励',
  210: '签到奖励',
  211: '晋级奖励',
  212: '代理分红',
  213: '推广奖励',
  214: '首充赠送',
  215: '续充赠送',
  216: '棋牌派彩',
  217: '真人派彩',
  218: '体育派彩',
  219: '电子派彩',
  220: '提现退回',
  221: '礼物收入',
  222: '其他收入',
  301: '彩票投注',
  302: '追号投注',
  303: '快捷投注',
  304: '长龙投注',
  305: '提现申请',
  306: '提现手续费',
  307: '发红包',
  308: '赠送礼物',
  309: '棋牌投注',
  310: '派奖冲正',
  311: '其他扣款',
  401: '人工存入',
  402: '人工扣除',
  403: '人工加奖',
  404: '人工扣奖',
  405: '人工返点',
  406: '人工扣返点',
  407: '人工活动赠送',
  408: '人工活动扣回',
  409: '人工提现',
  410: '人工提现退回',
  411: '充值驳回',
  412: '提现驳回',
  413: '人工冲正',
  414: '人工分红',
  415: '人工扣分红',
  416: '人工补单',
  417: '人工撤单',
  418: '人工理赔',
  419: '人工扣罚',
  420: '人工转入虚拟钱包',
  421: '人工转出虚拟钱包',
  422: '人工调整（加）',
  423: '人工调整（减）',
  501: '投注返点',
  502: '下级返点',
  611: '转入虚拟钱包',
  612: '转出虚拟钱包',
  613: '虚拟钱包利息',
  614: '质押买入',
  615: '质押赎回',
  616: '质押收益',
};

/** Manual operator adjustments that credit a player. */
export const MANUAL_CREDIT_TYPE = 401;
/** Manual operator adjustments that debit a player. */
export const MANUAL_DEBIT_TYPE = 402;

export function isManualType(code: number): boolean {
  return code >= 401 && code <= 423;
}

export function txTypeName(code: number): string {
  return txTypeNames[code] ?? `类型${code}`;
}

/** The spec's groups of type codes (000 §3), each with the catalogue codes inside its range. */
export interface TxTypeGroup { key: string; label: string; codes: number[] }

const GROUP_RANGES: [key: string, label: string, from: number, to: number][] = [
  ['recharge', '充值', 101, 115],
  ['income', '收入', 201, 222],
  ['deduct', '扣款', 301, 311],
  ['manual', '人工操作', 401, 423],
  ['rebate', '返点', 501, 502],
  ['wallet', '虚拟钱包', 611, 616],
];

const ALL_CODES = Object.keys(txTypeNames).map(Number).sort((a, b) => a - b);

export const TX_TYPE_GROUPS: TxTypeGroup[] = GROUP_RANGES.map(([key, label, from, to]) => ({
  key, label, codes: ALL_CODES.filter((c) => c >= from && c <= to),
}));
