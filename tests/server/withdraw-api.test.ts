/** The withdraw calls: settings, hold, records, pay, reject, and every kind of bad input refused without effect. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';
import {
  expectLedgerSound,
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
  type Player,
} from './withdraw-fixtures.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';

const ctx = await setupTestApp();
let op: TestClient;
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
});
afterEach(async () => {
  await setSettings(ctx.sql, {});
  await expectLedgerSound(ctx.sql);
});

const orderCount = async (userId: number) =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from withdraw_orders where user_id = ${userId}`
  )[0]!.n;

/** The call is refused with `msg` and nothing changed: no order, the wallet as it was, nothing held. */
async function expectRefused(
  p: Player,
  form: Record<string, string | number>,
  msg: string | RegExp,
  status = 200,
) {
  const before = await walletOf(ctx.sql, p.userId);
  const orders = await orderCount(p.userId);
  const held = await holdBalance(ctx.sql, p.userId);
  const res = await p.post(SAVE, form);
  expect(res.code, res.msg).not.toBe(1);
  expect(res.status).toBe(status);
  if (typeof msg === 'string') expect(res.msg).toBe(msg);
  else expect(res.msg).toMatch(msg);
  expect(await walletOf(ctx.sql, p.userId)).toBe(before);
  expect(await orderCount(p.userId)).toBe(orders);
  expect(await holdBalance(ctx.sql, p.userId)).toBe(held);
}

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

describe('records', () => {
  it("lists and shows only my withdrawals; another player's id is 记录不存在", async () => {
    const p = await newPlayer(ctx, 100_000);
    const other = await newPlayer(ctx, 100_000);
    const a = await p.post(SAVE, withdrawForm(p, { amount: '100' }));
    const b = await p.post(SAVE, withdrawForm(p, { amount: '200' }));
    const o = await other.post(SAVE, withdrawForm(other, { amount: '300' }));
    await op.post('/v1/admin/withdraw/approve', { id: a.data.order.id });
    const list = await p.get('/v1/transaction/withdrawRecordList');
    expect(list.data.total).toBe(2);
    expect(
      list.data.list.map((r: { id: number; statusName: string }) => [r.id, r.statusName]),
    ).toEqual([
      [b.data.order.id, '审核中'],
      [a.data.order.id, '已出款'],
    ]);
    const pending = await p.get('/v1/transaction/withdrawRecordList', {
      status: 'pending',
      page: 1,
      pageSize: 10,
    });
    expect(pending.data.list.map((r: { id: number }) => r.id)).toEqual([b.data.order.id]);
    expect((await p.get('/v1/transaction/withdrawRecordDetail', { id: o.data.order.id })).msg).toBe(
      '记录不存在',
    );
    expect((await p.get('/v1/transaction/withdrawRecordDetail', { id: 'x' })).status).toBe(400);
    expect((await p.get('/v1/transaction/withdrawRecordList', { status: 'done' })).status).toBe(
      400,
    );
    expect((await p.get('/v1/transaction/withdrawRecordList', { pageSize: 1000 })).status).toBe(
      400,
    );
    expect(
      (await p.get('/v1/transaction/withdrawRecordDetail', { id: a.data.order.id })).data.status,
    ).toBe('paid');
  });
});

