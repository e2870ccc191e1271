/** Alipay / WeChat accounts and digital-currency addresses: add, update, list, delete; wrong users and bad input. */
import { describe, expect, it } from 'vitest';
import { loginPasswordHash, safetyPasswordHash } from '../../src/domain/credentials.ts';
import { MAX_DIGITAL_ADDRESSES } from '../../src/domain/banks.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();
type Player = TestClient & { userId: number; userName: string };
let seq = 0;

async function player(opts: { safety?: boolean; realName?: string } = {}): Promise<Player> {
  const userName = `ca${Date.now().toString(36)}${seq}`;
  const userId = (await insertUserWithPassword(ctx.sql, userName, 'pass1234'))!;
  const c = ctx.client(`10.50.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`);
  expect((await c.login(userName, 'pass1234')).code).toBe(1);
  if (opts.safety !== false) {
    const res = await c.post('/v1/users/setSafetyPassword', {
      safetyPassword: safetyPasswordHash(userName, '123456'),
      verifyType: 'password',
      password: loginPasswordHash(userName, 'pass1234'),
    });
    expect(res.code).toBe(1);
  }
  if (opts.realName)
    await ctx.sql`update users set real_name = ${opts.realName} where id = ${userId}`;
  return Object.assign(c, { userId, userName });
}
const sp = (p: Player, digits = '123456') => safetyPasswordHash(p.userName, digits);
const rowsOf = (userId: number) =>
  ctx.sql`select id, kind, account_no, real_name, qr_image, status from bank_cards where user_id = ${userId} order by id`;
const addressesOf = (userId: number) =>
  ctx.sql`select id, currency, protocol, address, alias, status from digital_addresses where user_id = ${userId} order by id`;
async function upload(userId: number): Promise<string> {
  const name = `${crypto.randomUUID().replace(/-/g, '')}.png`;
  await ctx.sql`insert into uploads (user_id, file_name, mime, size_bytes) values (${userId}, ${name}, 'image/png', 10)`;
  return `/uploads/${name}`;
}

