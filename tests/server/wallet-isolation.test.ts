/**
 * Issue 4 proof: another player's order, card or record ids give a clear refusal on every money
 * endpoint, and nothing changes. Player A owns one of everything (recharge orders pending and
 * approved, a bank card, Alipay, WeChat, a digital address, a held withdrawal, a virtual-wallet
 * transfer, a pledge, a bet and a chase); player B (funded, with a card of its own) calls every
 * player endpoint that takes an id with A's ids. Each refusal: code ≠ 1, HTTP 200 (403 for the
 * operator calls), the documented Chinese msg, A's rows, B's rows and every ledger balance unchanged.
 * Then: B's lists never show A's rows, B replaying A's requestIds gets its own rows, the ledger sums
 * to zero and every balance is rebuilt from the journal.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp, type CallResult, type TestClient } from './helpers.ts';
import { dwdEntry, requestId, saleIssue } from './betting-fixtures.ts';
import {
  TRC_B,
  ledgerSnapshot,
  must,
  ownEverything,
  player,
  siteSetup,
  snapshotOf,
  type Owned,
  type Player,
} from './isolation-fixtures.ts';

const ctx = await setupTestApp();
let a: Player;
let b: Player;
let op: TestClient;
let site: { configId: number; productId: number };
let own: Owned;
let bCard: number;

beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  site = await siteSetup(ctx, op);
  a = await player(ctx, 1_000_000);
  b = await player(ctx, 1_000_000);
  own = await ownEverything(ctx, a, op, site);
  bCard = (
    await must(
      b.post('/v1/users/addBankCard', {
        bankCode: 'ICBC',
        bankNumber: '6222021000000000025',
        realName: '李小龙',
        branch: '上海浦东支行',
        safetyPassword: b.safety,
      }),
    )
  ).id;
}, 60_000);

afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const U = '/v1/users';
const T = '/v1/transaction';
const V = '/v1/virtualWallet';
const B_ = '/v1/betting';

interface Refusal {
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
const refusals: Refusal[] = [
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
const answers = new Map<string, CallResult>();

describe("B calls every id endpoint with A's ids", () => {
  it.each(refusals.map((r) => [r.name, r] as const))(
    '%s: refused, nothing changes',
    async (_name, r) => {
      const before = {
        a: await snapshotOf(ctx.sql, a.userId),
        b: await snapshotOf(ctx.sql, b.userId),
        ledger: await ledgerSnapshot(ctx.sql),
      };
      const res = await r.call();
      answers.set(r.name, res);
      expect(res.status).not.toBe(500);
      expect({ status: res.status, code: res.code, msg: res.msg }).toEqual({
        status: r.status ?? 200,
        code: r.code ?? -1,
        msg: r.msg,
      });
      const after = {
        a: await snapshotOf(ctx.sql, a.userId),
        b: await snapshotOf(ctx.sql, b.userId),
        ledger: await ledgerSnapshot(ctx.sql),
      };
      expect(after).toEqual(before);
    },
  );

  it('A can still use every one of its ids afterwards (the ids were real)', async () => {
    expect(
      (await a.get(`${T}/rechargeRecordDetail`, { id: own.pendingRecharge })).data.status,
    ).toBe('pending');
    expect((await a.get(`${U}/findUsersBankCardDetailsById`, { id: own.bankCard })).code).toBe(1);
    expect((await a.get(`${T}/withdrawRecordDetail`, { id: own.withdrawal })).data.status).toBe(
      'pending',
    );
    expect((await a.get(`${V}/pledgeOrderDetail`, { orderId: own.pledge })).data.order.status).toBe(
      'holding',
    );
    expect((await a.get(`${B_}/getBetDetail`, { id: own.bet })).data.status).toBe('PENDING');
    expect((await a.get(`${B_}/getChaseDetail`, { id: own.chase })).data.orders).toHaveLength(3);
  });
});

/** Chinese text: at least one CJK character, no English words, no code, no stack. */
function isChineseText(msg: unknown): boolean {
  if (typeof msg !== 'string' || msg.length === 0 || msg.length > 60) return false;
  if (!/[\u4e00-\u9fff]/.test(msg)) return false;
  return !/[A-Za-z]{3,}|[{}<>[\]\\/]|\bat\s|\n/.test(msg);
}

