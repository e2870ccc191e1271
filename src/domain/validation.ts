/**
 * The named patterns and the general form validator of spec 000 section 5.
 * The client checks forms with these before sending; the server checks the same
 * fields with the same patterns and answers with the same Chinese messages.
 */
import { chatFieldLabels } from './chat/labels.ts';
import { reportFieldLabels } from './agent/reportLabels.ts';

export const patterns = {
  imageCode: /^[A-Za-z0-9]{4}$/,
  smsCode: /^\d{4}$/,
  mailCode: /^\d{4}$/,
  safePassword: /^\d{6}$/,
  qq: /^\d{5,99}$/,
  userName: /^\w{4,20}$/,
  password: /^[\w!@#$%^&*]{6,16}$/,
  mobile: /^1[3-8]\d{9}$/,
  /** the variant that also allows a second digit of 9 */
  mobileWide: /^1[3-9]\d{9}$/,
  realName: /^(?:[\u4e00-\u9fa5.·]{2,16}|[A-Za-z ]{2,20})$/,
  bankNumber: /^\d{9,29}$/,
  money: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/,
  rMoney: /^(?:0|[1-9]\d*)(?:\.\d{1,8})?$/,
  wMoney: /^[1-9]\d*$/,
  digitalAddress: /^\S{5,50}$/,
  platformName: /^\S+$/,
  answer: /^\S+$/,
  mail: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  /** helper checks */
  bankCard: /^\d{10,28}$/,
  code6: /^\d{6}$/,
} as const;
export type PatternName = keyof typeof patterns;

/** Field labels in Chinese, used as {tag} in the messages. */
export const fieldLabels: Record<string, string> = {
  userName: '用户名',
  password: '密码',
  oldPassword: '原密码',
  confirmPassword: '确认密码',
  imageCode: '验证码',
  smsCode: '短信验证码',
  mailCode: '邮箱验证码',
  safetyPassword: '资金密码',
  qq: 'QQ',
  mobile: '手机号码',
  phone: '手机号码',
  realName: '真实姓名',
  bankNumber: '银行卡号',
  bankCode: '开户银行',
  bankName: '开户银行',
  branch: '开户支行',
  account: '账号',
  qrImage: '收款码',
  currency: '币种',
  protocol: '协议',
  address: '钱包地址',
  alias: '备注',
  verifyToken: '验证凭证',
  accountName: '账户名',
  accountNo: '收款账号',
  addressId: '提现地址',
  cardId: '收款账户',
  channel: '充值渠道',
  configId: '收款账户',
  earlyExit: '提前赎回规则',
  fixedAmounts: '固定金额',
  gatewayUrl: '支付网关地址',
  instructions: '充值说明',
  max: '最高金额',
  maxAmount: '最高金额',
  min: '最低金额',
  minAmount: '最低金额',
  name: '名称',
  notice: '公告',
  paySort: '渠道排序',
  payerName: '付款人姓名',
  payerNameRequired: '是否需要付款人姓名',
  penaltyPercent: '违约金比例',
  productId: '质押产品',
  rate: '汇率',
  termDays: '期限（天）',
  userLimit: '每人限额',
  autoRenew: '自动续期',
  annualRate: '年化利率',
  orderNo: '订单号',
  mail: '邮箱',
  email: '邮箱',
  answer: '答案',
  nickName: '昵称',
  amount: '金额',
  remark: '备注',
  requestId: '请求编号',
  typeCode: '账变类型',
  userId: '用户ID',
  status: '状态',
  message: '消息',
  keyword: '关键字',
  page: '页码',
  lotteryCode: '彩种',
  lotteryType: '彩种类型',
  issue: '期号',
  count: '期数',
  date: '日期',
  startDate: '开始日期',
  endDate: '结束日期',
  result: '开奖号码',
  type: '类型',
  playCode: '玩法',
  tierId: '奖级',
  odds: '赔率',
  prizeGroupCap: '奖金组上限',
  closeLeadSec: '封盘秒数',
  bettingData: '投注内容',
  chaseBettingData: '追号内容',
  orderId: '订单号',
  chaseId: '追号单号',
  issues: '期号列表',
  source: '投注来源',
  pageSize: '每页条数',
  parentId: '上级ID',
  levels: '等级设置',
  rebate: '返点',
  pageNum: '页码',
  maintenance: '维护开关',
  maintenanceMessage: '维护提示',
  closed: '关站开关',
  closedMessage: '关站提示',
  ipMode: 'IP模式',
  ipList: 'IP列表',
  path: '页面路径',
  title: '标题',
  ref: '来源',
  value: '数据',
  elapsedSec: '停留时长',
  image: '图片',
  link: '链接',
  sort: '排序',
  enabled: '启用',
  content: '内容',
  kind: '类别',
  id: '编号',
  random: '随机数',
  imageKey: '验证码标识',
  inviteCode: '邀请码',
  verifyType: '验证方式',
  gender: '性别',
  birthday: '生日',
  wechat: '微信',
  avatar: '头像',
  code: '验证码',
  purpose: '用途',
  resetToken: '重置凭证',
  // chat (spec 001)
  ...chatFieldLabels,
  // letters (docs/content.md)
  messageType: '消息类型',
  all: '全部已读',
  audience: '收件范围',
  grade: '会员等级',
  ...reportFieldLabels,
};

export const messages = {
  empty: (tag: string) => `${tag}不能为空`,
  format: (tag: string) => `${tag}格式不正确`,
  range: (tag: string, a: number, b: number) => `${tag}必须在${a}到${b}之间`,
  notSame: (tag: string) => `两次输入的${tag}不一致`,
  length: (tag: string, a: number, b: number) => `${tag}长度必须在${a}到${b}之间`,
  cannotBeSame: (tag: string) => `${tag}不能相同`,
};

export interface FieldRule {
  label?: string;
  nullable?: boolean;
  pattern?: PatternName;
  /** inclusive numeric range */
  range?: [number, number];
  /** inclusive length range */
  length?: [number, number];
  /** the field whose value this one must equal (confirmation) */
  sameAs?: string;
  /** the field whose value this one must differ from */
  differentFrom?: string;
}

export function labelOf(field: string, rule?: FieldRule): string {
  return rule?.label ?? fieldLabels[field] ?? field;
}

/** Checks one value; returns the Chinese message of the first broken rule, or null. */
export function checkField(
  field: string,
  value: unknown,
  rule: FieldRule,
  all: Record<string, unknown> = {},
): string | null {
  const tag = labelOf(field, rule);
  const text = value === undefined || value === null ? '' : String(value);
  if (text.trim() === '') return rule.nullable ? null : messages.empty(tag);
  if (rule.length && (text.length < rule.length[0] || text.length > rule.length[1])) {
    return messages.length(tag, rule.length[0], rule.length[1]);
  }
  if (rule.pattern && !patterns[rule.pattern].test(text)) return messages.format(tag);
  if (rule.range) {
    const n = Number(text);
    if (!Number.isFinite(n) || n < rule.range[0] || n > rule.range[1]) {
      return messages.range(tag, rule.range[0], rule.range[1]);
    }
  }
  if (rule.sameAs !== undefined && text !== String(all[rule.sameAs] ?? ''))
    return messages.notSame(tag);
  if (rule.differentFrom !== undefined && text === String(all[rule.differentFrom] ?? '')) {
    return messages.cannotBeSame(tag);
  }
  return null;
}

/** Checks a whole form; returns the first message, or null when every field passes. */
export function validateForm(
  values: Record<string, unknown>,
  rules: Record<string, FieldRule>,
): string | null {
  for (const [field, rule] of Object.entries(rules)) {
    const msg = checkField(field, values[field], rule, values);
    if (msg) return msg;
  }
  return null;
}

/** Streak-bet messages (spec 000 section 5). */
export const streakBetMessages = {
  noSelection: '请选择一注号码投注',
  noAmount: '投注金额不能为空',
  noRebate: '返点获取失败，请刷新再试',
};
export const STREAK_BET_MAX_AMOUNT = 1_000_000;
export const STREAK_BET_MAX_CHARS = 7;

/** Streak-bet amount: positive integer, at most 7 characters, capped at 1,000,000. */
export function checkStreakAmount(text: string): string | null {
  if (text.trim() === '') return streakBetMessages.noAmount;
  if (text.length > STREAK_BET_MAX_CHARS || !patterns.wMoney.test(text))
    return messages.format('投注金额');
  if (Number(text) > STREAK_BET_MAX_AMOUNT)
    return messages.range('投注金额', 1, STREAK_BET_MAX_AMOUNT);
  return null;
}