describe.each([
  [
    'alipay',
    '/v1/users/addAlipay',
    '/v1/users/updateAlipay',
    '13812345678',
    'zhang@example.com',
    '13700000001',
    '支付宝',
  ],
  [
    'weixin',
    '/v1/users/addWeixin',
    '/v1/users/updateWeixin',
    'wx_zhang01',
    '13912345678',
    'wx_owner03',
    '微信',
  ],
] as const)('%s', (kind, addPath, updatePath, account, account2, account3, name) => {
  it('adds once with the safety password, locks the name, lists it masked, then updates', async () => {
    const p = await player();
    const qr = await upload(p.userId);
    const res = await p.post(addPath, {
      account,
      realName: '李小龙',
      qrImage: qr,
      safetyPassword: sp(p),
    });
    expect(res).toMatchObject({
      code: 1,
      msg: `${name}账号绑定成功`,
      data: { kind, realName: '李**', qrImage: qr },
    });
    expect(res.data.accountNo).not.toBe(account);
    expect(res.data.accountNo.startsWith(account.slice(0, 3))).toBe(true);
    expect((await ctx.sql`select real_name from users where id = ${p.userId}`)[0].real_name).toBe(
      '李小龙',
    );
    const list = (await p.get('/v1/users/getBankCardListFront')).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind, id: res.data.id, bankName: '' });
    const second = await p.post(addPath, { account: account2, safetyPassword: sp(p) });
    expect(second).toMatchObject({ code: -1, msg: `已绑定${name}账号，请使用修改` });
    const upd = await p.post(updatePath, {
      id: res.data.id,
      account: account2,
      safetyPassword: sp(p),
    });
    expect(upd).toMatchObject({ code: 1, msg: `${name}账号修改成功` });
    expect(await rowsOf(p.userId)).toEqual([
      {
        id: res.data.id,
        kind,
        account_no: account2,
        real_name: '李小龙',
        qr_image: qr,
        status: 'active',
      },
    ]);
  });

  it('refuses a name other than the locked one, a wrong or missing safety password, and bad accounts', async () => {
    const p = await player({ realName: '王五' });
    expect((await p.post(addPath, { account, realName: '李四', safetyPassword: sp(p) })).msg).toBe(
      '真实姓名与已绑定的姓名不一致',
    );
    expect((await p.post(addPath, { account, safetyPassword: sp(p, '654321') })).msg).toMatch(
      /^资金密码错误/,
    );
    for (const bad of ['<script>', '12', 'a b c d e f', '1381234567890']) {
      const res = await p.post(addPath, { account: bad, safetyPassword: sp(p) });
      expect(res).toMatchObject({ status: 400, code: -1 });
    }
    expect(
      (
        await p.post(addPath, {
          account,
          qrImage: 'https://evil.example/x.png',
          safetyPassword: sp(p),
        })
      ).status,
    ).toBe(400);
    const other = await player();
    const foreignQr = await upload(other.userId);
    expect(
      (await p.post(addPath, { account, qrImage: foreignQr, safetyPassword: sp(p) })).msg,
    ).toBe('收款码图片不存在，请重新上传');
    expect(await rowsOf(p.userId)).toEqual([]);
    const q = await player({ safety: false });
    expect((await q.post(addPath, { account, realName: '赵六', safetyPassword: sp(q) })).msg).toBe(
      '请先设置资金密码',
    );
    expect(await rowsOf(q.userId)).toEqual([]);
    expect((await p.post(addPath, { account, safetyPassword: sp(p) })).code).toBe(1);
    expect((await q.post(addPath, { account, realName: '王五', safetyPassword: sp(q) })).code).toBe(
      -1,
    );
  });

  it("another player's account id: update and delete refused, nothing changes", async () => {
    const owner = await player();
    const intruder = await player();
    const id = (
      await owner.post(addPath, { account: account3, realName: '陈七', safetyPassword: sp(owner) })
    ).data.id;
    const before = await rowsOf(owner.userId);
    expect(
      (await intruder.post(updatePath, { id, account: account2, safetyPassword: sp(intruder) }))
        .msg,
    ).toBe('账户不存在');
    expect(
      (
        await intruder.post('/v1/users/destructionCheckBankCard', {
          id,
          safetyPassword: sp(intruder),
        })
      ).msg,
    ).toBe('银行卡不存在');
    expect((await intruder.get('/v1/users/findUsersBankCardDetailsById', { id })).msg).toBe(
      '银行卡不存在',
    );
    expect(await rowsOf(owner.userId)).toEqual(before);
    // The owner deletes it with the safety password and may add again.
    expect(
      (await owner.post('/v1/users/destructionCheckBankCard', { id, safetyPassword: sp(owner) }))
        .code,
    ).toBe(1);
    expect((await owner.post(addPath, { account: account3, safetyPassword: sp(owner) })).code).toBe(
      1,
    );
  });
});

