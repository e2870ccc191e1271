/** A withdrawal request: the player settings, the hold, and bad input that changes nothing. */
import { describe, expect, it } from 'vitest';
import {
  holdBalance,
  insertAddress,
  insertCard,
  newPlayer,
  newRequestId,
  SAVE,
  setSettings,
  transfersOf,
  walletOf,
  withdrawForm,
} from './withdraw-fixtures.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { ctx, op, orderCount, expectRefused } from './withdraw-api-fixtures.ts';

describe('settings for the player', () => {
  it('answers the limits, fee rule, turnover multiple and the count left today', async () => {
    const p = await newPlayer(ctx, 0);
    const res = await p.get('/v1/users/queryUsersTenantConfigWithdrawSettingFront');
    expect(res.code).toBe(1);
    expect(res.data).toEqual({
      enabled: true,
      minAmount: '100.00',
      maxAmount: '50000.00',
      dailyCount: 5,
      freeCount: 1,
      feePercent: '1.00',
      feeMin: '1.00',
      feeMax: '50.00',
      turnoverPercent: 100,
      openStart: '00:00',
      openEnd: '00:00',
      usedToday: 0,
      remainingCount: 5,
      isOpen: true,
    });
    expect(
      (await ctx.client().get('/v1/users/queryUsersTenantConfigWithdrawSettingFront')).code,
    ).toBe(0);
    expect(
      (await p.get('/v1/users/queryUsersTenantConfigWithdrawSettingFront', { x: 1 })).status,
    ).toBe(400);
  });
});

describe('a withdrawal', () => {
  it('holds the amount at once (305), free the first time of the day', async () => {
    const p = await newPlayer(ctx, 100_000);
    const res = await p.post(SAVE, withdrawForm(p, { amount: '300' }));
    expect(res.code, res.msg).toBe(1);
    expect(res.msg).toBe('提现申请已提交');
    expect(res.data.applied).toBe(true);
    expect(res.data.balance).toBe('700.00');
    expect(res.data.order).toMatchObject({
      amount: '300.00',
      fee: '0.00',
      arrival: '300.00',
      status: 'pending',
      statusName: '审核中',
      accountName: '招商银行',
      realName: '张**',
      targetKind: 'bank',
    });
    expect(res.data.order.orderNo).toMatch(/^W\d{16}$/);
    expect(res.data.order.accountNo).toMatch(/^\*\*\*\* \d{4}$/);
    expect(await walletOf(ctx.sql, p.userId)).toBe(70_000);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(30_000);
    expect(await transfersOf(ctx.sql, p.userId)).toEqual([
      { transfer_id: `withdraw:hold:${res.data.order.id}`, type_code: 305, amount: 30_000 },
    ]);
  });

  it('charges the fee from the second one of the day (1 %, at least 1 yuan, at most 50), paid out as 305 + 306', async () => {
    const p = await newPlayer(ctx, 1_000_000);
    expect((await p.post(SAVE, withdrawForm(p, { amount: '100' }))).data.order.fee).toBe('0.00');
    const second = await p.post(SAVE, withdrawForm(p, { amount: '250' }));
    expect(second.data.order).toMatchObject({ amount: '250.00', fee: '2.50', arrival: '247.50' });
    const third = await p.post(SAVE, withdrawForm(p, { amount: '9000' }));
    expect(third.data.order).toMatchObject({ fee: '50.00', arrival: '8950.00' });
    expect(await walletOf(ctx.sql, p.userId)).toBe(1_000_000 - 935_000);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(935_000);

    const paid = await op.post('/v1/admin/withdraw/approve', { id: second.data.order.id });
    expect(paid.code, paid.msg).toBe(1);
    expect(paid.data).toEqual({ id: second.data.order.id, status: 'paid' });
    const id = second.data.order.id;
    expect(
      (await transfersOf(ctx.sql, p.userId)).filter((t) => t.transfer_id.endsWith(`:${id}`)),
    ).toEqual([
      { transfer_id: `withdraw:hold:${id}`, type_code: 305, amount: 25_000 },
      { transfer_id: `withdraw:pay:${id}`, type_code: 305, amount: 24_750 },
      { transfer_id: `withdraw:fee:${id}`, type_code: 306, amount: 250 },
    ]);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(910_000);
    expect(await walletOf(ctx.sql, p.userId)).toBe(65_000);
    const again = await op.post('/v1/admin/withdraw/approve', { id });
    expect(again).toMatchObject({ code: -1, msg: '该提现已处理（已出款）' });
    expect(await holdBalance(ctx.sql, p.userId)).toBe(910_000);
  });

  it('a rejection gives everything held back (412) and frees the day count', async () => {
    await setSettings(ctx.sql, { dailyCount: 1, freeCount: 0 });
    const p = await newPlayer(ctx, 50_000);
    const first = await p.post(SAVE, withdrawForm(p, { amount: '200' }));
    expect(first.data.order).toMatchObject({ fee: '2.00', arrival: '198.00' });
    await expectRefused(p, withdrawForm(p), '今日提现次数已用完（每日1次）');
    expect(
      (await op.post('/v1/admin/withdraw/reject', { id: first.data.order.id, remark: '' })).status,
    ).toBe(400);
    expect(
      (await op.post('/v1/admin/withdraw/reject', { id: first.data.order.id, remark: '<b>x</b>' }))
        .status,
    ).toBe(400);
    expect(
      (await op.post('/v1/admin/withdraw/reject', { id: first.data.order.id, remark: '   ' })).msg,
    ).toBe('驳回原因不能为空');
    const rej = await op.post('/v1/admin/withdraw/reject', {
      id: first.data.order.id,
      remark: '账户信息不符',
    });
    expect(rej.code, rej.msg).toBe(1);
    expect(await walletOf(ctx.sql, p.userId)).toBe(50_000);
    expect(await holdBalance(ctx.sql, p.userId)).toBe(0);
    const t = await transfersOf(ctx.sql, p.userId);
    expect(t.map((x) => [x.type_code, x.amount])).toEqual([
      [305, 20_000],
      [412, 20_000],
    ]);
    expect((await op.post('/v1/admin/withdraw/approve', { id: first.data.order.id })).msg).toBe(
      '该提现已处理（已驳回）',
    );
    const detail = await p.get('/v1/transaction/withdrawRecordDetail', { id: first.data.order.id });
    expect(detail.data).toMatchObject({
      status: 'rejected',
      statusName: '已驳回',
      remark: '账户信息不符',
    });
    // the rejected one does not count: another is allowed today
    expect((await p.post(SAVE, withdrawForm(p, { amount: '100' }))).code).toBe(1);
  });

  it('pays to a digital-currency address', async () => {
    const p = await newPlayer(ctx, 20_000);
    const addressId = await insertAddress(ctx.sql, p.userId);
    const res = await p.post(SAVE, {
      amount: '150',
      addressId,
      safetyPassword: p.safety,
      requestId: newRequestId(),
    });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.order).toMatchObject({
      targetKind: 'digital',
      accountName: 'USDT TRC20',
      realName: '',
    });
  });
});

