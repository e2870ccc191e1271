/**
 * The refund job exactly once (run twice, and four runs at once), the expired and refunded
 * states as players see them, and the operator's calls: per-grade config, the list, receipts and
 * a house-funded system envelope (refunded to the house).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '../../src/domain/time.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { refundDue } from '../../src/server/redEnvelope/refund.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';
import { operator, type Member } from './chat-fixtures.ts';
import {
  escrowOf,
  newRequestId,
  open,
  player,
  playerBalance,
  recordOf,
  room,
  sendIn,
  type Player,
} from './redenvelope-fixtures.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});
let alice: Player;
let op: Member;
let roomCode: string;
beforeAll(async () => {
  op = await operator(ctx);
  alice = await player(ctx, 1_000_000);
  roomCode = (await room(ctx)).roomCode;
});

const expire = (recordId: string) =>
  ctx.sql`update red_envelopes set expires_at = now() - interval '1 second' where record_code = ${recordId}`;
const houseBalance = async () =>
  (
    await ctx.sql<{ b: number }[]>`select balance as b from ledger_accounts where kind = 'house'`
  )[0]!.b;

describe('the refund job', () => {
  it('returns what is left once, run twice and four times at once, and shows refunded', async () => {
    const a = recordOf((await sendIn(alice, roomCode, { num: 4, type: 1, amount: '10' })).data);
    const b = recordOf((await sendIn(alice, roomCode, { num: 3, type: 2, amount: '9' })).data);
    const bob = await player(ctx, 0);
    expect((await open(bob, a, roomCode)).data.amount).toBe('10.00');
    expect(await playerBalance(ctx.sql, alice.userId)).toBe(1_000_000 - 4000 - 900);
    // not due yet: nothing happens
    expect(await refundDue(ctx.sql, Date.now())).toBe(0);
    await expire(a);
    await expire(b);
    const runs = await Promise.all([1, 2, 3, 4].map(() => refundDue(ctx.sql, Date.now())));
    expect(runs.reduce((s, n) => s + n, 0)).toBe(2);
    expect(await refundDue(ctx.sql, Date.now())).toBe(0);
    expect(await playerBalance(ctx.sql, alice.userId)).toBe(1_000_000 - 1000);
    expect(await escrowOf(ctx.sql, alice.userId)).toBe(0);
    const [t] =
      await ctx.sql`select count(*)::int as n from transfers where transfer_id in (${`rr:${a}`}, ${`rr:${b}`}) and type_code = 208`;
    expect(t!.n).toBe(2);
    // players see it expired / refunded
    const carol = await player(ctx, 0);
    expect((await open(carol, a, roomCode)).data).toEqual({
      state: -1,
      amount: '0.00',
      msg: '该红包已超过12小时，如已领取，可在我的红包中查看',
    });
    expect(
      (await carol.post('/v1/transfer/snatchRedEnvelope', { recordId: a, roomCode })).data.state,
    ).toBe(4);
    expect((await open(bob, a, roomCode)).data).toMatchObject({ state: 2, amount: '10.00' });
    const listed = await carol.get('/v1/chat/getMessageListWeb', { roomCode });
    const states = listed.data.list
      .filter((m: { messageTypeId: number }) => m.messageTypeId === 3)
      .map((m: { message: string }) => JSON.parse(m.message).state);
    expect(states).toEqual([4, 4]);
    expect(await playerBalance(ctx.sql, carol.userId)).toBe(0);
  });

  it('an expired envelope not yet refunded opens as expired and pays nothing', async () => {
    const c = recordOf((await sendIn(alice, roomCode, { num: 2, type: 1, amount: '1' })).data);
    await expire(c);
    const dave = await player(ctx, 0);
    expect((await open(dave, c, roomCode)).data.state).toBe(-1);
    expect(await playerBalance(ctx.sql, dave.userId)).toBe(0);
    expect(await refundDue(ctx.sql, Date.now())).toBe(1);
  });
});

describe('the operator', () => {
  it('sets per-grade limits, which the configuration call shows', async () => {
    const def = await op.get('/v1/admin/redEnvelope/config');
    expect(def.data.default).toMatchObject({ grade: -1000, maxAmount: '10000.00' });
    expect(
      (
        await op.post('/v1/admin/redEnvelope/config', {
          grade: 3,
          maxAmount: '88.00',
          dayLimitAmount: '500',
          dayLimitCount: 4,
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await op.post('/v1/admin/redEnvelope/config', {
          grade: 3,
          maxAmount: '1.234',
          dayLimitAmount: '500',
          dayLimitCount: 4,
        })
      ).code,
    ).toBe(-1);
    expect((await op.post('/v1/admin/redEnvelope/config', { grade: -1000, remove: 1 })).msg).toBe(
      '默认配置不能删除',
    );
    const p = await player(ctx);
    await ctx.sql`update users set grade = 3 where id = ${p.userId}`;
    // the session carries the grade it logged in with: log in again
    await p.login(p.userName, p.password);
    const cfg = await p.get('/v1/transfer/queryConfigurationInformation', { type: 2 });
    expect(cfg.data).toMatchObject({
      maxAmount: '88.00',
      dayLimitAmount: '500.00',
      dayLimitCount: 4,
    });
    expect((await sendIn(p, roomCode, { num: 1, type: 1, amount: '88.01' })).msg).toBe(
      '人均单个红包金额不能大于88元',
    );
    expect((await op.get('/v1/admin/redEnvelope/config')).data.perGrade).toEqual([
      { grade: 3, maxAmount: '88.00', dayLimitAmount: '500.00', dayLimitCount: 4 },
    ]);
    expect((await op.post('/v1/admin/redEnvelope/config', { grade: 3, remove: 1 })).code).toBe(1);
  });

  it('sends a house-funded system envelope, lists envelopes and receipts; the house gets the rest back', async () => {
    const house0 = await houseBalance();
    const requestId = newRequestId();
    const form = {
      roomCode,
      num: '3',
      type: 1,
      amount: '2.00',
      wishingRemark: '系统红包',
      requestId,
    };
    const sent = await op.post('/v1/admin/redEnvelope/system', form);
    expect(sent.code, sent.msg).toBe(1);
    expect((await op.post('/v1/admin/redEnvelope/system', form)).data.id).toBe(sent.data.id);
    const recordId = recordOf(sent.data);
    expect(await houseBalance()).toBe(house0 - 600);
    const eve = await player(ctx, 0);
    expect((await open(eve, recordId, roomCode)).data.amount).toBe('2.00');
    const list = await op.get('/v1/transfer/queryReceiveRedEnvelopeList', {
      recordCode: recordId,
      type: -1,
      status: -1,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.data.list[0]).toMatchObject({
      recordCode: recordId,
      isSystem: 1,
      num: 3,
      receiveNum: 1,
      amount: '6.00',
      receiveAmount: '2.00',
      status: 0,
    });
    // the date filter: today's Beijing day holds it; a date that is no date (02-30) filters nothing, never March
    const today = beijingDate(Date.now());
    const onDay = (startTime: string, endTime: string) =>
      op.get('/v1/transfer/queryReceiveRedEnvelopeList', {
        recordCode: recordId,
        startTime,
        endTime,
      });
    expect((await onDay(today, today)).data.list).toHaveLength(1);
    expect((await onDay('2000-01-01', '2000-02-30')).data.list).toHaveLength(1);
    const receipts = await op.get('/v1/transfer/queryPersonaRedEnvelopeCircumstance', { recordId });
    expect(receipts.data.list).toEqual([
      expect.objectContaining({ userName: eve.userName, amount: '2.00', seq: 1 }),
    ]);
    expect(
      (await op.get('/v1/transfer/queryPersonaRedEnvelopeCircumstance', { recordId: 'zzz' })).msg,
    ).toBe('红包不存在');
    await expire(recordId);
    await refundDue(ctx.sql, Date.now());
    expect(await houseBalance()).toBe(house0 - 200);
    expect(await escrowOf(ctx.sql, op.userId)).toBe(0);
    const refunded = await op.get('/v1/transfer/queryReceiveRedEnvelopeList', {
      status: 4,
      userName: op.userName,
    });
    expect(refunded.data.list.map((r: { recordCode: string }) => r.recordCode)).toContain(recordId);
    expect(
      (
        await op.post('/v1/admin/redEnvelope/system', {
          ...form,
          requestId: newRequestId(),
          num: '0',
        })
      ).msg,
    ).toBe('红包个数必须为正整数');
    expect(await ledgerSum(ctx.sql)).toBe(0);
  });
});
