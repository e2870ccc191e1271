/**
 * The calls of wallet-isolation-ids.test.ts: every player endpoint taking an id of a money thing,
 * called by B with A's id (each with its documented refusal), and every id endpoint with ids that
 * are nobody's or not ids at all.
 */
import type { CallResult } from './helpers.ts';
import { requestId } from './betting-fixtures.ts';
import { TRC_B } from './isolation-fixtures.ts';
import { b, own, bCard, U, T, V, B_ } from './wallet-isolation-fixtures.ts';

export interface Refusal {
  name: string;
  call: () => Promise<CallResult>;
  /** the documented refusal */
  msg: string;
  /** code when it is not -1 */
  code?: number;
  /** HTTP status when it is not 200 */
  status?: number;
}

/** Every player endpoint taking an id of a money thing, called by B with A's id. */
export const refusals: Refusal[] = [
  {
    name: 'rechargeRecordDetail (pending order)',
    msg: '记录不存在',
    call: () => b.get(`${T}/rechargeRecordDetail`, { id: own.pendingRecharge }),
  },
  {
    name: 'rechargeRecordDetail (approved order)',
    msg: '记录不存在',
    call: () => b.get(`${T}/rechargeRecordDetail`, { id: own.approvedRecharge }),
  },
  {
    name: 'findUsersBankCardDetailsById',
    msg: '银行卡不存在',
    call: () => b.get(`${U}/findUsersBankCardDetailsById`, { id: own.bankCard }),
  },
  {
    name: 'findUsersBankCardDetailsById (Alipay id)',
    msg: '银行卡不存在',
    call: () => b.get(`${U}/findUsersBankCardDetailsById`, { id: own.alipay }),
  },
  {
    name: 'safetyCheckBankCard (permit for A card)',
    msg: '银行卡不存在',
    call: () => b.post(`${U}/safetyCheckBankCard`, { id: own.bankCard, safetyPassword: b.safety }),
  },
  {
    name: 'updateBankCardFront (A card, A permit)',
    msg: '银行卡不存在',
    call: () =>
      b.post(`${U}/updateBankCardFront`, {
        id: own.bankCard,
        verifyToken: own.permit,
        branch: '深圳南山支行',
      }),
  },
  {
    name: 'updateBankCardFront (B card, A permit)',
    msg: '验证已失效，请重新验证资金密码',
    call: () =>
      b.post(`${U}/updateBankCardFront`, {
        id: bCard,
        verifyToken: own.permit,
        branch: '深圳南山支行',
      }),
  },
  {
    name: 'destructionCheckBankCard (bank card)',
    msg: '银行卡不存在',
    call: () =>
      b.post(`${U}/destructionCheckBankCard`, { id: own.bankCard, safetyPassword: b.safety }),
  },
  {
    name: 'destructionCheckBankCard (Alipay)',
    msg: '银行卡不存在',
    call: () =>
      b.post(`${U}/destructionCheckBankCard`, { id: own.alipay, safetyPassword: b.safety }),
  },
  {
    name: 'destructionCheckBankCard (WeChat)',
    msg: '银行卡不存在',
    call: () =>
      b.post(`${U}/destructionCheckBankCard`, { id: own.weixin, safetyPassword: b.safety }),
  },
  {
    name: 'updateAlipay',
    msg: '账户不存在',
    call: () =>
      b.post(`${U}/updateAlipay`, {
        id: own.alipay,
        account: '13900001111',
        safetyPassword: b.safety,
      }),
  },
  {
    name: 'updateWeixin',
    msg: '账户不存在',
    call: () =>
      b.post(`${U}/updateWeixin`, {
        id: own.weixin,
        account: 'wx_intruder9',
        safetyPassword: b.safety,
      }),
  },
  {
    name: 'addAlipay with A uploaded receiving code',
    msg: '收款码图片不存在，请重新上传',
    call: () =>
      b.post(`${U}/addAlipay`, {
        account: '13900002222',
        qrImage: own.upload,
        safetyPassword: b.safety,
      }),
  },
  {
    name: 'updateDigitalCurrency',
    msg: '地址不存在',
    call: () =>
      b.post(`${U}/updateDigitalCurrency`, {
        id: own.address,
        currency: 'USDT',
        protocol: 'TRC20',
        address: TRC_B,
        safetyPassword: b.safety,
      }),
  },
  {
    name: 'deleteDigitalCurrency',
    msg: '地址不存在',
    call: () => b.post(`${U}/deleteDigitalCurrency`, { id: own.address, safetyPassword: b.safety }),
  },
  {
    name: 'saveFrontWithdrawRecord to A bank card',
    msg: '收款账户不存在',
    call: () =>
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: own.bankCard,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
  },
  {
    name: 'saveFrontWithdrawRecord to A Alipay',
    msg: '收款账户不存在',
    call: () =>
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: own.alipay,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
  },
  {
    name: 'saveFrontWithdrawRecord to A address',
    msg: '提现地址不存在',
    call: () =>
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        addressId: own.address,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
  },
  {
    name: 'withdrawRecordDetail',
    msg: '记录不存在',
    call: () => b.get(`${T}/withdrawRecordDetail`, { id: own.withdrawal }),
  },
  {
    name: 'pledgeOrderDetail',
    msg: '记录不存在',
    code: -110005,
    call: () => b.get(`${V}/pledgeOrderDetail`, { orderId: own.pledge }),
  },
  {
    name: 'pledgeCancel',
    msg: '记录不存在',
    code: -110005,
    call: () => b.post(`${V}/pledgeCancel`, { orderId: own.pledge }),
  },
  {
    name: 'pledgeAutoRenew',
    msg: '记录不存在',
    code: -110005,
    call: () => b.post(`${V}/pledgeAutoRenew`, { orderId: own.pledge, autoRenew: 1 }),
  },
  {
    name: 'getBetDetail (bet)',
    msg: '订单不存在',
    call: () => b.get(`${B_}/getBetDetail`, { id: own.bet }),
  },
  {
    name: 'getBetDetail (chase bet)',
    msg: '订单不存在',
    call: () => b.get(`${B_}/getBetDetail`, { id: own.chaseBet }),
  },
  {
    name: 'cancelBetting (bet)',
    msg: '订单不存在',
    call: () => b.post(`${B_}/cancelBetting`, { orderId: own.bet }),
  },
  {
    name: 'cancelBetting (chase bet)',
    msg: '订单不存在',
    call: () => b.post(`${B_}/cancelBetting`, { orderId: own.chaseBet }),
  },
  {
    name: 'getChaseDetail',
    msg: '追号记录不存在',
    call: () => b.get(`${B_}/getChaseDetail`, { id: own.chase }),
  },
  {
    name: 'cancelAutoChaseBetting (all)',
    msg: '追号记录不存在',
    call: () => b.post(`${B_}/cancelAutoChaseBetting`, { chaseId: own.chase }),
  },
  {
    name: 'cancelAutoChaseBetting (one issue)',
    msg: '追号记录不存在',
    call: () =>
      b.post(`${B_}/cancelAutoChaseBetting`, { chaseId: own.chase, issues: own.chaseIssue }),
  },
  // the operator's money calls, tried by a player
  {
    name: 'admin recharge/approve',
    msg: '没有权限',
    status: 403,
    call: () => b.post('/v1/admin/recharge/approve', { id: own.pendingRecharge }),
  },
  {
    name: 'admin recharge/reject',
    msg: '没有权限',
    status: 403,
    call: () => b.post('/v1/admin/recharge/reject', { id: own.pendingRecharge, remark: '测试' }),
  },
  {
    name: 'admin withdraw/approve',
    msg: '没有权限',
    status: 403,
    call: () => b.post('/v1/admin/withdraw/approve', { id: own.withdrawal }),
  },
  {
    name: 'admin withdraw/reject',
    msg: '没有权限',
    status: 403,
    call: () => b.post('/v1/admin/withdraw/reject', { id: own.withdrawal, remark: '测试' }),
  },
];

