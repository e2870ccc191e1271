/** Bank cards: lookups (banks, BIN), adding a card, and the real-name lock. */
import { beforeAll, describe, expect, it } from 'vitest';
import { BANKS, MAX_BANK_CARDS } from '../../src/domain/banks.ts';
import { SAFETY_MAX_FAILURES } from '../../src/server/cards/safety.ts';
import { ctx, type Player, player, sp, cardNo, addCard, cardsOf } from './cards-bank-fixtures.ts';

describe('lookups', () => {
  let p: Player;
  beforeAll(async () => {
    p = await player();
  });

  it('queryBankInfo lists the banks with codes, 其他银行 last', async () => {
    const res = await p.get('/v1/users/queryBankInfo');
    expect(res.code).toBe(1);
    expect(res.data.list).toEqual(BANKS);
    expect(res.data.list.at(-1)).toEqual({ bankCode: 'OTHER', bankName: '其他银行' });
  });

  it.each([
    ['6222021234567890123', 'ICBC', '中国工商银行'],
    ['6228481234567890123', 'ABC', '中国农业银行'],
    ['6225881234567890', 'CMB', '招商银行'],
    ['6217001234567890123', 'CCB', '中国建设银行'],
    ['123456789012', 'OTHER', '其他银行'],
  ])('queryBankCardName %s → %s', async (bankNumber, bankCode, bankName) => {
    const res = await p.get('/v1/users/queryBankCardName', { bankNumber });
    expect(res).toMatchObject({ code: 1, data: { bankCode, bankName } });
  });

  it.each([['12345'], ['62220a1234'], ['<b>622202</b>'], ['6'.repeat(30)]])(
    'queryBankCardName refuses %s',
    async (bankNumber) => {
      const res = await p.get('/v1/users/queryBankCardName', { bankNumber });
      expect(res.status).toBe(400);
      expect(res.code).toBe(-1);
    },
  );

  it('needs a login', async () => {
    const res = await ctx.client('10.41.0.1').get('/v1/users/queryBankInfo');
    expect(res.code).toBe(0);
  });
});