describe('every refusal msg is Chinese text', () => {
  it('the check itself tells Chinese from English errors and stacks', () => {
    expect(
      ['记录不存在', '资金密码错误，还可尝试4次', '验证已失效，请重新验证资金密码'].map(
        isChineseText,
      ),
    ).toEqual([true, true, true]);
    expect(
      [
        'Not Found',
        'Internal Server Error',
        'TypeError: x is undefined\n    at f (a.ts:1:1)',
        '',
        '记录 undefined',
      ].map(isChineseText),
    ).toEqual([false, false, false, false, false]);
  });

  it.each(refusals.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const res = answers.get(r.name) ?? (await r.call());
    expect(res.code).not.toBe(1);
    expect(isChineseText(res.msg), `msg: ${JSON.stringify(res.msg)}`).toBe(true);
  });
});

/** Every id endpoint with ids that are nobody's or not ids at all: refused (400 or 200), never a 500. */
const idEndpoints: { name: string; call: (id: string) => Promise<CallResult> }[] = [
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
const junkIds = [
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

describe('ids of nobody or not ids at all', () => {
  it.each(idEndpoints.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const before = await ledgerSnapshot(ctx.sql);
    const bad: string[] = [];
    for (const id of junkIds) {
      const res = await e.call(id);
      if (
        res.status === 500 ||
        res.code === 1 ||
        !isChineseText(res.msg) ||
        ![200, 400].includes(res.status)
      ) {
        bad.push(
          `${JSON.stringify(id)} → HTTP ${res.status} code ${res.code} ${JSON.stringify(res.msg)}`,
        );
      }
    }
    expect(bad).toEqual([]);
    expect(await ledgerSnapshot(ctx.sql)).toEqual(before);
  });
});

/** All rows of a paged list call (pageSize 100). */
async function listAll(c: TestClient, path: string, query: Record<string, string | number> = {}) {
  const res = await c.get(path, { page: 1, pageSize: 100, ...query });
  expect(res.code, `${path}: ${res.msg}`).toBe(1);
  return res.data as { list: Record<string, unknown>[]; total: number };
}
const ids = (rows: Record<string, unknown>[], key = 'id') =>
  rows.map((r) => Number(r[key])).sort((x, y) => x - y);
const dbIds = async (table: string, userId: number) =>
  (await ctx.sql.unsafe(`select id from ${table} where user_id = $1 order by id`, [userId])).map(
    (r) => Number(r.id),
  );

describe("B's lists never contain A's rows", () => {
  it('B gets its own things so the lists are not empty', async () => {
    await must(
      b.post(`${T}/rechargeFrontPaymentRecord`, {
        channel: 'banktransfer',
        configId: site.configId,
        amount: '150.00',
        requestId: requestId(),
      }),
    );
    await must(
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: bCard,
        safetyPassword: b.safety,
        requestId: requestId(),
      }),
    );
    await must(b.post(`${V}/transferIn`, { amount: '300.00', requestId: requestId() }));
    await must(
      b.post(`${V}/pledgeCreate`, {
        productId: site.productId,
        amount: '200.00',
        autoRenew: 1,
        requestId: requestId(),
      }),
    );
    await must(
      b.post(`${B_}/addBetting`, {
        bettingData: JSON.stringify([dwdEntry(await saleIssue(ctx.sql, '1008'))]),
        requestId: requestId(),
      }),
    );
  });

  it('recharge, withdraw, cards, addresses, pledges, bets, chases: exactly B rows', async () => {
    expect(ids((await listAll(b, `${T}/rechargeRecordList`)).list)).toEqual(
      await dbIds('recharge_orders', b.userId),
    );
    expect(ids((await listAll(b, `${T}/withdrawRecordList`)).list)).toEqual(
      await dbIds('withdraw_orders', b.userId),
    );
    expect(ids((await b.get(`${U}/getBankCardListFront`)).data.list)).toEqual([bCard]);
    expect((await b.get(`${U}/queryDigitalCurrencyList`)).data.list).toEqual([]);
    expect(ids((await listAll(b, `${V}/pledgeOrders`)).list, 'orderId')).toEqual(
      await dbIds('pledge_orders', b.userId),
    );
    expect(ids((await listAll(b, `${B_}/getBetting`)).list)).toEqual(await dbIds('bets', b.userId));
    expect((await listAll(b, `${B_}/getChaseBetting`)).list).toEqual([]);
    for (const table of ['recharge_orders', 'withdraw_orders', 'pledge_orders', 'bets'])
      expect(await dbIds(table, b.userId)).not.toEqual([]);
  });

  it('journal views: bill records, virtual-wallet logs, profit logs, turnover: only B transfers', async () => {
    const bTransfers = (
      await ctx.sql`select id from transfers where user_id = ${b.userId} order by id`
    ).map((r) => Number(r.id));
    const bills = await listAll(b, `${T}/getTransactionRecordsFront`);
    expect(ids(bills.list)).toEqual(bTransfers);
    const vwIds = (
      await ctx.sql`select id from transfers where user_id = ${b.userId} and type_code between 611 and 616 order by id`
    ).map((r) => Number(r.id));
    expect(ids((await listAll(b, `${V}/logs`)).list)).toEqual(vwIds);
    expect((await listAll(b, `${V}/profitLogs`)).list).toEqual([]);
    expect((await b.get(`${T}/getWithdrawLimitFlowList`)).data.list).toEqual([]);
    const info = (await b.get(`${V}/info`)).data;
    expect({
      balance: info.balance,
      pledgedTotal: info.pledgedTotal,
      holdingCount: info.holdingCount,
    }).toEqual({ balance: '100.00', pledgedTotal: '200.00', holdingCount: 1 });
  });
});