describe('bad input changes nothing', () => {
  it('refuses malformed fields with HTTP 400', async () => {
    const p = await newPlayer(ctx, 100_000);
    const cases: Record<string, string | number>[] = [
      { amount: '100', cardId: p.cardId, safetyPassword: p.safety }, // no requestId
      { cardId: p.cardId, safetyPassword: p.safety, requestId: newRequestId() }, // no amount
      { ...withdrawForm(p), extra: '1' }, // unknown field
      withdrawForm(p, { cardId: 'abc' }),
      withdrawForm(p, { cardId: -1 }),
      withdrawForm(p, { cardId: 0 }),
      withdrawForm(p, { cardId: '1e309' }),
      withdrawForm(p, { cardId: '1.5' }),
      withdrawForm(p, { safetyPassword: '123456' }), // clear text, not the hash
      withdrawForm(p, { safetyPassword: p.safety.toUpperCase() }),
      withdrawForm(p, { requestId: 'short' }),
      withdrawForm(p, { requestId: '<script>alert(1)</script>' }),
      withdrawForm(p, { requestId: 'x'.repeat(65) }),
      withdrawForm(p, { amount: '' }),
      withdrawForm(p, { amount: '12345678901' }), // longer than 10 characters
    ];
    for (const form of cases) await expectRefused(p, form, /.+/, 400);
  });

  it('refuses amounts that are not whole yuan within the limits', async () => {
    const p = await newPlayer(ctx, 10_000_000);
    for (const amount of [
      '0',
      '-100',
      '100.5',
      '100.00',
      '1e3',
      ' 100',
      '0100',
      'abc',
      '１００',
      '<b>1</b>',
    ]) {
      await expectRefused(p, withdrawForm(p, { amount }), '提现金额须为正整数（元）');
    }
    await expectRefused(p, withdrawForm(p, { amount: '99' }), '单笔最低提现100.00元');
    await expectRefused(p, withdrawForm(p, { amount: '50001' }), '单笔最高提现50000.00元');
    await expectRefused(p, withdrawForm(p, { amount: '9999999999' }), '单笔最高提现50000.00元');
  });

  it('refuses a card or address that is not mine, deleted or missing, or no target at all', async () => {
    const p = await newPlayer(ctx, 100_000);
    const other = await newPlayer(ctx, 100_000);
    const deleted = await insertCard(ctx.sql, p.userId, { status: 'deleted' });
    const othersAddress = await insertAddress(ctx.sql, other.userId);
    await expectRefused(p, withdrawForm(p, { cardId: other.cardId }), '收款账户不存在');
    await expectRefused(p, withdrawForm(p, { cardId: deleted }), '收款账户不存在');
    await expectRefused(p, withdrawForm(p, { cardId: 999_999_999 }), '收款账户不存在');
    const noTarget = withdrawForm(p);
    delete noTarget.cardId;
    await expectRefused(p, noTarget, '请选择收款账户');
    await expectRefused(p, { ...noTarget, addressId: othersAddress }, '提现地址不存在');
    await expectRefused(p, withdrawForm(p, { addressId: othersAddress }), '只能选择一个收款账户');
  });

  it('refuses a wrong safety password, then locks; and asks for one when none is set', async () => {
    const p = await newPlayer(ctx, 100_000);
    const wrong = safetyPasswordHash(p.userName, '654321');
    await expectRefused(p, withdrawForm(p, { safetyPassword: wrong }), '资金密码错误，还可尝试4次');
    for (const left of [3, 2, 1])
      await expectRefused(
        p,
        withdrawForm(p, { safetyPassword: wrong }),
        `资金密码错误，还可尝试${left}次`,
      );
    await expectRefused(
      p,
      withdrawForm(p, { safetyPassword: wrong }),
      '资金密码错误次数过多，请15分钟后再试',
    );
    await expectRefused(p, withdrawForm(p), '资金密码错误次数过多，请15分钟后再试'); // even the right one, while locked
    const fresh = await ctx.userClient();
    const cardId = await insertCard(ctx.sql, fresh.userId);
    const res = await fresh.post(SAVE, {
      amount: '100',
      cardId,
      safetyPassword: wrong,
      requestId: newRequestId(),
    });
    expect(res).toMatchObject({ code: -1, msg: '请先设置资金密码' });
  });

  it('refuses without enough balance, when closed, disabled, or under unmet turnover', async () => {
    const p = await newPlayer(ctx, 15_000);
    await expectRefused(p, withdrawForm(p, { amount: '151' }), '余额不足');
    await setSettings(ctx.sql, { enabled: false });
    await expectRefused(p, withdrawForm(p), '提现功能暂未开放');
    const hour = (new Date(Date.now() + 8 * 3600_000).getUTCHours() + 2) % 24;
    const hh = String(hour).padStart(2, '0');
    await setSettings(ctx.sql, { openStart: `${hh}:00`, openEnd: `${hh}:30` });
    await expectRefused(p, withdrawForm(p), `提现开放时间为${hh}:00至${hh}:30（北京时间）`);
    await setSettings(ctx.sql, { minFen: 100, feeMinFen: 200, freeCount: 0 });
    await expectRefused(p, withdrawForm(p, { amount: '2' }), '提现金额不足以支付手续费');
    await setSettings(ctx.sql, {});
    await ctx.sql`insert into turnover_flows (user_id, source, ref, base_fen, required_fen)
                  values (${p.userId}, 'recharge', ${`t:${p.userId}`}, 10000, 12345)`;
    await expectRefused(p, withdrawForm(p), '还需完成123.45元流水才能提现');
  });

  it('refuses a requestId reused for another withdrawal', async () => {
    const p = await newPlayer(ctx, 100_000);
    const form = withdrawForm(p, { amount: '100' });
    expect((await p.post(SAVE, form)).code).toBe(1);
    const replay = await p.post(SAVE, form);
    expect(replay.code).toBe(1);
    expect(replay.data.applied).toBe(false);
    const secondCard = await insertCard(ctx.sql, p.userId);
    await expectRefused(p, { ...form, amount: '200' }, REQUEST_REUSED_MSG);
    await expectRefused(p, { ...form, cardId: secondCard }, REQUEST_REUSED_MSG);
    expect(await orderCount(p.userId)).toBe(1);
    expect(await walletOf(ctx.sql, p.userId)).toBe(90_000);
  });

  it('needs a login', async () => {
    const res = await ctx.client().post(SAVE, {
      amount: '100',
      cardId: 1,
      safetyPassword: 'a'.repeat(32),
      requestId: newRequestId(),
    });
    expect(res.code).toBe(0);
  });
});
