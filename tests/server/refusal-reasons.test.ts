/**
 * Every refusal a client acts on carries its typed reason (domain RefusalReason) beside code -1, so
 * the client branches on the reason and a message may be reworded freely (issue 25): 余额不足 of a
 * bet, a stale rebate, no or a refused safety password, and a chat socket's stale key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RefusalReason } from '../../src/domain/errors.ts';
import { setupTestApp, type TestContext } from './helpers.ts';
import {
  dwdEntry,
  expectLedgerSound,
  fund,
  requestId,
  saleIssue,
  saleIssues,
} from './betting-fixtures.ts';
import { newRequestId, player, room, sendIn } from './redenvelope-fixtures.ts';
import { listen, openWithKey, type SocketClient } from './chat-fixtures.ts';

let ctx: TestContext;
let issue: string;
const sockets: SocketClient[] = [];
beforeAll(async () => {
  ctx = await setupTestApp();
  issue = await saleIssue(ctx.sql, '1008');
});
afterEach(async () => expectLedgerSound(ctx.sql));
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
});

const ADD = '/v1/betting/addBetting';
const FAST = '/v1/betting/addFastBetting';
const slip = (...entries: Record<string, unknown>[]) => JSON.stringify(entries);

describe('bets', () => {
  it('a stake the wallet cannot cover: insufficientBalance, on addBetting and addFastBetting', async () => {
    const poor = await ctx.userClient();
    await fund(ctx.sql, poor.userId, 100);
    const res = await poor.post(ADD, {
      bettingData: slip(dwdEntry(issue)),
      requestId: requestId(),
    });
    expect(res).toMatchObject({ code: -1, data: { reason: RefusalReason.INSUFFICIENT_BALANCE } });
    const fast = await poor.post(FAST, {
      bettingData: slip(
        dwdEntry(issue, {
          playDetailCode: '1008LM',
          bettingNumber: '大,-,-,-,-,-',
          bettingCount: 1,
          bettingAmount: '5.00',
        }),
      ),
      requestId: requestId(),
      source: 'dragon',
    });
    expect(fast).toMatchObject({ code: -1, data: { reason: RefusalReason.INSUFFICIENT_BALANCE } });
  });

  it('a rebate above what the player may take, or none: rebateStale', async () => {
    const c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 10_000);
    for (const bettingPoint of [9.9, '']) {
      const res = await c.post(ADD, {
        bettingData: slip(dwdEntry(issue, { bettingPoint })),
        requestId: requestId(),
      });
      expect(res).toMatchObject({ code: -1, data: { reason: RefusalReason.REBATE_STALE } });
    }
  });

  it('a chase: insufficientBalance and rebateStale alike', async () => {
    const c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 1_000);
    const issues = await saleIssues(ctx.sql, '1008', 2);
    const chase = (multiple: number, bettingPoint: number) => ({
      isStopAfterWinning: 1,
      startIssue: issues[0],
      lotteryCode: '1008',
      bettingPoint,
      playDetailCode: '1008DWD',
      bettingUnit: 1,
      bettingAllAmount: `${4 * multiple}.00`,
      chaseCount: 2,
      eachInfo: [{ bettingNumber: '1,-,-,-,-', bettingCount: 1 }],
      eachOrder: issues.map((bettingIssue) => ({
        bettingIssue,
        graduationCount: multiple,
        bettingAmount: `${2 * multiple}.00`,
      })),
    });
    const poor = await c.post('/v1/betting/addChaseBetting', {
      chaseBettingData: JSON.stringify(chase(100, 0)),
      requestId: requestId(),
    });
    expect(poor).toMatchObject({ code: -1, data: { reason: RefusalReason.INSUFFICIENT_BALANCE } });
    const stale = await c.post('/v1/betting/addChaseBetting', {
      chaseBettingData: JSON.stringify(chase(1, 20)),
      requestId: requestId(),
    });
    expect(stale).toMatchObject({ code: -1, data: { reason: RefusalReason.REBATE_STALE } });
  });

  it('other refusals carry no reason', async () => {
    const c = await ctx.userClient();
    await fund(ctx.sql, c.userId, 10_000);
    const res = await c.post(ADD, {
      bettingData: slip(dwdEntry(issue, { bettingAmount: '3.00' })),
      requestId: requestId(),
    });
    expect(res).toMatchObject({ code: -1, msg: '金额不符', data: null });
  });
});

describe('safety password (a red envelope)', () => {
  it('none set: noSafetyPassword; missing or wrong: safetyPasswordRefused', async () => {
    const { roomCode } = await room(ctx);
    const none = await ctx.userClient();
    const r = await none.post('/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 3,
      message: JSON.stringify({ num: 1, type: 1, amount: '1' }),
      requestId: newRequestId(),
    });
    expect(r).toMatchObject({
      code: -1,
      data: { reason: RefusalReason.NO_SAFETY_PASSWORD, needSafetyPassword: true },
    });
    const p = await player(ctx);
    const missing = await p.post('/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 3,
      message: JSON.stringify({ num: 1, type: 1, amount: '1' }),
      requestId: newRequestId(),
    });
    expect(missing).toMatchObject({
      code: -1,
      data: { reason: RefusalReason.SAFETY_PASSWORD_REFUSED },
    });
    const wrong = await sendIn(p, roomCode, { safetyPassword: 'f'.repeat(32) });
    expect(wrong).toMatchObject({
      code: -1,
      data: { reason: RefusalReason.SAFETY_PASSWORD_REFUSED },
    });
  });
});

describe('chat socket', () => {
  it('a used or unknown key: the refused connect frame says chatKeyStale', async () => {
    const base = await listen(ctx.app);
    const { roomCode } = await room(ctx);
    const s = await openWithKey(base, { type: 1, key: 'made-up', roomId: roomCode });
    sockets.push(s);
    expect(s.frames[0]).toMatchObject({
      code: 2,
      success: false,
      body: { reason: RefusalReason.CHAT_KEY_STALE },
    });
  });
});
