/** Recharge: the front channel lists and settings, and a player own order records. */
import { describe, expect, it } from 'vitest';
import { RECHARGE_CHANNELS } from '../../src/domain/payments.ts';
import { ctx, T, op, alice, configOf, rid, order } from './payments-orders-fixtures.ts';

describe('channels', () => {
  it('frontPaySort lists the enabled channels in PaySort order with their urls', async () => {
    const res = await alice.get(`${T}/frontPaySort`);
    expect(res.code).toBe(1);
    expect(res.data.list).toHaveLength(12);
    expect(res.data.list[0]).toEqual({
      code: 'banktransfer',
      name: '银行转账',
      url: '/recharge/banktransfer',
      typeCode: 101,
      online: false,
    });
    expect(res.data.list.map((c: { code: string }) => c.code)).toEqual(
      RECHARGE_CHANNELS.map((c) => c.code),
    );

    expect(
      (await op.post('/v1/admin/payment/settingsSave', { paySort: 'alipay,wechat,douyin' })).code,
    ).toBe(1);
    await ctx.sql`update payment_configs set enabled = false where channel = 'douyin'`;
    const after = await alice.get(`${T}/frontPaySort`);
    expect(after.data.list.map((c: { code: string }) => c.code)).toEqual(['alipay', 'wechat']);
    await ctx.sql`update payment_configs set enabled = true where channel = 'douyin'`;
    await op.post('/v1/admin/payment/settingsSave', {
      paySort: RECHARGE_CHANNELS.map((c) => c.code).join(','),
    });
  });

  it('every front call answers its channel and enabled configs', async () => {
    for (const ch of RECHARGE_CHANNELS) {
      const res = await alice.get(`${T}/${ch.frontCall}`);
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject({
        channel: ch.code,
        name: ch.name,
        typeCode: ch.typeCode,
        online: ch.online,
        enabled: true,
      });
      expect(res.data.list).toHaveLength(1);
      expect(res.data.list[0].configId).toBe(configOf[ch.code]);
      expect(res.data.list[0].gateway).toBe(ch.online);
      expect(res.data.list[0]).not.toHaveProperty('gatewayUrl');
    }
    const wechat = (await alice.get(`${T}/frontWechat`)).data.list[0];
    expect(wechat.fixedAmounts).toEqual([
      '100.00',
      '200.00',
      '300.00',
      '500.00',
      '1000.00',
      '2000.00',
    ]);
    const coin = (await alice.get(`${T}/frontDigitalCurrency`)).data.list[0];
    expect(coin).toMatchObject({
      currency: 'USDT-TRC20',
      rate: '7.2',
      min: '100.00',
      minFen: 10_000,
    });
  });

  it('a switched-off channel answers enabled: false and an empty list', async () => {
    await op.post('/v1/admin/payment/settingsSave', { paySort: 'alipay' });
    const res = await alice.get(`${T}/frontWechat`);
    expect(res.data).toMatchObject({ channel: 'wechat', enabled: false, list: [] });
    expect(
      await order(alice, { channel: 'wechat', configId: configOf.wechat, amount: '100' }),
    ).toMatchObject({ code: -1, msg: '该充值通道暂未开放' });
    await op.post('/v1/admin/payment/settingsSave', {
      paySort: RECHARGE_CHANNELS.map((c) => c.code).join(','),
    });
  });

  it('frontPaymentSettings answers the notice and the payer-name switch', async () => {
    const res = await alice.get(`${T}/frontPaymentSettings`);
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ payerNameRequired: false, maxPending: 5 });
    expect(typeof res.data.notice).toBe('string');
    expect((await alice.get(`${T}/frontPaymentSettings`, { x: 1 })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await ctx.client().get(`${T}/frontPaySort`)).code).toBe(0);
    expect(
      (
        await ctx.client().post(`${T}/rechargeFrontPaymentRecord`, {
          channel: 'alipay',
          configId: 1,
          amount: '1',
          requestId: rid(),
        })
      ).code,
    ).toBe(0);
  });
});

describe('my records', () => {
  it('lists my orders newest first with a status filter and paging; detail refuses another player', async () => {
    const carol = await ctx.userClient({ userName: 'pay_carol' });
    const a = (await order(carol, { channel: 'alipay', configId: configOf.alipay, amount: '100' }))
      .data.order;
    const b = (await order(carol, { channel: 'wechat', configId: configOf.wechat, amount: '200' }))
      .data.order;
    await ctx.sql`update recharge_orders set status = 'rejected' where id = ${a.id}`;
    const all = await carol.get(`${T}/rechargeRecordList`);
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    const pending = await carol.get(`${T}/rechargeRecordList`, { status: 'pending' });
    expect(pending.data).toMatchObject({ total: 1, list: [{ id: b.id, status: 'pending' }] });
    const page2 = await carol.get(`${T}/rechargeRecordList`, { page: 2, pageSize: 1 });
    expect(page2.data.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect((await carol.get(`${T}/rechargeRecordList`, { status: 'done' })).status).toBe(400);
    expect((await carol.get(`${T}/rechargeRecordList`, { pageSize: 101 })).status).toBe(400);

    expect((await carol.get(`${T}/rechargeRecordDetail`, { id: b.id })).data).toMatchObject({
      id: b.id,
      amount: '200.00',
      channel: 'wechat',
    });
    expect(await alice.get(`${T}/rechargeRecordDetail`, { id: b.id })).toMatchObject({
      code: -1,
      msg: '记录不存在',
    });
    expect(await carol.get(`${T}/rechargeRecordDetail`, { id: 99_999_999 })).toMatchObject({
      code: -1,
      msg: '记录不存在',
    });
    expect((await carol.get(`${T}/rechargeRecordDetail`, { id: 'x' })).status).toBe(400);
    expect(
      (await alice.get(`${T}/rechargeRecordList`)).data.list.some(
        (o: { id: number }) => o.id === b.id,
      ),
    ).toBe(false);
  });
});
