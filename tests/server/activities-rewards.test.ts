/** Activities for players: check-in and the bonuses, each paid exactly once. */
import { describe, expect, it } from 'vitest';
import { beijingFormTime, currentPeriod } from '../../src/domain/activity/index.ts';
import { TxType } from '../../src/domain/txTypes.ts';
import { balanceOf, requestId } from './betting-fixtures.ts';
import {
  ctx,
  A,
  HOUR,
  CHECKIN_RULE,
  RECHARGE_RULE,
  TURNOVER_RULE,
  create,
  recharge,
  placeBet,
} from './activities-fixtures.ts';

describe('check-in', () => {
  it('signs in once a day; the run grows from yesterday; paid as 签到奖励 with its turnover', async () => {
    const id = await create({ kind: 'checkin', category: '4', rule: CHECKIN_RULE });
    const p = await ctx.userClient();
    const today = await p.get(A('checkin/today'));
    expect(today.data).toMatchObject({
      id,
      signedToday: false,
      state: 'claimable',
      amount: '1.00',
      streak: 1,
      checkinRewards: ['1.00', '2.00', '3.00'],
    });
    // yesterday's sign-in makes today day 2
    const yesterdayKey = currentPeriod('day', Date.now() - 24 * HOUR).key;
    await ctx.sql`insert into activity_claims (activity_id, user_id, period_key, amount_fen, streak, type_code, transfer_id)
      values (${id}, ${p.userId}, ${yesterdayKey}, 100, 1, ${TxType.SIGN_IN_REWARD}, ${`test:${id}:${p.userId}`})`;
    const r = await p.post(A('checkin/signIn'), { id, requestId: requestId() });
    expect(r).toMatchObject({
      code: 1,
      msg: '签到成功',
      data: { amount: '2.00', streak: 2, balance: '2.00', applied: true },
    });
    expect(await p.post(A('checkin/signIn'), { id })).toMatchObject({
      code: -1,
      msg: '今天已经签到过了',
    });
    const [t] =
      await ctx.sql`select transfer_id, type_code, amount from transfers where user_id = ${p.userId}`;
    expect(t).toMatchObject({
      transfer_id: `act:${id}:${p.userId}:${currentPeriod('day', Date.now()).key}`,
      type_code: TxType.SIGN_IN_REWARD,
      amount: 200,
    });
    const [flow] =
      await ctx.sql`select source, base_fen, required_fen from turnover_flows where user_id = ${p.userId}`;
    expect(flow).toMatchObject({ source: 'activity', base_fen: 200, required_fen: 400 });
    expect((await p.get(A('checkin/today'))).data).toMatchObject({
      signedToday: true,
      state: 'claimed',
      amount: '2.00',
    });
    const records = await p.get(A('getActivityRecordList'));
    expect(records.data.list[0]).toMatchObject({
      activityId: id,
      amount: '2.00',
      typeName: '签到奖励',
      streak: 2,
    });
  });

  it('50 concurrent sign-ins by one player pay exactly once', async () => {
    const id = await create({ kind: 'checkin', rule: CHECKIN_RULE });
    const p = await ctx.userClient();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => p.post(A('checkin/signIn'), { id, requestId: requestId() })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.code !== 1)
        .every((r) => r.msg === '今天已经签到过了' && r.status === 200),
    ).toBe(true);
    expect(await balanceOf(ctx.sql, p.userId)).toBe(100);
    const [s] =
      await ctx.sql`select count(*)::int as n, sum(amount)::int as s from transfers where user_id = ${p.userId}`;
    expect(s).toMatchObject({ n: 1, s: 100 });
  });

  it('not started, ended and not-a-check-in are refused', async () => {
    const p = await ctx.userClient();
    const later = await create({
      kind: 'checkin',
      rule: CHECKIN_RULE,
      startTime: beijingFormTime(Date.now() + HOUR),
    });
    expect((await p.post(A('checkin/signIn'), { id: later })).msg).toMatch(
      /^活动尚未开始，开始时间：/,
    );
    const info = await create();
    expect(await p.post(A('checkin/signIn'), { id: info })).toMatchObject({
      code: -1,
      msg: '该活动不是签到活动',
    });
    expect(await p.post(A('receiveActivityReward'), { id: info })).toMatchObject({
      code: -1,
      msg: '该活动无需领取',
    });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(0);
  });
});

