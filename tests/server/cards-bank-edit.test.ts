/**
 * Bank cards: checking a card, other players cards refused, editing with a permit and deleting
 * with the safety password.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ctx, type Player, player, sp, cardNo, addCard, cardsOf } from './cards-bank-fixtures.ts';

describe('checkBankCard', () => {
  it('validates number and name before adding', async () => {
    const p = await player();
    const good = await p.post('/v1/users/checkBankCard', {
      bankNumber: '6228481234567890',
      realName: '张三丰',
    });
    expect(good).toMatchObject({ code: 1, data: { bankCode: 'ABC', bankName: '中国农业银行' } });
    expect((await p.post('/v1/users/checkBankCard', { bankNumber: '12ab' })).status).toBe(400);
    expect(
      (await p.post('/v1/users/checkBankCard', { bankNumber: '6228481234567890', realName: 'x<y' }))
        .status,
    ).toBe(400);
    expect((await addCard(p)).code).toBe(1);
    expect(
      (await p.post('/v1/users/checkBankCard', { bankNumber: cardNo(), realName: '李四' })).msg,
    ).toBe('真实姓名与已绑定的姓名不一致');
    expect(
      (await p.post('/v1/users/checkBankCard', { bankNumber: cardNo(), realName: '张三丰' })).code,
    ).toBe(1);
  });
});

describe("another player's cards", () => {
  let owner: Player;
  let intruder: Player;
  let cardId: number;
  beforeAll(async () => {
    owner = await player();
    intruder = await player();
    cardId = (await addCard(owner)).data.id;
  });

  it('detail, permit, update and delete answer 银行卡不存在 and change nothing', async () => {
    const before = await cardsOf(owner.userId);
    expect(
      await intruder.get('/v1/users/findUsersBankCardDetailsById', { id: cardId }),
    ).toMatchObject({ code: -1, msg: '银行卡不存在' });
    expect(
      await intruder.post('/v1/users/safetyCheckBankCard', {
        id: cardId,
        safetyPassword: sp(intruder),
      }),
    ).toMatchObject({ code: -1, msg: '银行卡不存在' });
    expect(
      await intruder.post('/v1/users/destructionCheckBankCard', {
        id: cardId,
        safetyPassword: sp(intruder),
      }),
    ).toMatchObject({ code: -1, msg: '银行卡不存在' });
    // A permit of the owner is useless to the intruder.
    const permit = await owner.post('/v1/users/safetyCheckBankCard', {
      id: cardId,
      safetyPassword: sp(owner),
    });
    const upd = await intruder.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: permit.data.verifyToken,
      branch: '被改支行',
    });
    expect(upd).toMatchObject({ code: -1, msg: '银行卡不存在' });
    expect(await intruder.get('/v1/users/getBankCardListFront')).toMatchObject({
      code: 1,
      data: { list: [] },
    });
    expect(await cardsOf(owner.userId)).toEqual(before);
  });

  it('bad ids are refused', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const res = await owner.get('/v1/users/findUsersBankCardDetailsById', { id });
      expect(res.code).toBe(-1);
      expect(res.status).toBe(400);
    }
    expect((await owner.get('/v1/users/findUsersBankCardDetailsById', { id: 987654 })).msg).toBe(
      '银行卡不存在',
    );
  });
});

describe('edit with a permit, delete with the safety password', () => {
  let p: Player;
  let cardId: number;
  beforeAll(async () => {
    p = await player();
    cardId = (await addCard(p)).data.id;
  });

  it('safetyCheckBankCard refuses a wrong password and issues a single-use permit', async () => {
    expect(
      (
        await p.post('/v1/users/safetyCheckBankCard', {
          id: cardId,
          safetyPassword: sp(p, '999999'),
        })
      ).msg,
    ).toMatch(/^资金密码错误/);
    const permit = await p.post('/v1/users/safetyCheckBankCard', {
      id: cardId,
      safetyPassword: sp(p),
    });
    expect(permit).toMatchObject({ code: 1, data: { expiresInSec: 600 } });
    const number = cardNo('622588');
    const res = await p.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: permit.data.verifyToken,
      bankCode: 'CMB',
      bankNumber: number,
      branch: '上海分行',
    });
    expect(res).toMatchObject({
      code: 1,
      data: {
        bankCode: 'CMB',
        bankName: '招商银行',
        branch: '上海分行',
        accountNo: `**** **** **** ${number.slice(-4)}`,
      },
    });
    const [row] = await cardsOf(p.userId);
    expect(row).toMatchObject({
      account_no: number,
      bank_code: 'CMB',
      real_name: '张三丰',
      status: 'active',
    });
    const again = await p.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: permit.data.verifyToken,
      branch: '再改支行',
    });
    expect(again).toMatchObject({ code: -1, msg: '验证已失效，请重新验证资金密码' });
    expect((await cardsOf(p.userId))[0].branch).toBe('上海分行');
  });

  it('an expired or forged permit and bad fields are refused without using the permit', async () => {
    const forged = await p.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: 'A'.repeat(43),
      branch: '伪造支行',
    });
    expect(forged.msg).toBe('验证已失效，请重新验证资金密码');
    const permit = await p.post('/v1/users/safetyCheckBankCard', {
      id: cardId,
      safetyPassword: sp(p),
    });
    const bad = await p.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: permit.data.verifyToken,
      branch: '<i>x</i>',
    });
    expect(bad.status).toBe(400);
    const q = await player();
    const taken = cardNo();
    expect((await addCard(q, { bankNumber: taken })).code).toBe(1);
    const dup = await p.post('/v1/users/updateBankCardFront', {
      id: cardId,
      verifyToken: permit.data.verifyToken,
      bankNumber: taken,
    });
    expect(dup.msg).toBe('该银行卡已被绑定');
    // The refusal rolled back: the permit is still good.
    expect(
      (
        await p.post('/v1/users/updateBankCardFront', {
          id: cardId,
          verifyToken: permit.data.verifyToken,
          branch: '广州分行',
        })
      ).code,
    ).toBe(1);
    const permit2 = await p.post('/v1/users/safetyCheckBankCard', {
      id: cardId,
      safetyPassword: sp(p),
    });
    await ctx.sql`update bank_card_edit_permits set expires_at = now() - interval '1 second' where user_id = ${p.userId}`;
    expect(
      (
        await p.post('/v1/users/updateBankCardFront', {
          id: cardId,
          verifyToken: permit2.data.verifyToken,
          branch: '过期支行',
        })
      ).code,
    ).toBe(-1);
    expect((await cardsOf(p.userId))[0].branch).toBe('广州分行');
  });

  it('destructionCheckBankCard deletes with the right password only; the row is kept as deleted', async () => {
    expect(
      (
        await p.post('/v1/users/destructionCheckBankCard', {
          id: cardId,
          safetyPassword: sp(p, '111111'),
        })
      ).msg,
    ).toMatch(/^资金密码错误/);
    expect((await cardsOf(p.userId))[0].status).toBe('active');
    expect(
      await p.post('/v1/users/destructionCheckBankCard', { id: cardId, safetyPassword: sp(p) }),
    ).toMatchObject({ code: 1, msg: '删除成功' });
    expect((await cardsOf(p.userId))[0].status).toBe('deleted');
    expect((await p.get('/v1/users/getBankCardListFront')).data.list).toEqual([]);
    expect((await p.get('/v1/users/findUsersBankCardDetailsById', { id: cardId })).msg).toBe(
      '银行卡不存在',
    );
    expect(
      (await p.post('/v1/users/destructionCheckBankCard', { id: cardId, safetyPassword: sp(p) }))
        .msg,
    ).toBe('银行卡不存在');
    // The name stays locked after the last card goes.
    expect((await p.get('/v1/users/getFirstLockBankCard')).data.locked).toBe(true);
  });
});
