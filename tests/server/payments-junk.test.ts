/**
 * Junk against every recharge call, as a guest, a player and an operator: each answer is an
 * envelope with a Chinese msg, never a 500, and junk creates no order, config or transfer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { RECHARGE_CHANNELS } from '../../src/domain/payments.ts';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();

const POSTS = [
  '/v1/transaction/rechargeFrontPaymentRecord',
  '/v1/admin/recharge/approve',
  '/v1/admin/recharge/reject',
  '/v1/admin/payment/channelSave',
  '/v1/admin/payment/channelDelete',
  '/v1/admin/payment/settingsSave',
  '/v1/admin/payment/uploadQr',
];
const GETS = [
  '/v1/transaction/frontPaySort',
  '/v1/transaction/frontPaymentSettings',
  '/v1/transaction/rechargeRecordList',
  '/v1/transaction/rechargeRecordDetail',
  '/v1/admin/recharge/list',
  '/v1/admin/payment/channels',
  ...RECHARGE_CHANNELS.map((c) => `/v1/transaction/${c.frontCall}`),
];

const JUNK_BODIES = [
  '',
  '=',
  '&&&',
  'a[b]=1',
  '__proto__=1&constructor=1',
  'channel=%00&configId=%00&amount=%00&requestId=%00&id=%00&remark=%00&name=%00&min=%00&max=%00&notice=%00&paySort=%00',
  `channel=alipay&configId=1e309&amount=1e309&requestId=${'r'.repeat(5000)}&id=1e309&remark=x&name=n&min=1&max=2`,
  'channel=alipay&configId=NaN&amount=NaN&requestId=abcdefgh&id=NaN&payerNameRequired=NaN',
  'channel=alipay&configId=-9223372036854775809&amount=1&requestId=abcdefgh&id=9223372036854775808&remark=r',
  'channel=%ED%A0%80&configId=1&amount=%ED%A0%80&requestId=abcdefgh&id=1&remark=%ED%A0%80&name=%ED%A0%80&min=1&max=1',
  'channel=alipay&channel=wechat&configId=1&configId=2&amount=1&amount=2&requestId=abcdefgh&id=1&id=2',
  'channel=digitalcurrencypay&configId=1&amount=0.000000001&requestId=abcdefgh9',
];
const JUNK_QUERIES = [
  'page=NaN',
  'page=1e309',
  'pageSize=-1',
  'status=%00',
  'userName=%00',
  'id=1e309',
  'id[a]=1',
  'page=1&page=2',
  'x=1',
];

let clients: Record<string, TestClient>;
beforeAll(async () => {
  await seedPaymentChannels(ctx.sql);
  clients = {
    guest: ctx.client(),
    player: await ctx.userClient({ userName: 'junkpay1' }),
    operator: await ctx.userClient({ userName: 'junkpayop', isOperator: true }),
  };
});

async function stored() {
  const [row] = await ctx.sql<{ n: number }[]>`
    select ((select count(*) from recharge_orders) + (select count(*) from payment_configs)
          + (select count(*) from payment_configs where deleted) + (select count(*) from transfers)
          + (select count(*) from site_settings) + (select count(*) from uploads))::int as n`;
  return row.n;
}

describe.each(['guest', 'player', 'operator'])('as a %s', (who) => {
  it('every POST call answers junk bodies without a 500 and stores nothing', async () => {
    const before = await stored();
    for (const path of POSTS) {
      for (const payload of JUNK_BODIES) {
        const res = await clients[who].raw({
          method: 'POST',
          url: encodeEnpath(path),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        const body = res.json();
        expect(res.statusCode, `${path} ${payload.slice(0, 60)}`).toBeLessThan(500);
        expect(body.code, `${path} ${payload.slice(0, 60)}`).not.toBe(1);
        expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(await stored()).toBe(before);
  });

  it('every GET call answers junk queries without a 500', async () => {
    for (const path of GETS) {
      for (const q of JUNK_QUERIES) {
        const res = await clients[who].raw({ method: 'GET', url: `${encodeEnpath(path)}?${q}` });
        expect(res.statusCode, `${path}?${q}`).toBeLessThan(500);
        expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});

it('leaves the ledger balanced', async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});