describe('bonuses', () => {
  it('recharge bonus: not eligible says why; then 10 % of today, capped, once a day, as 续充赠送', async () => {
    const id = await create({ kind: 'recharge_bonus', category: '2', rule: RECHARGE_RULE() });
    const p = await ctx.userClient();
    await recharge(p.userId, 5_000);
    await recharge(p.userId, 90_000, Date.now() - 30 * HOUR); // yesterday: outside today
    const refused = await p.post(A('receiveActivityReward'), { id });
    expect(refused).toMatchObject({ code: -1, msg: '今日充值满100.00元才可领取（当前50.00元）' });
    expect((await p.get(A('getActivityDetails'), { id })).data).toMatchObject({
      state: 'ineligible',
      reason: refused.msg,
    });
    await recharge(p.userId, 7_000);
    expect((await p.get(A('checkActivityMsg'))).data).toMatchObject({
      count: 1,
      list: [{ id, amount: '12.00' }],
    });
    const r = await p.post(A('receiveActivityReward'), { id });
    expect(r).toMatchObject({ code: 1, data: { amount: '12.00' } });
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本期奖励您已领取',
    });
    const [t] =
      await ctx.sql`select type_code, amount from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(t).toMatchObject({ type_code: TxType.REDEPOSIT_BONUS, amount: 1_200 });
    const [flow] =
      await ctx.sql`select required_fen from turnover_flows where ref like ${`act:${id}:%`}`;
    expect(flow).toMatchObject({ required_fen: 3_600 });
    await recharge(p.userId, 1_000_000);
    const capped = await create({ kind: 'recharge_bonus', rule: RECHARGE_RULE() });
    expect((await p.post(A('receiveActivityReward'), { id: capped })).data.amount).toBe('50.00');
  });

  it('first-deposit bonus only for players with no recharge before it started (首充赠送)', async () => {
    const id = await create({
      kind: 'recharge_bonus',
      rule: RECHARGE_RULE({ firstDeposit: true, period: 'once' }),
    });
    const old = await ctx.userClient();
    await recharge(old.userId, 100_000, Date.now() - 2 * HOUR);
    await recharge(old.userId, 100_000);
    expect(await old.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本活动仅限首次充值的会员参与',
    });
    const fresh = await ctx.userClient();
    await recharge(fresh.userId, 20_000);
    expect((await fresh.post(A('receiveActivityReward'), { id })).data.amount).toBe('20.00');
    const [t] =
      await ctx.sql`select type_code from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(t!.type_code).toBe(TxType.FIRST_DEPOSIT_BONUS);
  });

  it('turnover bonus pays the highest tier reached by valid bets (settled only) as 活动奖励', async () => {
    const id = await create({ kind: 'turnover_bonus', category: '3', rule: TURNOVER_RULE });
    const p = await ctx.userClient();
    const bet = (fen: number, status: string) => placeBet(p, fen, status);
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: -1,
      msg: '本周有效投注满100.00元才可领取（当前0.00元）',
    });
    await bet(60_000, 'LOST');
    await bet(90_000, 'PENDING');
    expect(await p.post(A('receiveActivityReward'), { id })).toMatchObject({
      code: 1,
      data: { amount: '5.00' },
    });
    const again = await create({ kind: 'turnover_bonus', rule: TURNOVER_RULE });
    await bet(50_000, 'WON');
    expect((await p.post(A('receiveActivityReward'), { id: again })).data.amount).toBe('30.00');
    const codes =
      await ctx.sql`select distinct type_code from transfers where transfer_id like 'act:%' and user_id = ${p.userId}`;
    expect(codes.map((c) => c.type_code)).toEqual([TxType.ACTIVITY_REWARD]);
    await ctx.sql`update bets set status = 'SYSTEM_CANCELLED' where user_id = ${p.userId} and status = 'PENDING'`;
  });

  it('50 concurrent claims of one bonus by one player pay exactly once; a reused request id answers the first', async () => {
    const id = await create({ kind: 'recharge_bonus', rule: RECHARGE_RULE() });
    const p = await ctx.userClient();
    await recharge(p.userId, 20_000);
    const rid = requestId();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.post(A('receiveActivityReward'), { id, requestId: i === 0 ? rid : requestId() }),
      ),
    );
    expect(results.filter((r) => r.code === 1 && r.data.applied)).toHaveLength(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [s] =
      await ctx.sql`select count(*)::int as n, sum(amount)::int as s from transfers where transfer_id like ${`act:${id}:%`}`;
    expect(s).toMatchObject({ n: 1, s: 2_000 });
    expect(await balanceOf(ctx.sql, p.userId)).toBe(22_000);
    const [claim] = await ctx.sql`select request_id from activity_claims where activity_id = ${id}`;
    const repeat = await p.post(A('receiveActivityReward'), { id, requestId: claim!.request_id });
    expect(repeat).toMatchObject({ code: 1, data: { amount: '20.00', applied: false } });
  });
});
