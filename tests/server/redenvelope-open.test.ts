/**
 * Opening red envelopes: the race (1,000 concurrent openers of a 100-share envelope: exactly 100
 * paid, escrow zero), one user's 50 opens pay once, snatch/open/detail/records/read state, and
 * bad input of every kind answered in Chinese with nothing changed.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp } from './helpers.ts';
import {
  bulkMembers,
  escrowOf,
  open,
  player,
  playerBalance,
  recordOf,
  room,
  sendIn,
  type Player,
} from './redenvelope-fixtures.ts';
import { maskName } from '../../src/domain/money.ts';

const ctx = await setupTestApp();
afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});
let alice: Player;
let roomCode: string;
beforeAll(async () => {
  alice = await player(ctx, 100_000_000);
  roomCode = (await room(ctx)).roomCode;
});

describe('opening', () => {
  it('1,000 concurrent openers of a 100-share envelope: exactly 100 paid, escrow zero', {
    timeout: 120_000,
  }, async () => {
    const sent = await sendIn(alice, roomCode, { num: 100, type: 2, amount: '1000.00' });
    expect(sent.code, sent.msg).toBe(1);
    const recordId = recordOf(sent.data);
    expect(await escrowOf(ctx.sql, alice.userId)).toBe(100_000);
    const members = await bulkMembers(ctx, 1000);
    const results = await Promise.all(members.map((m) => open(m, recordId, roomCode)));
    for (const r of results) expect(r.status, r.msg).toBe(200);
    const winners = results.filter((r) => r.data?.state === 1);
    expect(winners).toHaveLength(100);
    expect(results.filter((r) => r.data?.state === 0 && r.data.msg === '红包已抢完')).toHaveLength(
      900,
    );
    const paid = winners.reduce((s, r) => s + Math.round(Number(r.data.amount) * 100), 0);
    expect(paid).toBe(100_000);
    expect(await escrowOf(ctx.sql, alice.userId)).toBe(0);
    const [e] =
      await ctx.sql`select taken, remaining_fen, state from red_envelopes where record_code = ${recordId}`;
    expect(e).toMatchObject({ taken: 100, remaining_fen: 0, state: 5 });
    const [t] =
      await ctx.sql`select count(*)::int as n, sum(amount)::bigint as s from transfers where transfer_id like ${`rp:${recordId}:%`}`;
    expect(t).toMatchObject({ n: 100, s: 100_000 });
    // the detail shows the best luck once everything is taken
    const detail = await alice.get('/v1/transfer/queryReceiveRedEnvelope', {
      recordId,
      pageNum: 1,
      pageSize: 100,
      roomCode,
    });
    expect(detail.data).toMatchObject({
      numTotal: 100,
      total: 100,
      amountTotal: '1000.00',
      receiveAmount: '1000.00',
      receiveNum: 100,
      state: 5,
    });
    expect(detail.data.rows.filter((r: { isBest: number }) => r.isBest === 1)).toHaveLength(1);
    const loser = members.find((_, i) => results[i]!.data.state === 0)!;
    expect(
      (await loser.post('/v1/transfer/snatchRedEnvelope', { recordId, roomCode })).data.state,
    ).toBe(0);
    const listed = await loser.get('/v1/chat/getMessageListWeb', { roomCode });
    const m = listed.data.list.find((x: { id: number }) => x.id === sent.data.id);
    expect(JSON.parse(m.message)).toMatchObject({ recordId, state: 3, isRead: 0 });
  });

  it('the same open sent 50 times by one user pays once', async () => {
    const sent = await sendIn(alice, roomCode, { num: 5, type: 1, amount: '3' });
    const recordId = recordOf(sent.data);
    const bob = await player(ctx, 0);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => open(bob, recordId, roomCode)),
    );
    expect(results.filter((r) => r.data.state === 1)).toHaveLength(1);
    for (const r of results) expect(r.data.amount).toBe('3.00');
    expect(
      results.filter((r) => r.data.state === 2 && r.data.msg === '您已领取过该红包'),
    ).toHaveLength(49);
    expect(await playerBalance(ctx.sql, bob.userId)).toBe(300);
    expect(await escrowOf(ctx.sql, alice.userId)).toBe(1200);
    const again = await open(bob, recordId, roomCode);
    expect(again.data).toEqual({ state: 2, amount: '3.00', msg: '您已领取过该红包' });
  });

  it('snatch, open, read mark, detail and my records', async () => {
    const sent = await sendIn(alice, roomCode, {
      num: 2,
      type: 2,
      amount: '5',
      wishingRemark: '新年快乐',
    });
    const recordId = recordOf(sent.data);
    const bob = await player(ctx, 0);
    const s = await bob.post('/v1/transfer/snatchRedEnvelope', {
      recordId,
      roomCode,
      roomId: '',
      isDirect: 0,
    });
    expect(s.data).toMatchObject({
      state: 1,
      wishingRemark: '新年快乐',
      type: 2,
      senderName: maskName(alice.userName),
    });
    let listed = await bob.get('/v1/chat/getMessageListWeb', { roomCode });
    expect(
      JSON.parse(listed.data.list.find((x: { id: number }) => x.id === sent.data.id).message),
    ).toMatchObject({ state: 0, isRead: 0 });
    expect(
      (await bob.post('/v1/transfer/updateReadedRedEnvelop', { recordCode: recordId, state: 1 }))
        .code,
    ).toBe(1);
    listed = await bob.get('/v1/chat/getMessageListWeb', { roomCode });
    expect(
      JSON.parse(listed.data.list.find((x: { id: number }) => x.id === sent.data.id).message),
    ).toMatchObject({ state: 0, isRead: 1 });
    const got = await open(bob, recordId, roomCode);
    expect(got.data.state).toBe(1);
    const own = await open(alice, recordId, roomCode);
    expect(own.data.state).toBe(1);
    const amounts = [got.data.amount, own.data.amount].map((a: string) =>
      Math.round(Number(a) * 100),
    );
    expect(amounts[0]! + amounts[1]!).toBe(500);
    const detail = await bob.get('/v1/transfer/queryReceiveRedEnvelope', { recordId, roomCode });
    expect(detail.data).toMatchObject({
      amount: got.data.amount,
      total: 2,
      numTotal: 2,
      amountTotal: '5.00',
      receiveAmount: '5.00',
      state: 2,
    });
    expect(detail.data.rows[0]).toMatchObject({
      dispatchType: 2,
      receiveTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(detail.data.rows[0].userName).toContain('*');
    const mine = await bob.get('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid', {
      pageNum: 1,
      pageSize: 20,
    });
    expect(mine.data).toMatchObject({
      total: 1,
      receivedTotal: got.data.amount,
      sentTotal: '0.00',
    });
    expect(mine.data.list[0]).toMatchObject({
      recordId,
      kind: 'received',
      amount: got.data.amount,
      state: 2,
      roomCode,
      num: 2,
      receiveNum: 2,
    });
    const hers = await alice.get('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid', {
      roomCode,
      startTime: '2000-01-01',
      endTime: '2999-01-01',
    });
    expect(
      hers.data.list.some(
        (r: { kind: string; recordId: string }) => r.kind === 'sent' && r.recordId === recordId,
      ),
    ).toBe(true);
    // a date that is no date is as if absent: 2000-02-30 is not read as 2000-03-01 (which would hide today)
    const noEnd = await bob.get('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid', {
      endTime: '2000-02-30',
    });
    expect(noEnd.data.total).toBe(1);
  });

  it('refuses bad input of every kind in Chinese, with nothing changed and no 500', async () => {
    const sent = await sendIn(alice, roomCode, { num: 1, type: 1, amount: '2' });
    const recordId = recordOf(sent.data);
    const other = (await room(ctx)).roomCode;
    const bob = await player(ctx, 0);
    const bad: Record<string, string | number>[] = [
      { recordId: 'junk', roomCode },
      { recordId: "HB1' or 1=1 --", roomCode },
      { recordId: 'HB000000000000000000', roomCode },
      { recordId, roomCode: other },
      { recordId, roomCode, isDirect: 1 },
      { recordId, roomCode, roomId: 'abc' },
      { recordId, roomCode, isDirect: 7 },
      { recordId: 'x'.repeat(100), roomCode },
      { roomCode },
    ];
    for (const form of bad) {
      for (const path of ['/v1/transfer/openRedEnvelope', '/v1/transfer/snatchRedEnvelope']) {
        const r = await bob.post(path, form);
        expect(r.code, JSON.stringify(form)).toBe(-1);
        expect(r.status).toBeLessThan(500);
        expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(
      (await bob.post('/v1/transfer/openRedEnvelope', { recordId, roomCode: other })).msg,
    ).toBe('红包不存在');
    const detailQueries: Record<string, string | number>[] = [
      { recordId: 'HB' },
      { recordId, pageSize: 0 },
      { recordId, pageNum: -1 },
      { recordId, roomCode: other },
    ];
    for (const q of detailQueries) {
      const r = await bob.get('/v1/transfer/queryReceiveRedEnvelope', q);
      expect(r.code).toBe(-1);
      expect(r.status).toBeLessThan(500);
    }
    const recordQueries: Record<string, string | number>[] = [
      { startTime: '2026-13-45' },
      { endTime: 'x' },
      { pageSize: 1000 },
    ];
    for (const q of recordQueries) {
      const r = await bob.get('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid', q);
      expect(r.status).toBeLessThan(500);
    }
    expect(
      (
        await bob.get('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid', {
          startTime: '2026-13-45',
        })
      ).code,
    ).toBe(1);
    expect(
      (await bob.post('/v1/transfer/updateReadedRedEnvelop', { recordCode: 'nope' })).msg,
    ).toBe('红包不存在');
    expect(await playerBalance(ctx.sql, bob.userId)).toBe(0);
    const [e] = await ctx.sql`select taken from red_envelopes where record_code = ${recordId}`;
    expect(e!.taken).toBe(0);
    // a player cannot reach the operator's calls
    expect((await bob.get('/v1/transfer/queryReceiveRedEnvelopeList')).status).toBe(403);
    expect((await bob.get('/v1/admin/redEnvelope/config')).status).toBe(403);
  });

  it('answers junk on every envelope call with a Chinese refusal, never a 500 and never money', async () => {
    const op = await ctx.userClient({ isOperator: true });
    const bob = await player(ctx, 0);
    const balance0 = await playerBalance(ctx.sql, alice.userId);
    const posts = [
      '/v1/transfer/snatchRedEnvelope',
      '/v1/transfer/openRedEnvelope',
      '/v1/transfer/updateReadedRedEnvelop',
      '/v1/admin/redEnvelope/config',
      '/v1/admin/redEnvelope/system',
    ];
    const gets = [
      '/v1/transfer/queryReceiveRedEnvelope',
      '/v1/transfer/queryFrontReceiveRedEnvelopeByUserid',
      '/v1/transfer/queryConfigurationInformation',
      '/v1/transfer/queryReceiveRedEnvelopeList',
      '/v1/transfer/queryPersonaRedEnvelopeCircumstance',
    ];
    const junk: Record<string, string>[] = [
      {},
      { recordId: '' },
      { recordId: '%00' },
      { recordId: 'HB'.padEnd(20, '9'), roomCode: '<script>' },
      { recordId: 'HB1', roomId: '1e309', isDirect: 'NaN' },
      { recordCode: 'x'.repeat(5000) },
      { grade: '1e309', maxAmount: '-1', dayLimitAmount: 'NaN', dayLimitCount: '-5' },
      { roomCode, num: '1e309', type: '2', amount: '1e309', requestId: 'abcdefgh' },
      { roomCode, num: '-1', type: '9', amount: '-5', requestId: 'abcdefgh' },
      {
        type: '2',
        startTime: '9999-99-99',
        endTime: '0000-00-00',
        pageNum: '0',
        pageSize: '1e9',
        status: '99',
        userName: '%',
      },
      { __proto__: '1', constructor: '1' } as Record<string, string>,
    ];
    for (const c of [bob, op]) {
      for (const form of junk) {
        for (const path of posts) {
          const r = await c.post(path, form);
          expect(r.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
          if (r.code !== 1) expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
        }
        for (const path of gets) {
          const r = await c.get(path, form);
          expect(r.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
          if (r.code !== 1) expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
    // junk envelope bodies through the chat send
    const bodies = [
      '[]',
      'null',
      '1',
      '"x"',
      '{"num":1e309,"type":2,"amount":"1"}',
      '{"num":"1","type":"2","amount":null}',
      '{"num":{"a":1},"type":2,"amount":"1"}',
      '{"num":1,"type":2,"amount":["1"]}',
      '{"num":1,"type":2,"amount":"1","wishingRemark":{"x":1}}',
      '{"num":1,"type":2,"amount":"0"}',
      '{"num":1,"type":2,"amount":"0.001"}',
      '{"num":1,"type":1,"amount":"999999.99"}',
    ];
    for (const message of bodies) {
      const r = await alice.post('/v1/chat/addMessage', {
        roomCode,
        messageTypeId: 3,
        message,
        safetyPassword: alice.safety,
        requestId: `junk${message.length}x${Math.random().toString(36).slice(2, 8)}`,
      });
      expect(r.status, message).toBeLessThan(500);
      expect(r.code, message).toBe(-1);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await playerBalance(ctx.sql, alice.userId)).toBe(balance0);
  });
});