describe('addBankCard and the real-name lock', () => {
  it('binds the first card, locks the name, lists it masked', async () => {
    const p = await player();
    const before = await p.get('/v1/users/getFirstLockBankCard');
    expect(before.data).toEqual({
      locked: false,
      realName: '',
      hasSafetyPassword: true,
      bankCardCount: 0,
      maxBankCards: MAX_BANK_CARDS,
    });
    const number = '6222021234567890123';
    const res = await addCard(p, { bankNumber: number });
    expect(res).toMatchObject({
      code: 1,
      msg: '银行卡绑定成功',
      data: { bankName: '中国工商银行' },
    });
    const [u] = await ctx.sql`select real_name from users where id = ${p.userId}`;
    expect(u.real_name).toBe('张三丰');
    const after = await p.get('/v1/users/getFirstLockBankCard');
    expect(after.data).toMatchObject({ locked: true, realName: '张**', bankCardCount: 1 });
    const list = await p.get('/v1/users/getBankCardListFront');
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      kind: 'bank',
      bankCode: 'ICBC',
      bankName: '中国工商银行',
      accountNo: '**** **** **** 0123',
      realName: '张**',
      branch: '北京朝阳支行',
    });
    expect(JSON.stringify(list.data)).not.toContain(number);
    const detail = await p.get('/v1/users/findUsersBankCardDetailsById', { id: res.data.id });
    expect(detail.data).toEqual(list.data.list[0]);
  });

  it('later cards must carry the locked name; omitting it uses the locked name', async () => {
    const p = await player();
    expect((await addCard(p)).code).toBe(1);
    const other = await addCard(p, { realName: '李四' });
    expect(other).toMatchObject({ code: -1, msg: '真实姓名与已绑定的姓名不一致' });
    expect((await addCard(p, { realName: 'Zhang San' })).msg).toBe('真实姓名与已绑定的姓名不一致');
    const form: Record<string, string> = {
      bankCode: 'CMB',
      bankNumber: cardNo('622588'),
      branch: '上海浦东支行',
      safetyPassword: sp(p),
    };
    const noName = await p.post('/v1/users/addBankCard', form);
    expect(noName.code).toBe(1);
    const rows = await cardsOf(p.userId);
    expect(rows.map((r) => [r.real_name, r.bank_code, r.bank_name])).toEqual([
      ['张三丰', 'ICBC', '中国工商银行'],
      ['张三丰', 'CMB', '招商银行'],
    ]);
  });

  it('a name set at register is already locked; the first card needs a name when none is locked', async () => {
    const p = await player();
    const form = {
      bankCode: 'ICBC',
      bankNumber: cardNo(),
      branch: '北京朝阳支行',
      safetyPassword: sp(p),
    };
    expect(await p.post('/v1/users/addBankCard', form)).toMatchObject({
      code: -1,
      msg: '真实姓名不能为空',
    });
    await ctx.sql`update users set real_name = '王五' where id = ${p.userId}`;
    expect((await addCard(p)).msg).toBe('真实姓名与已绑定的姓名不一致');
    expect((await p.post('/v1/users/addBankCard', form)).code).toBe(1);
  });

  it('refuses without a safety password, saying so, and changes nothing', async () => {
    const p = await player({ safety: null });
    const res = await addCard(p);
    expect(res).toMatchObject({
      code: -1,
      msg: '请先设置资金密码',
      data: { needSafetyPassword: true },
    });
    expect(await cardsOf(p.userId)).toEqual([]);
    const [u] = await ctx.sql`select real_name from users where id = ${p.userId}`;
    expect(u.real_name).toBeNull();
  });

  it('refuses a wrong safety password, counts down, then locks out even the right one', async () => {
    const p = await player();
    for (let i = 1; i < SAFETY_MAX_FAILURES; i++) {
      expect((await addCard(p, { safetyPassword: sp(p, '000000') })).msg).toBe(
        `资金密码错误，还可尝试${SAFETY_MAX_FAILURES - i}次`,
      );
    }
    expect((await addCard(p, { safetyPassword: sp(p, '000000') })).msg).toBe(
      '资金密码错误次数过多，请15分钟后再试',
    );
    expect((await addCard(p)).msg).toBe('资金密码错误次数过多，请15分钟后再试');
    expect(await cardsOf(p.userId)).toEqual([]);
    await ctx.sql`update safety_password_failures set created_at = now() - interval '16 minutes' where user_id = ${p.userId}`;
    expect((await addCard(p)).code).toBe(1);
    expect(
      (
        await ctx.sql`select count(*)::int as n from safety_password_failures where user_id = ${p.userId}`
      )[0].n,
    ).toBe(0);
  });

  it('refuses a duplicate number, for the same player and for another, and caps the cards', async () => {
    const p = await player();
    const q = await player();
    const number = cardNo();
    expect((await addCard(p, { bankNumber: number })).code).toBe(1);
    expect(await addCard(p, { bankNumber: number })).toMatchObject({
      code: -1,
      msg: '该银行卡已被绑定',
    });
    expect(await addCard(q, { bankNumber: number })).toMatchObject({
      code: -1,
      msg: '该银行卡已被绑定',
    });
    expect((await q.post('/v1/users/checkBankCard', { bankNumber: number })).msg).toBe(
      '该银行卡已被绑定',
    );
    for (let i = 1; i < MAX_BANK_CARDS; i++) expect((await addCard(p)).code).toBe(1);
    expect(await addCard(p)).toMatchObject({
      code: -1,
      msg: `最多只能绑定${MAX_BANK_CARDS}张银行卡`,
    });
    expect(await cardsOf(p.userId)).toHaveLength(MAX_BANK_CARDS);
    expect(await cardsOf(q.userId)).toHaveLength(0);
  });

  it('two concurrent adds of one number by two players bind it once', async () => {
    const [p, q] = [await player(), await player()];
    const number = cardNo();
    const results = await Promise.all([
      addCard(p, { bankNumber: number }),
      addCard(q, { bankNumber: number }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([-1, 1]);
    const [{ n }] =
      await ctx.sql`select count(*)::int as n from bank_cards where account_no = ${number} and status = 'active'`;
    expect(n).toBe(1);
  });

  it('concurrent adds by one player stop at the cap', async () => {
    const p = await player();
    const results = await Promise.all(Array.from({ length: MAX_BANK_CARDS + 2 }, () => addCard(p)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(MAX_BANK_CARDS);
    expect(results.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual([
      `最多只能绑定${MAX_BANK_CARDS}张银行卡`,
      `最多只能绑定${MAX_BANK_CARDS}张银行卡`,
    ]);
    expect(await cardsOf(p.userId)).toHaveLength(MAX_BANK_CARDS);
  });

  it('maps bank names to codes; 其他银行 names are kept and shown as 其他银行', async () => {
    const p = await player();
    const byName = await p.post('/v1/users/addBankCard', {
      bankName: '招商银行',
      bankNumber: cardNo('622588'),
      realName: '赵六',
      branch: '深圳支行',
      safetyPassword: sp(p),
    });
    expect(byName.code).toBe(1);
    const other = await p.post('/v1/users/addBankCard', {
      bankName: '其他银行(某农商行)',
      bankNumber: cardNo('999999'),
      branch: '某县支行',
      safetyPassword: sp(p),
    });
    expect(other).toMatchObject({ code: 1, data: { bankName: '其他银行' } });
    const rows = await cardsOf(p.userId);
    expect(rows.map((r) => [r.bank_code, r.bank_name])).toEqual([
      ['CMB', '招商银行'],
      ['OTHER', '其他银行(某农商行)'],
    ]);
    const list = (await p.get('/v1/users/getBankCardListFront')).data.list;
    expect(list.map((c: { bankName: string }) => c.bankName)).toEqual(['招商银行', '其他银行']);
  });

  it.each([
    ['a short number', { bankNumber: '12345678' }, '银行卡号格式不正确'],
    ['a long number', { bankNumber: '1'.repeat(30) }, '银行卡号长度不正确'],
    ['letters in the number', { bankNumber: '6222abc1234567890' }, '银行卡号格式不正确'],
    ['HTML in the name', { realName: '<b>张三</b>' }, '真实姓名格式不正确'],
    ['a one-character name', { realName: '张' }, '真实姓名格式不正确'],
    [
      'HTML in the branch',
      { branch: '<script>x</script>' },
      '开户支行格式不正确（2到50个字符，不能包含<>）',
    ],
    ['an empty branch', { branch: ' ' }, '开户支行不能为空'],
    ['an unknown bank code', { bankCode: 'XYZ' }, '不支持的开户银行'],
    [
      'a code and name that disagree',
      { bankCode: 'ICBC', bankName: '招商银行' },
      '开户银行与银行代码不一致',
    ],
    ['HTML as bank name', { bankCode: 'OTHER', bankName: '<img src=x>' }, '开户银行格式不正确'],
    ['a clear safety password', { safetyPassword: '123456' }, '资金密码格式不正确'],
    ['an extra field', { userId: '1' }, '不支持的参数：userId'],
  ])('refuses %s with 400 and changes nothing', async (_name, extra, msg) => {
    const p = await player();
    const res = await addCard(p, extra as Record<string, string>);
    expect(res).toMatchObject({ status: 400, code: -1, msg });
    expect(await cardsOf(p.userId)).toEqual([]);
  });

  it('refuses a missing bank and a missing number', async () => {
    const p = await player();
    const noBank = await p.post('/v1/users/addBankCard', {
      bankNumber: cardNo(),
      realName: '张三',
      branch: '北京支行',
      safetyPassword: sp(p),
    });
    expect(noBank).toMatchObject({ status: 400, msg: '请选择开户银行' });
    const noNumber = await p.post('/v1/users/addBankCard', {
      bankCode: 'ICBC',
      realName: '张三',
      branch: '北京支行',
      safetyPassword: sp(p),
    });
    expect(noNumber).toMatchObject({ status: 400, msg: '银行卡号不能为空' });
  });
});
