/** Recharge orders: creating one per channel, its refusals, idempotency and the pending limit. */
import { describe, expect, it } from 'vitest';
import { formatBeijing } from '../../src/domain/time.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import {
  ctx,
  T,
  op,
  alice,
  bob,
  configOf,
  rid,
  order,
  pendingOf,
  clearPending,
} from './payments-orders-fixtures.ts';

describe('rechargeFrontPaymentRecord', () => {
  it('creates a pending offline order', async () => {
    const before = formatBeijing(Date.now(), 'YYYYMMDDHHmmss');
    const res = await order(alice, {
      channel: 'alipay',
      configId: configOf.alipay,
      amount: '150.5',
      payerName: '李小龙',
    });
    const after = formatBeijing(Date.now(), 'YYYYMMDDHHmmss');
    expect(res.code).toBe(1);
    expect(res.data.created).toBe(true);
    expect(res.data.order).toMatchObject({
      channel: 'alipay',
      channelName: '支付宝',
      typeCode: 107,
      configId: configOf.alipay,
      configName: '支付宝转账',
      amount: '150.50',
      amountFen: 15_050,
      coinAmount: '',
      payerName: '李小龙',
      status: 'pending',
      statusName: '待审核',
      payUrl: '',
      reviewedAt: null,
    });
    expect(res.data.order.orderNo).toMatch(/^R\d{20}$/);
    // The order number carries the Beijing time it was made, the same clock the order list shows.
    const stamp = res.data.order.orderNo.slice(1, 15);
    expect(stamp >= before && stamp <= after, `${stamp} within ${before}..${after}`).toBe(true);
    await clearPending(alice.userId);
  });

  it('fills the gateway URL of an online channel', async () => {
    const res = await order(alice, { channel: 'douyin', configId: configOf.douyin, amount: '88' });
    expect(res.code).toBe(1);
    expect(res.data.order.payUrl).toBe(
      `https://pay.example.com/gateway?order=${res.data.order.orderNo}&amount=88.00`,
    );
    await clearPending(alice.userId);
  });

  it('converts a digital-currency coin amount at the channel rate, exactly', async () => {
    const res = await order(alice, {
      channel: 'digitalcurrencypay',
      configId: configOf.digitalcurrencypay,
      amount: '13.88888889',
    });
    expect(res.code).toBe(1);
    // 13.88888889 × 7.2 = 100.000000008 yuan → 10000 fen
    expect(res.data.order).toMatchObject({
      amountFen: 10_000,
      amount: '100.00',
      coinAmount: '13.88888889',
      coinRate: '7.2',
      currency: 'USDT-TRC20',
      typeCode: 110,
    });
    const small = await order(alice, {
      channel: 'digitalcurrencypay',
      configId: configOf.digitalcurrencypay,
      amount: '13.8',
    });
    expect(small).toMatchObject({ code: -1, msg: '充值金额不能低于100.00元' });
    for (const amount of ['0.00000001', '1.123456789', '-1', '1e2', 'abc']) {
      expect(
        await order(alice, {
          channel: 'digitalcurrencypay',
          configId: configOf.digitalcurrencypay,
          amount,
        }),
      ).toMatchObject({ code: -1, msg: '数字货币数量格式不正确，最多八位小数' });
    }
    await clearPending(alice.userId);
  });

  it.each([
    ['an unknown channel', { channel: 'paypal', configId: 1, amount: '100' }, '充值通道不存在'],
    [
      'a config of another channel',
      { channel: 'wechat', configKey: 'alipay', amount: '100' },
      '收款账户不存在或已停用',
    ],
    [
      'an unknown config',
      { channel: 'alipay', configId: 999999, amount: '100' },
      '收款账户不存在或已停用',
    ],
    [
      'three decimals',
      { channel: 'alipay', configKey: 'alipay', amount: '100.001' },
      '充值金额格式不正确，最多两位小数',
    ],
    [
      'a negative amount',
      { channel: 'alipay', configKey: 'alipay', amount: '-100' },
      '充值金额格式不正确，最多两位小数',
    ],
    [
      'zero',
      { channel: 'alipay', configKey: 'alipay', amount: '0' },
      '充值金额格式不正确，最多两位小数',
    ],
    [
      'an exponent',
      { channel: 'alipay', configKey: 'alipay', amount: '1e3' },
      '充值金额格式不正确，最多两位小数',
    ],
    [
      'a huge amount',
      { channel: 'alipay', configKey: 'alipay', amount: '99999999999999' },
      '充值金额格式不正确，最多两位小数',
    ],
    [
      'below the minimum',
      { channel: 'alipay', configKey: 'alipay', amount: '9.99' },
      '充值金额不能低于10.00元',
    ],
    [
      'above the maximum',
      { channel: 'alipay', configKey: 'alipay', amount: '20000.01' },
      '充值金额不能高于20000.00元',
    ],
    [
      'not a fixed amount',
      { channel: 'wechat', configKey: 'wechat', amount: '150' },
      '请选择固定金额：100.00、200.00、300.00、500.00、1000.00、2000.00元',
    ],
    [
      'HTML as payer name',
      { channel: 'alipay', configKey: 'alipay', amount: '100', payerName: '<script>' },
      '付款人姓名格式不正确',
    ],
  ])('refuses %s', async (_label, form, msg) => {
    const { configKey, ...rest } = form as Record<string, string | number>;
    const res = await order(alice, {
      configId: configKey ? configOf[configKey as string] : (rest.configId as number),
      ...rest,
    });
    expect(res).toMatchObject({ code: -1, msg });
    expect(await pendingOf(alice.userId)).toBe(0);
  });

  it('refuses a disabled or deleted config', async () => {
    await ctx.sql`update payment_configs set enabled = false where id = ${configOf.qqpay}`;
    expect(
      await order(alice, { channel: 'qqpay', configId: configOf.qqpay, amount: '100' }),
    ).toMatchObject({ code: -1, msg: '收款账户不存在或已停用' });
    await ctx.sql`update payment_configs set enabled = true where id = ${configOf.qqpay}`;
    expect(
      (await order(alice, { channel: 'qqpay', configId: configOf.qqpay, amount: '100' })).code,
    ).toBe(1);
    await clearPending(alice.userId);
  });

  it.each([
    ['a missing requestId', { channel: 'alipay', configId: 1, amount: '100' }],
    ['a short requestId', { channel: 'alipay', configId: 1, amount: '100', requestId: 'abc' }],
    [
      'an extra field',
      { channel: 'alipay', configId: 1, amount: '100', requestId: 'abcdefgh1', userId: 1 },
    ],
    [
      'a text configId',
      { channel: 'alipay', configId: 'x', amount: '100', requestId: 'abcdefgh2' },
    ],
    ['a missing amount', { channel: 'alipay', configId: 1, requestId: 'abcdefgh3' }],
  ])('answers 400 to %s', async (_label, form) => {
    const res = await alice.post(`${T}/rechargeFrontPaymentRecord`, form);
    expect(res.status).toBe(400);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('requires the payer name when the settings say so', async () => {
    await op.post('/v1/admin/payment/settingsSave', { payerNameRequired: 1 });
    expect(
      await order(alice, { channel: 'alipay', configId: configOf.alipay, amount: '100' }),
    ).toMatchObject({ code: -1, msg: '请填写付款人姓名' });
    expect(
      (
        await order(alice, {
          channel: 'alipay',
          configId: configOf.alipay,
          amount: '100',
          payerName: '张三',
        })
      ).code,
    ).toBe(1);
    await op.post('/v1/admin/payment/settingsSave', { payerNameRequired: 0 });
    await clearPending(alice.userId);
  });
});

describe('idempotency and limits', () => {
  it('the same requestId 50 times concurrently makes one order', async () => {
    const form = {
      channel: 'banktransfer',
      configId: configOf.banktransfer,
      amount: '500',
      requestId: rid(),
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bob.post(`${T}/rechargeFrontPaymentRecord`, form)),
    );
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(results.filter((r) => r.data.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.order.id)).size).toBe(1);
    const [{ n }] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from recharge_orders where user_id = ${bob.userId}`;
    expect(n).toBe(1);
    // the same id for a different order is refused, never answered with the first
    expect(
      await bob.post(`${T}/rechargeFrontPaymentRecord`, { ...form, amount: '600' }),
    ).toMatchObject({ code: -1, msg: REQUEST_REUSED_MSG });
    await clearPending(bob.userId);
  });

  it('a retry after the config was switched off still answers the first order', async () => {
    const form = {
      channel: 'unionpay',
      configId: configOf.unionpay,
      amount: '60',
      requestId: rid(),
    };
    const first = await bob.post(`${T}/rechargeFrontPaymentRecord`, form);
    expect(first.data.created).toBe(true);
    await ctx.sql`update payment_configs set enabled = false where id = ${configOf.unionpay}`;
    const again = await bob.post(`${T}/rechargeFrontPaymentRecord`, { ...form, amount: '60.00' });
    expect(again).toMatchObject({
      code: 1,
      data: { created: false, order: { id: first.data.order.id } },
    });
    expect(
      await order(bob, { channel: 'unionpay', configId: configOf.unionpay, amount: '60' }),
    ).toMatchObject({ code: -1, msg: '收款账户不存在或已停用' });
    await ctx.sql`update payment_configs set enabled = true where id = ${configOf.unionpay}`;
    await clearPending(bob.userId);
  });

  it('at most 5 pending orders per player, even when sent concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 9 }, () =>
        order(bob, { channel: 'alipay', configId: configOf.alipay, amount: '100' }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    const refused = results.filter((r) => r.code !== 1);
    expect(refused).toHaveLength(4);
    expect(refused[0].msg).toBe('您有5笔待审核的充值订单，请等待处理后再提交');
    expect(await pendingOf(bob.userId)).toBe(5);
    await clearPending(bob.userId);
  });
});
