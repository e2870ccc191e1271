/**
 * The operator's decision on a player's money order sends that player a 站内信 in the same
 * transaction: recharge approved or rejected, withdrawal paid or rejected. Exactly one letter per
 * decision, even when two operators decide at once; a refused decision sends none.
 */
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { setupTestApp, type TestClient } from './helpers.ts';
import {
  expectLedgerSound,
  newPlayer,
  SAVE,
  withdrawForm,
  type Player,
} from './withdraw-fixtures.ts';

const ctx = await setupTestApp();
let op: TestClient;
const configOf: Record<string, number> = {};

beforeAll(async () => {
  await seedPaymentChannels(ctx.sql);
  for (const r of await ctx.sql<
    { id: number; channel: string }[]
  >`select id, channel from payment_configs`)
    configOf[r.channel] = r.id;
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await expectLedgerSound(ctx.sql);
});

const inbox = async (p: Player) =>
  (await p.get('/v1/users/messageList', { pageNum: 1, pageSize: 50 })).data.list as {
    title: string;
    content?: string;
    id: number;
  }[];
const letterText = async (p: Player, id: number) =>
  (await p.get('/v1/users/messageContent', { id })).data as { title: string; content: string };

async function rechargeOrder(p: Player, amount: string) {
  const channel = Object.keys(configOf)[0]!;
  const res = await p.post('/v1/transaction/rechargeFrontPaymentRecord', {
    channel,
    configId: configOf[channel],
    amount,
    requestId: crypto.randomUUID(),
  });
  expect(res.code, res.msg).toBe(1);
  return res.data.order as { id: number; orderNo: string };
}

describe('letters on money decisions', () => {
  it('an approved recharge sends one letter naming the order and the amount, even approved twice at once', async () => {
    const p = await newPlayer(ctx, 0);
    const o = await rechargeOrder(p, '123.45');
    const [a, b] = await Promise.all([
      op.post('/v1/admin/recharge/approve', { id: o.id }),
      op.post('/v1/admin/recharge/approve', { id: o.id }),
    ]);
    expect([a.code, b.code].sort()).toEqual([-1, 1]);
    const letters = await inbox(p);
    expect(letters.map((l) => l.title)).toEqual(['充值已到账']);
    const text = await letterText(p, letters[0]!.id);
    expect(text.content).toBe(`您的充值订单 ${o.orderNo} 已审核通过，123.45 元已存入您的账户。`);
  });

  it('a rejected recharge sends the reason; a refused second decision sends nothing', async () => {
    const p = await newPlayer(ctx, 0);
    const o = await rechargeOrder(p, '150');
    expect(
      (await op.post('/v1/admin/recharge/reject', { id: o.id, remark: '未收到款项' })).code,
    ).toBe(1);
    expect((await op.post('/v1/admin/recharge/approve', { id: o.id })).code).toBe(-1);
    const letters = await inbox(p);
    expect(letters.map((l) => l.title)).toEqual(['充值未通过审核']);
    expect((await letterText(p, letters[0]!.id)).content).toBe(
      `您的充值订单 ${o.orderNo}（150.00 元）未通过审核，原因：未收到款项。如有疑问请联系客服。`,
    );
  });

  it('a paid and a rejected withdrawal each send their letter', async () => {
    const p = await newPlayer(ctx, 100_000);
    const paid = (await p.post(SAVE, withdrawForm(p, { amount: '200' }))).data.order as {
      id: number;
      orderNo: string;
    };
    const back = (await p.post(SAVE, withdrawForm(p, { amount: '300' }))).data.order as {
      id: number;
      orderNo: string;
      fee: string;
    };
    expect((await op.post('/v1/admin/withdraw/approve', { id: paid.id })).code).toBe(1);
    expect(
      (await op.post('/v1/admin/withdraw/reject', { id: back.id, remark: '账户信息不符' })).code,
    ).toBe(1);
    const letters = await inbox(p);
    expect(letters.map((l) => l.title).sort()).toEqual(['提现已出款', '提现已驳回']);
    const byTitle = Object.fromEntries(
      await Promise.all(letters.map(async (l) => [l.title, (await letterText(p, l.id)).content])),
    );
    expect(byTitle.提现已出款).toBe(
      `您的提现订单 ${paid.orderNo} 已出款 200.00 元，请留意收款账户。`,
    );
    expect(byTitle.提现已驳回).toBe(
      `您的提现订单 ${back.orderNo} 已驳回，原因：账户信息不符，300.00 元已退回您的账户。`,
    );
  });
});