describe('operator', () => {
  it('is for operators only', async () => {
    const p = await newPlayer(ctx, 0);
    expect((await p.get('/v1/admin/withdraw/list')).status).toBe(403);
    expect((await p.post('/v1/admin/withdraw/approve', { id: 1 })).status).toBe(403);
    expect((await p.post('/v1/admin/withdraw/reject', { id: 1, remark: 'x' })).status).toBe(403);
    expect((await p.get('/v1/admin/withdraw/settings')).status).toBe(403);
    expect((await p.post('/v1/admin/withdraw/settings', { enabled: 0 })).status).toBe(403);
  });

  it('lists orders with the full account, filters by status and user, refuses bad ids', async () => {
    const p = await newPlayer(ctx, 100_000);
    const res = await p.post(SAVE, withdrawForm(p, { amount: '123' }));
    const list = await op.get('/v1/admin/withdraw/list', {
      status: 'pending',
      userName: p.userName,
    });
    expect(list.data.total).toBe(1);
    const [card] = await ctx.sql`select account_no from bank_cards where id = ${p.cardId}`;
    expect(list.data.list[0]).toMatchObject({
      id: res.data.order.id,
      userName: p.userName,
      amount: '123.00',
      accountNo: card!.account_no,
      realName: '张三丰',
      statusName: '审核中',
    });
    expect((await op.get('/v1/admin/withdraw/list', { status: 'x' })).status).toBe(400);
    expect((await op.get('/v1/admin/withdraw/list', { userName: '<a>' })).status).toBe(400);
    expect((await op.post('/v1/admin/withdraw/approve', { id: 999_999_999 })).msg).toBe(
      '记录不存在',
    );
    expect((await op.post('/v1/admin/withdraw/approve', {})).status).toBe(400);
    expect((await op.post('/v1/admin/withdraw/approve', { id: 'abc' })).status).toBe(400);
    expect(
      (await op.post('/v1/admin/withdraw/approve', { id: res.data.order.id, extra: 1 })).status,
    ).toBe(400);
    expect(
      (await op.post('/v1/admin/withdraw/reject', { id: 999_999_999, remark: '无' })).msg,
    ).toBe('记录不存在');
    expect(await holdBalance(ctx.sql, p.userId)).toBe(12_300);
  });

  it('edits the settings; bad values change nothing', async () => {
    const saved = await op.post('/v1/admin/withdraw/settings', {
      enabled: 1,
      minAmount: '50',
      maxAmount: '20000.00',
      dailyCount: 3,
      freeCount: 2,
      feePercent: '0.5',
      feeMin: '2',
      feeMax: '0',
      turnoverPercent: 150,
      openStart: '09:00',
      openEnd: '02:00',
    });
    expect(saved.code, saved.msg).toBe(1);
    const want = {
      enabled: true,
      minAmount: '50.00',
      maxAmount: '20000.00',
      dailyCount: 3,
      freeCount: 2,
      feePercent: '0.50',
      feeMin: '2.00',
      feeMax: '0.00',
      turnoverPercent: 150,
      openStart: '09:00',
      openEnd: '02:00',
    };
    expect(saved.data).toEqual(want);
    const [row] = await ctx.sql`select value from site_settings where key = 'withdraw'`;
    expect(row!.value.turnoverPercent).toBe(150);
    const bad: [Record<string, string | number>, string | number][] = [
      [{ minAmount: '30000' }, '最高提现金额不能低于最低提现金额'],
      [{ minAmount: '0.5' }, '最低提现金额须为不少于1元的整数元'],
      [{ minAmount: '1.234' }, '最低提现金额格式不正确，最多两位小数'],
      [{ feePercent: '101' }, '手续费比例须在0到100之间，最多两位小数'],
      [{ feePercent: '-1' }, '手续费比例须在0到100之间，最多两位小数'],
      [{ freeCount: 4 }, '免费次数不能多于每日次数'],
      [{ feeMin: '10', feeMax: '5' }, '手续费上限不能低于下限'],
      [{ dailyCount: -1 }, 400],
      [{ turnoverPercent: 1.5 }, 400],
      [{ openStart: '25:00' }, 400],
      [{ enabled: 2 }, 400],
      [{ color: 'red' }, 400],
    ];
    for (const [form, want2] of bad) {
      const r = await op.post('/v1/admin/withdraw/settings', form);
      expect(r.code, JSON.stringify(form)).not.toBe(1);
      if (typeof want2 === 'number') expect(r.status).toBe(want2);
      else expect(r.msg).toBe(want2);
    }
    expect((await op.get('/v1/admin/withdraw/settings')).data).toEqual(want);
  });
});