const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TRC2 = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const ERC = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('digital addresses', () => {
  it('adds, lists masked, updates and deletes with the safety password', async () => {
    const p = await player();
    const empty = await p.get('/v1/users/queryDigitalCurrencyList');
    expect(empty.data).toEqual({
      list: [],
      currencies: [{ currency: 'USDT', protocols: ['TRC20', 'ERC20'] }],
      maxAddresses: MAX_DIGITAL_ADDRESSES,
    });
    const res = await p.post('/v1/users/addDigitalCurrency', {
      currency: 'USDT',
      protocol: 'TRC20',
      address: TRC,
      alias: '我的钱包',
      safetyPassword: sp(p),
    });
    expect(res).toMatchObject({
      code: 1,
      data: { currency: 'USDT', protocol: 'TRC20', address: 'TQn9Y2****KcbLSE', alias: '我的钱包' },
    });
    const list = (await p.get('/v1/users/queryDigitalCurrencyList')).data.list;
    expect(list).toEqual([res.data]);
    expect(
      (
        await p.post('/v1/users/addDigitalCurrency', {
          currency: 'USDT',
          protocol: 'TRC20',
          address: TRC,
          safetyPassword: sp(p),
        })
      ).msg,
    ).toBe('该地址已添加');
    const upd = await p.post('/v1/users/updateDigitalCurrency', {
      id: res.data.id,
      currency: 'USDT',
      protocol: 'ERC20',
      address: ERC,
      safetyPassword: sp(p),
    });
    expect(upd).toMatchObject({ code: 1, data: { protocol: 'ERC20', alias: '' } });
    expect(await addressesOf(p.userId)).toEqual([
      {
        id: res.data.id,
        currency: 'USDT',
        protocol: 'ERC20',
        address: ERC,
        alias: null,
        status: 'active',
      },
    ]);
    expect(
      (
        await p.post('/v1/users/deleteDigitalCurrency', {
          id: res.data.id,
          safetyPassword: sp(p, '000000'),
        })
      ).msg,
    ).toMatch(/^资金密码错误/);
    expect(
      (await p.post('/v1/users/deleteDigitalCurrency', { id: res.data.id, safetyPassword: sp(p) }))
        .code,
    ).toBe(1);
    expect((await addressesOf(p.userId))[0].status).toBe('deleted');
    expect((await p.get('/v1/users/queryDigitalCurrencyList')).data.list).toEqual([]);
  });

  it.each([
    ['an unknown currency', { currency: 'DOGE' }, '不支持的币种'],
    ['an unknown protocol', { protocol: 'OMNI' }, '不支持的协议'],
    ['a short address', { address: 'T123' }, '钱包地址格式不正确'],
    [
      'spaces in the address',
      { address: 'TQn9Y2khEs LJW1ChVWFMSMeRDow5Kcb' },
      '钱包地址格式不正确',
    ],
    [
      'HTML as the address',
      { address: '<script>alert(1)</script>' },
      '钱包地址不是有效的TRC20地址',
    ],
    ['an ERC20 address on TRC20', { address: ERC }, '钱包地址不是有效的TRC20地址'],
    ['HTML in the alias', { alias: '<b>x</b>' }, '备注格式不正确（最多20个字符，不能包含<>）'],
    ['a long alias', { alias: '长'.repeat(21) }, '备注格式不正确（最多20个字符，不能包含<>）'],
    ['an extra field', { userId: '1' }, '不支持的参数：userId'],
  ])('refuses %s with 400 and changes nothing', async (_n, extra, msg) => {
    const p = await player();
    const res = await p.post('/v1/users/addDigitalCurrency', {
      currency: 'USDT',
      protocol: 'TRC20',
      address: TRC,
      safetyPassword: sp(p),
      ...extra,
    });
    expect(res).toMatchObject({ status: 400, code: -1 });
    expect(res.msg).toBe(msg);
    expect(await addressesOf(p.userId)).toEqual([]);
  });

  it('refuses without a safety password and caps the addresses', async () => {
    const q = await player({ safety: false });
    expect(
      (
        await q.post('/v1/users/addDigitalCurrency', {
          currency: 'USDT',
          protocol: 'TRC20',
          address: TRC,
          safetyPassword: sp(q),
        })
      ).msg,
    ).toBe('请先设置资金密码');
    const p = await player();
    for (let i = 0; i < MAX_DIGITAL_ADDRESSES; i++) {
      const address = `0x${String(i).padStart(40, 'a')}`;
      expect(
        (
          await p.post('/v1/users/addDigitalCurrency', {
            currency: 'USDT',
            protocol: 'ERC20',
            address,
            safetyPassword: sp(p),
          })
        ).code,
      ).toBe(1);
    }
    expect(
      (
        await p.post('/v1/users/addDigitalCurrency', {
          currency: 'USDT',
          protocol: 'TRC20',
          address: TRC2,
          safetyPassword: sp(p),
        })
      ).msg,
    ).toBe(`最多只能添加${MAX_DIGITAL_ADDRESSES}个地址`);
    expect(await addressesOf(p.userId)).toHaveLength(MAX_DIGITAL_ADDRESSES);
  });

  it("another player's address id: update and delete refused, nothing changes", async () => {
    const owner = await player();
    const intruder = await player();
    const id = (
      await owner.post('/v1/users/addDigitalCurrency', {
        currency: 'USDT',
        protocol: 'TRC20',
        address: TRC,
        safetyPassword: sp(owner),
      })
    ).data.id;
    const before = await addressesOf(owner.userId);
    expect(
      (
        await intruder.post('/v1/users/updateDigitalCurrency', {
          id,
          currency: 'USDT',
          protocol: 'TRC20',
          address: TRC2,
          safetyPassword: sp(intruder),
        })
      ).msg,
    ).toBe('地址不存在');
    expect(
      (await intruder.post('/v1/users/deleteDigitalCurrency', { id, safetyPassword: sp(intruder) }))
        .msg,
    ).toBe('地址不存在');
    expect((await intruder.get('/v1/users/queryDigitalCurrencyList')).data.list).toEqual([]);
    expect(await addressesOf(owner.userId)).toEqual(before);
  });
});
