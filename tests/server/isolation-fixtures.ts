/**
 * Fixtures of the wallet isolation test: players on their own IPs (the verify calls are limited per
 * IP), a player A who owns one of every money thing (made through the real API), and snapshots of
 * A's rows and of every ledger balance to prove a refused call changed nothing.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import type { Sql } from '../../src/server/db/client.ts';
import type { Json, TestClient, TestContext } from './helpers.ts';
import { dwdEntry, fund, requestId, saleIssue, saleIssues } from './betting-fixtures.ts';
import { setSettings } from './withdraw-fixtures.ts';

export type Player = TestClient & { userId: number; userName: string; safety: string };

let seq = 0;
/** A logged-in player on its own IP with the safety password 123456 and `fen` in the main wallet. */
export async function player(ctx: TestContext, fen: number): Promise<Player> {
  const n = seq++;
  const userName = `iso${Date.now().toString(36)}${n}`;
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234'))!;
  const c = ctx.client(`10.77.0.${n + 1}`);
  expect((await c.login(userName, 'pass1234')).code).toBe(1);
  const safety = safetyPasswordHash(userName, '123456');
  const set = await c.post('/v1/users/setSafetyPassword', {
    safetyPassword: safety,
    verifyType: 'password',
    password: loginPasswordHash(userName, 'pass1234'),
  });
  expect(set.code, set.msg).toBe(1);
  if (fen > 0) await fund(ctx.sql, userId, fen);
  return Object.assign(c, { userId, userName, safety });
}

