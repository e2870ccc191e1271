/** Withdrawals: the player records and the operator review. */
import { describe, expect, it } from 'vitest';
import { holdBalance, newPlayer, SAVE, withdrawForm } from './withdraw-fixtures.ts';
import { ctx, op } from './withdraw-api-fixtures.ts';

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
