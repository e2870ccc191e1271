/**
 * Channel configuration by the operator: creating, updating, switching off and deleting receiving
 * configs with every per-channel rule, QR uploads, and the recharge settings; what players then see.
 */
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, type Json, setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();
type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;

let op: UserClient;
let player: UserClient;
beforeAll(async () => {
  op = await ctx.userClient({ userName: 'payop3', isOperator: true });
  player = await ctx.userClient({ userName: 'pay_erin' });
});
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

const save = (form: Record<string, string | number>) =>
  op.post('/v1/admin/payment/channelSave', form);
const bank = {
  channel: 'banktransfer',
  name: '建设银行',
  bankName: '中国建设银行',
  accountName: '王五',
  accountNo: '6217001234567890',
  min: '100',
  max: '5000',
};

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
  .png()
  .toBuffer();
async function upload(c: TestClient, bytes: Buffer, field = 'file') {
  const boundary = '----payboundary7';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await c.raw({
    method: 'POST',
    url: encodeEnpath('/v1/admin/payment/uploadQr'),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Json }) };
}

describe('channelSave', () => {
  it('creates, updates, switches off and deletes a config; players see the changes', async () => {
    const made = await save({
      ...bank,
      fixedAmounts: '200, 100',
      instructions: '第一行\n第二行',
      sort: 3,
    });
    expect(made.code).toBe(1);
    const id = made.data.id;
    const front = await player.get('/v1/transaction/frontBankTransfer');
    expect(front.data.list).toEqual([
      {
        configId: id,
        name: '建设银行',
        bankName: '中国建设银行',
        accountName: '王五',
        accountNo: '6217001234567890',
        qrImage: '',
        address: '',
        currency: '',
        rate: '',
        min: '100.00',
        max: '5000.00',
        minFen: 10_000,
        maxFen: 500_000,
        fixedAmounts: ['100.00', '200.00'],
        instructions: '第一行\n第二行',
        gateway: false,
      },
    ]);
    expect(
      (await player.get('/v1/transaction/frontPaySort')).data.list.map(
        (c: { code: string }) => c.code,
      ),
    ).toEqual(['banktransfer']);

    expect((await save({ ...bank, id, name: '建行', max: '8000' })).code).toBe(1);
    const admin = await op.get('/v1/admin/payment/channels');
    const ch = admin.data.channels.find((c: { code: string }) => c.code === 'banktransfer');
    expect(ch).toMatchObject({
      name: '银行转账',
      typeCode: 101,
      frontCall: 'frontBankTransfer',
      online: false,
      enabled: true,
    });
    expect(ch.list).toHaveLength(1);
    expect(ch.list[0]).toMatchObject({
      id,
      name: '建行',
      max: '8000.00',
      fixedAmounts: [],
      enabled: true,
      sort: 0,
      gatewayUrl: '',
    });
    expect(admin.data.channels).toHaveLength(12);
    expect(admin.data.settings.paySort).toHaveLength(12);

    await save({ ...bank, id, enabled: '0' });
    expect((await player.get('/v1/transaction/frontBankTransfer')).data.list).toEqual([]);
    expect((await player.get('/v1/transaction/frontPaySort')).data.list).toEqual([]);
    await save({ ...bank, id, enabled: '1' });

    expect((await op.post('/v1/admin/payment/channelDelete', { id })).code).toBe(1);
    expect((await player.get('/v1/transaction/frontBankTransfer')).data.list).toEqual([]);
    expect(await op.post('/v1/admin/payment/channelDelete', { id })).toMatchObject({
      code: -1,
      msg: '记录不存在',
    });
    expect(await save({ ...bank, id })).toMatchObject({ code: -1, msg: '记录不存在' });
    expect((await op.get('/v1/admin/payment/channels')).data.channels[0].list).toEqual([]);
  });

  it('a pending order of a deleted config can still be approved', async () => {
    const id = (await save(bank)).data.id;
    const o = await player.post('/v1/transaction/rechargeFrontPaymentRecord', {
      channel: 'banktransfer',
      configId: id,
      amount: '300',
      requestId: 'delcfg-0001',
    });
    expect(o.code).toBe(1);
    await op.post('/v1/admin/payment/channelDelete', { id });
    expect(
      (await op.post('/v1/admin/recharge/approve', { id: o.data.order.id })).data.balanceFen,
    ).toBe(30_000);
    const list = await op.get('/v1/admin/recharge/list', { userName: 'pay_erin' });
    expect(list.data.list[0]).toMatchObject({ configName: '建设银行', status: 'approved' });
  });

  it('accepts the full form the operator page sends, empty strings for unused fields', async () => {
    const empty = {
      bankName: '',
      accountName: '',
      accountNo: '',
      qrImage: '',
      address: '',
      currency: '',
      rate: '',
      fixedAmounts: '',
      gatewayUrl: '',
      sort: '0',
      enabled: 1,
      instructions: '',
    };
    const online = await save({
      ...empty,
      channel: 'jdpay',
      name: '京东',
      min: '10',
      max: '100',
      gatewayUrl: 'https://pay.example.com/?o={orderNo}',
    });
    expect(online.code).toBe(1);
    const offline = await save({
      ...empty,
      channel: 'alipay',
      name: '支付宝',
      min: '10',
      max: '100',
      accountNo: 'a@b.com',
    });
    expect(offline.code).toBe(1);
    await op.post('/v1/admin/payment/channelDelete', { id: online.data.id });
    await op.post('/v1/admin/payment/channelDelete', { id: offline.data.id });
  });

  it('online channels need a gateway URL template; offline ones refuse it', async () => {
    const online = { channel: 'douyin', name: '抖音', min: '10', max: '100' };
    expect(await save(online)).toMatchObject({ code: -1, msg: '在线通道必须填写网关地址' });
    expect(await save({ ...online, gatewayUrl: 'javascript:alert(1)' })).toMatchObject({
      code: -1,
      msg: '网关地址格式不正确（仅限 http/https）',
    });
    expect(await save({ ...online, gatewayUrl: 'ftp://pay.example.com/' })).toMatchObject({
      code: -1,
      msg: '网关地址格式不正确（仅限 http/https）',
    });
    const ok = await save({
      ...online,
      gatewayUrl: 'http://pay.example.com/p?no={orderNo}&amt={amount}',
    });
    expect(ok.code).toBe(1);
    expect(await save({ ...bank, gatewayUrl: 'https://pay.example.com/' })).toMatchObject({
      code: -1,
      msg: '线下通道不能设置网关地址',
    });
    const front = await player.get('/v1/transaction/frontDouyin');
    expect(front.data.list[0]).toMatchObject({ configId: ok.data.id, gateway: true });
    expect(front.data.list[0]).not.toHaveProperty('gatewayUrl');
  });

  it('digital currency needs currency, address and a positive rate, and takes no fixed amounts', async () => {
    const coin = {
      channel: 'digitalcurrencypay',
      name: 'USDT',
      currency: 'USDT-ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      rate: '7.12345678',
      min: '10',
      max: '100000',
    };
    expect((await save(coin)).code).toBe(1);
    expect(await save({ ...coin, rate: '' })).toMatchObject({
      code: -1,
      msg: '数字货币通道必须填写币种、地址和汇率',
    });
    expect(await save({ ...coin, rate: '0' })).toMatchObject({
      code: -1,
      msg: '汇率格式不正确，最多八位小数且大于0',
    });
    expect(await save({ ...coin, rate: '7.123456789' })).toMatchObject({
      code: -1,
      msg: '汇率格式不正确，最多八位小数且大于0',
    });
    expect(await save({ ...coin, address: 'a b' })).toMatchObject({
      code: -1,
      msg: '收款地址格式不正确',
    });
    expect(await save({ ...coin, fixedAmounts: '100' })).toMatchObject({
      code: -1,
      msg: '数字货币通道不能设置固定金额',
    });
    expect(await save({ ...bank, rate: '7' })).toMatchObject({
      code: -1,
      msg: '只有数字货币通道可以设置地址和汇率',
    });
  });

  it.each([
    ['an unknown channel', { ...bank, channel: 'paypal' }, '充值通道不存在'],
    ['min above max', { ...bank, min: '5000.01' }, '最低金额不能高于最高金额'],
    ['a bad min', { ...bank, min: '1.001' }, '最低金额格式不正确，最多两位小数'],
    ['a zero min', { ...bank, min: '0' }, '最低金额格式不正确，最多两位小数'],
    ['a negative max', { ...bank, max: '-1' }, '最高金额格式不正确，最多两位小数'],
    [
      'a fixed amount out of range',
      { ...bank, fixedAmounts: '100,6000' },
      '固定金额必须在最低与最高金额之间',
    ],
    [
      'a bad fixed amount',
      { ...bank, fixedAmounts: '100,abc' },
      '固定金额格式不正确，最多两位小数',
    ],
    ['repeated fixed amounts', { ...bank, fixedAmounts: '100,100.00' }, '固定金额不能重复'],
    [
      'too many fixed amounts',
      { ...bank, fixedAmounts: Array.from({ length: 13 }, (_, i) => 100 + i).join(',') },
      '固定金额最多12个',
    ],
    ['no account and no QR', { ...bank, accountNo: '' }, '请填写收款账号或上传收款二维码'],
    [
      'a foreign QR image',
      { ...bank, qrImage: 'https://evil.example.com/qr.png' },
      '收款二维码地址不正确，请重新上传',
    ],
  ])('refuses %s', async (_label, form, msg) => {
    expect(await save(form)).toMatchObject({ code: -1, msg });
  });

  it.each([
    ['HTML in the name', { ...bank, name: '<b>x</b>' }],
    ['an empty name', { ...bank, name: '' }],
    ['an unknown field', { ...bank, owner: 'x' }],
    ['a missing max', { channel: 'alipay', name: 'x', min: '1', accountNo: '1' }],
    ['a space in the account', { ...bank, accountNo: '1 2' }],
    ['a huge sort', { ...bank, sort: 99999 }],
    ['a bad enabled flag', { ...bank, enabled: 'yes' }],
  ])('answers 400 to %s', async (_label, form) => {
    const res = await save(form as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.code).toBe(-1);
  });
});