/** The answers of the refusal run, for the message check. */
export const answers = new Map<string, CallResult>();

/** Chinese text: at least one CJK character, no English words, no code, no stack. */
export function isChineseText(msg: unknown): boolean {
  if (typeof msg !== 'string' || msg.length === 0 || msg.length > 60) return false;
  if (!/[\u4e00-\u9fff]/.test(msg)) return false;
  return !/[A-Za-z]{3,}|[{}<>[\]\\/]|\bat\s|\n/.test(msg);
}

/** Every id endpoint with ids that are nobody's or not ids at all: refused (400 or 200), never a 500. */
export const idEndpoints: { name: string; call: (id: string) => Promise<CallResult> }[] = [
  { name: 'rechargeRecordDetail', call: (id) => b.get(`${T}/rechargeRecordDetail`, { id }) },
  {
    name: 'findUsersBankCardDetailsById',
    call: (id) => b.get(`${U}/findUsersBankCardDetailsById`, { id }),
  },
  {
    name: 'safetyCheckBankCard',
    call: (id) => b.post(`${U}/safetyCheckBankCard`, { id, safetyPassword: b.safety }),
  },
  {
    name: 'destructionCheckBankCard',
    call: (id) => b.post(`${U}/destructionCheckBankCard`, { id, safetyPassword: b.safety }),
  },
  {
    name: 'updateAlipay',
    call: (id) =>
      b.post(`${U}/updateAlipay`, { id, account: '13900001111', safetyPassword: b.safety }),
  },
  {
    name: 'deleteDigitalCurrency',
    call: (id) => b.post(`${U}/deleteDigitalCurrency`, { id, safetyPassword: b.safety }),
  },
  {
    name: 'saveFrontWithdrawRecord cardId',
    call: (id) =>
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: id,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
  },
  {
    name: 'saveFrontWithdrawRecord addressId',
    call: (id) =>
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        addressId: id,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
  },
  {
    name: 'rechargeFrontPaymentRecord configId',
    call: (id) =>
      b.post(`${T}/rechargeFrontPaymentRecord`, {
        channel: 'banktransfer',
        configId: id,
        amount: '100.00',
        requestId: requestId(),
      }),
  },
  { name: 'withdrawRecordDetail', call: (id) => b.get(`${T}/withdrawRecordDetail`, { id }) },
  { name: 'pledgeOrderDetail', call: (id) => b.get(`${V}/pledgeOrderDetail`, { orderId: id }) },
  { name: 'pledgeCancel', call: (id) => b.post(`${V}/pledgeCancel`, { orderId: id }) },
  {
    name: 'pledgeAutoRenew',
    call: (id) => b.post(`${V}/pledgeAutoRenew`, { orderId: id, autoRenew: 1 }),
  },
  {
    name: 'pledgeCreate productId',
    call: (id) =>
      b.post(`${V}/pledgeCreate`, {
        productId: id,
        amount: '100.00',
        autoRenew: 0,
        requestId: requestId(),
      }),
  },
  { name: 'getBetDetail', call: (id) => b.get(`${B_}/getBetDetail`, { id }) },
  { name: 'cancelBetting', call: (id) => b.post(`${B_}/cancelBetting`, { orderId: id }) },
  { name: 'getChaseDetail', call: (id) => b.get(`${B_}/getChaseDetail`, { id }) },
  {
    name: 'cancelAutoChaseBetting',
    call: (id) => b.post(`${B_}/cancelAutoChaseBetting`, { chaseId: id }),
  },
];
export const junkIds = [
  '0',
  '-1',
  '999999999',
  '9007199254740991',
  '9223372036854775808',
  '1.5',
  '1e3',
  'abc',
  '1 or 1=1',
  '',
];