describe("B replaying A's requestIds gets its own rows, never A's", () => {
  it('recharge, withdraw, virtual-wallet move, pledge and bet', async () => {
    const beforeA = await snapshotOf(ctx.sql, a.userId);
    const r = own.requestIds;
    const recharge = await must(
      b.post(`${T}/rechargeFrontPaymentRecord`, {
        channel: 'banktransfer',
        configId: site.configId,
        amount: '100.00',
        requestId: r.recharge,
      }),
    );
    expect(recharge.created).toBe(true);
    expect(recharge.order.id).not.toBe(own.pendingRecharge);
    const w = await must(
      b.post(`${T}/saveFrontWithdrawRecord`, {
        amount: '100',
        cardId: bCard,
        safetyPassword: b.safety,
        requestId: r.withdraw,
      }),
    );
    expect({ applied: w.applied, mine: w.order.id !== own.withdrawal }).toEqual({
      applied: true,
      mine: true,
    });
    const vw = await must(b.post(`${V}/transferIn`, { amount: '1000.00', requestId: r.vwIn }));
    expect({ applied: vw.applied, balance: vw.balance }).toEqual({
      applied: true,
      balance: '1100.00',
    });
    const p = await must(
      b.post(`${V}/pledgeCreate`, {
        productId: site.productId,
        amount: '500.00',
        autoRenew: 0,
        requestId: r.pledge,
      }),
    );
    expect({ applied: p.applied, mine: p.order.orderId !== own.pledge }).toEqual({
      applied: true,
      mine: true,
    });
    const bet = await must(
      b.post(`${B_}/addBetting`, {
        bettingData: JSON.stringify([dwdEntry(await saleIssue(ctx.sql, '1008'))]),
        requestId: r.bet,
      }),
    );
    expect(bet.orders[0].id).not.toBe(own.bet);
    const owners = await ctx.sql`
      select (select user_id from recharge_orders where id = ${recharge.order.id}) as recharge,
             (select user_id from withdraw_orders where id = ${w.order.id}) as withdraw,
             (select user_id from pledge_orders where id = ${p.order.orderId}) as pledge,
             (select user_id from bets where id = ${bet.orders[0].id}) as bet`;
    expect(Object.values(owners[0]!).map(Number)).toEqual([b.userId, b.userId, b.userId, b.userId]);
    expect(await snapshotOf(ctx.sql, a.userId)).toEqual(beforeA);
  });
});

describe('the ledger after all of it', () => {
  it('sums to zero and every stored balance equals its journal rebuild', async () => {
    expect(await ledgerSum(ctx.sql)).toBe(0);
    expect(await ledgerMismatches(ctx.sql)).toEqual([]);
    // A's balances, exactly: 10000 funded + 200 recharge - 100 held - 1000 to the wallet - 2 bet - 6 chase
    const rows = await ctx.sql<{ kind: string; balance: number }[]>`
      select kind, balance from ledger_accounts where user_id = ${a.userId} and balance <> 0 order by kind`;
    expect(Object.fromEntries(rows.map((r) => [r.kind, r.balance]))).toEqual({
      player: 1_000_000 + 20_000 - 10_000 - 100_000 - 200 - 600,
      virtual_wallet: 50_000,
      pledge_escrow: 50_000,
      withdraw_hold: 10_000,
    });
  });
});