describe('uploadQr', () => {
  it('stores a QR image that a config can then use', async () => {
    const res = await upload(op, PNG);
    expect(res.code).toBe(1);
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const made = await save({ ...bank, accountNo: '', qrImage: res.data.url });
    expect(made.code).toBe(1);
  });

  it('refuses other types, big files, wrong fields and players', async () => {
    expect(
      await upload(op, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toMatchObject({ code: -1, msg: '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片' });
    expect(await upload(op, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).toMatchObject({
      code: -1,
      msg: '二维码图片不能超过2MB',
    });
    expect((await upload(op, PNG, 'image')).status).toBe(400);
    expect((await upload(player, PNG)).status).toBe(403);
    expect((await op.post('/v1/admin/payment/uploadQr', { file: 'x' })).status).toBe(415);
  });
});

describe('settingsSave', () => {
  it('changes the given fields, orders the channels, and refuses bad codes', async () => {
    const res = await op.post('/v1/admin/payment/settingsSave', {
      notice: '请按时付款\n谢谢',
      paySort: 'douyin,banktransfer',
    });
    expect(res.code).toBe(1);
    expect(res.data).toEqual({
      notice: '请按时付款\n谢谢',
      payerNameRequired: false,
      paySort: ['douyin', 'banktransfer'],
    });
    expect((await player.get('/v1/transaction/frontPaymentSettings')).data).toEqual({
      notice: '请按时付款\n谢谢',
      payerNameRequired: false,
      maxPending: 5,
    });
    expect(
      (await player.get('/v1/transaction/frontPaySort')).data.list.map(
        (c: { code: string }) => c.code,
      ),
    ).toEqual(['douyin', 'banktransfer']);
    expect(
      (await op.post('/v1/admin/payment/settingsSave', { payerNameRequired: 1 })).data.paySort,
    ).toEqual(['douyin', 'banktransfer']);
    expect(
      await op.post('/v1/admin/payment/settingsSave', { paySort: 'douyin,paypal' }),
    ).toMatchObject({ code: -1, msg: '充值通道不存在' });
    expect(
      await op.post('/v1/admin/payment/settingsSave', { paySort: 'douyin,douyin' }),
    ).toMatchObject({ code: -1, msg: '充值通道排序不能重复' });
    expect((await op.post('/v1/admin/payment/settingsSave', { notice: '<script>' })).status).toBe(
      400,
    );
    expect((await op.post('/v1/admin/payment/settingsSave', { payerNameRequired: 2 })).status).toBe(
      400,
    );
    expect((await op.post('/v1/admin/payment/settingsSave', { paySort: '' })).data.paySort).toEqual(
      [],
    );
    expect((await player.get('/v1/transaction/frontPaySort')).data.list).toEqual([]);
  });
});