/** Answers `data` of a call that must succeed. */
export async function must<T = Json>(
  p: Promise<{ code: number; msg: string; data: T }>,
): Promise<T> {
  const r = await p;
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

export const TRC_A = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const TRC_B = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';

/** 定位胆 '1' on 1008 for these issues, 2 yuan each (the shape of betting-chase.test.ts). */
export function chaseData(issues: string[]) {
  return {
    isStopAfterWinning: 1,
    startIssue: issues[0],
    lotteryCode: '1008',
    bettingPoint: 0,
    playDetailCode: '1008DWD',
    bettingUnit: 1,
    bettingAllAmount: `${2 * issues.length}.00`,
    chaseCount: issues.length,
    eachInfo: [{ bettingNumber: '1,-,-,-,-', bettingCount: 1 }],
    eachOrder: issues.map((bettingIssue) => ({
      bettingIssue,
      graduationCount: 1,
      bettingAmount: '2.00',
    })),
  };
}

export interface Owned {
  pendingRecharge: number;
  approvedRecharge: number;
  bankCard: number;
  alipay: number;
  weixin: number;
  address: number;
  withdrawal: number;
  pledge: number;
  bet: number;
  chase: number;
  chaseBet: number;
  chaseIssue: string;
  permit: string;
  upload: string;
  requestIds: { recharge: string; withdraw: string; vwIn: string; pledge: string; bet: string };
}

/** Site set-up: payment configs, withdraw settings without turnover, one pledge product (early exit: principal). */
export async function siteSetup(
  ctx: TestContext,
  op: TestClient,
): Promise<{ configId: number; productId: number }> {
  await seedPaymentChannels(ctx.sql);
  const [cfg] = await ctx.sql<
    { id: number }[]
  >`select id from payment_configs where channel = 'banktransfer' order by id limit 1`;
  await setSettings(ctx.sql, { turnoverPercent: 0 });
  const product = await must(
    op.post('/v1/admin/pledge/products/save', {
      name: '隔离测试宝',
      termDays: 7,
      annualRate: '5',
      minAmount: '100',
      earlyExit: 'principal',
    }),
  );
  return { configId: cfg!.id, productId: product.productId };
}

/** Gives player `a` one of everything, through the player and operator calls. */
export async function ownEverything(
  ctx: TestContext,
  a: Player,
  op: TestClient,
  site: { configId: number; productId: number },
): Promise<Owned> {
  const rid = {
    recharge: requestId(),
    withdraw: requestId(),
    vwIn: requestId(),
    pledge: requestId(),
    bet: requestId(),
  };
  const recharge = (amount: string, requestId: string) =>
    must(
      a.post('/v1/transaction/rechargeFrontPaymentRecord', {
        channel: 'banktransfer',
        configId: site.configId,
        amount,
        requestId,
      }),
    );
  const pending = (await recharge('100.00', rid.recharge)).order.id as number;
  const approved = (await recharge('200.00', requestId())).order.id as number;
  await must(op.post('/v1/admin/recharge/approve', { id: approved }));

  const bankCard = (
    await must(
      a.post('/v1/users/addBankCard', {
        bankCode: 'ICBC',
        bankNumber: '6222021000000000017',
        realName: '张三丰',
        branch: '北京朝阳支行',
        safetyPassword: a.safety,
      }),
    )
  ).id as number;
  const alipay = (
    await must(a.post('/v1/users/addAlipay', { account: '13812345678', safetyPassword: a.safety }))
  ).id as number;
  const weixin = (
    await must(a.post('/v1/users/addWeixin', { account: 'wx_isoowner1', safetyPassword: a.safety }))
  ).id as number;
  const address = (
    await must(
      a.post('/v1/users/addDigitalCurrency', {
        currency: 'USDT',
        protocol: 'TRC20',
        address: TRC_A,
        alias: '主钱包',
        safetyPassword: a.safety,
      }),
    )
  ).id as number;
  const permit = (
    await must(a.post('/v1/users/safetyCheckBankCard', { id: bankCard, safetyPassword: a.safety }))
  ).verifyToken as string;

  const withdrawal = (
    await must(
      a.post('/v1/transaction/saveFrontWithdrawRecord', {
        amount: '100',
        cardId: bankCard,
        safetyPassword: a.safety,
        requestId: rid.withdraw,
      }),
    )
  ).order.id as number;

  await must(a.post('/v1/virtualWallet/transferIn', { amount: '1000.00', requestId: rid.vwIn }));
  const pledge = (
    await must(
      a.post('/v1/virtualWallet/pledgeCreate', {
        productId: site.productId,
        amount: '500.00',
        autoRenew: 0,
        requestId: rid.pledge,
      }),
    )
  ).order.orderId as number;

  const issue = await saleIssue(ctx.sql, '1008');
  const bet = (
    await must(
      a.post('/v1/betting/addBetting', {
        bettingData: JSON.stringify([dwdEntry(issue)]),
        requestId: rid.bet,
      }),
    )
  ).orders[0].id as number;
  const issues = await saleIssues(ctx.sql, '1008', 3);
  const chased = await must(
    a.post('/v1/betting/addChaseBetting', {
      chaseBettingData: JSON.stringify(chaseData(issues)),
      requestId: requestId(),
    }),
  );

  const upload = `/uploads/${crypto.randomUUID().replace(/-/g, '')}.png`;
  await ctx.sql`insert into uploads (user_id, file_name, mime, size_bytes) values (${a.userId}, ${upload.slice(9)}, 'image/png', 10)`;

  return {
    pendingRecharge: pending,
    approvedRecharge: approved,
    bankCard,
    alipay,
    weixin,
    address,
    withdrawal,
    pledge,
    bet,
    chase: chased.chaseId,
    chaseBet: chased.orders[0].id,
    chaseIssue: issues[2]!,
    permit,
    upload,
    requestIds: rid,
  };
}

/** Every row of the player that a money call could touch, plus the whole ledger. */
export async function snapshotOf(sql: Sql, userId: number) {
  return {
    user: await sql`select real_name, safety_kdf from users where id = ${userId}`,
    recharge: await sql`select * from recharge_orders where user_id = ${userId} order by id`,
    cards: await sql`select * from bank_cards where user_id = ${userId} order by id`,
    addresses: await sql`select * from digital_addresses where user_id = ${userId} order by id`,
    permits:
      await sql`select * from bank_card_edit_permits where user_id = ${userId} order by card_id, token_hash`,
    failures:
      await sql`select * from safety_password_failures where user_id = ${userId} order by id`,
    withdrawals: await sql`select * from withdraw_orders where user_id = ${userId} order by id`,
    pledges: await sql`select * from pledge_orders where user_id = ${userId} order by id`,
    bets: await sql`select * from bets where user_id = ${userId} order by id`,
    chases: await sql`select * from chases where user_id = ${userId} order by id`,
    transfers: await sql`select * from transfers where user_id = ${userId} order by id`,
    accounts:
      await sql`select id, kind, user_id, balance from ledger_accounts where user_id = ${userId} order by id`,
  };
}

/** Every ledger balance and the journal's length. */
export async function ledgerSnapshot(sql: Sql) {
  return {
    balances: await sql`select id, kind, user_id, balance from ledger_accounts order by id`,
    transfers: (await sql<{ n: number }[]>`select count(*)::int as n from transfers`)[0]!.n,
  };
}
