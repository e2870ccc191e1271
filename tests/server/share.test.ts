/**
 * Sharing bets (type 7) and a day's record (type 9) through the one chat pipeline and the
 * multi-target shareMessage: the stored payload is built from the sharer's own records (another
 * user's bet is refused, the client's numbers are never taken), muted senders and guests are
 * refused, and bad input of every kind is answered in Chinese with nothing sent and no 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { operator, type Member } from './chat-fixtures.ts';
import { dwdEntry, fund, requestId, saleIssue } from './betting-fixtures.ts';
import { player, room, type Player } from './redenvelope-fixtures.ts';
import { beijingDate } from '../../src/domain/time.ts';

const ctx = await setupTestApp();
let alice: Player;
let bob: Player;
let op: Member;
let roomCode: string;
let aliceBets: { id: number; orderNo: string }[];
let bobBet: { id: number; orderNo: string };

const place = async (c: Member, entries: Record<string, unknown>[]) => {
  const res = await c.post('/v1/betting/addBetting', {
    bettingData: JSON.stringify(entries),
    requestId: requestId(),
  });
  if (res.code !== 1) throw new Error(res.msg);
  return res.data.orders as { id: number; orderNo: string }[];
};
const countShares = async () =>
  (
    await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from chat_messages where message_type_id in (7, 9)`
  )[0]!.n;
const shareIn = (c: Member, code: string, messageTypeId: number, message: string) =>
  c.post('/v1/chat/addMessage', { roomCode: code, messageTypeId, message, status: 0, userIds: '' });

beforeAll(async () => {
  op = await operator(ctx);
  alice = await player(ctx);
  bob = await player(ctx);
  roomCode = (await room(ctx)).roomCode;
  const issue = await saleIssue(ctx.sql, '1008');
  aliceBets = await place(alice, [
    dwdEntry(issue),
    dwdEntry(issue, { bettingNumber: '2,-,-,-,-', graduationCount: 3, bettingAmount: '6.00' }),
  ]);
  [bobBet] = await place(bob, [dwdEntry(issue)]);
});

describe('shared bets (type 7)', () => {
  it('stores the sharer own bets as the server records them', async () => {
    const res = await shareIn(
      alice,
      roomCode,
      7,
      JSON.stringify({ orderIds: aliceBets.map((b) => String(b.id)) }),
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data.messageTypeId).toBe(7);
    const data = JSON.parse(res.data.message).data;
    const rows = await ctx.sql<
      {
        order_no: string;
        amount: number;
        multiple: number;
        betting_number: string;
        issue: string;
      }[]
    >`
      select order_no, amount, multiple, betting_number, issue from bets where id = any(${aliceBets.map((b) => b.id)}) order by id`;
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      orderId: rows[0]!.order_no,
      lotteryCode: '1008',
      lotteryType: 'SSC',
      bettingIssue: rows[0]!.issue,
      playDetailCode: '1008DWD',
      bettingNumber: '1,-,-,-,-',
      bettingCount: 1,
      bettingUnit: 1,
      graduationCount: 1,
      bettingAmount: '2.00',
      money: '2.00',
      betDetailContent: '1,-,-,-,-',
    });
    expect(typeof data[0].lotteryName).toBe('string');
    expect(data[0].betDetail).not.toBe('');
    expect(data[1]).toMatchObject({
      orderId: rows[1]!.order_no,
      bettingNumber: '2,-,-,-,-',
      graduationCount: 3,
      money: '6.00',
    });
    expect(rows[1]!.amount).toBe(600);
    // the history lists the same stored payload
    const list = await bob.get('/v1/chat/getMessageListWeb', { roomCode });
    const found = (list.data.list ?? list.data).find((m: { id: number }) => m.id === res.data.id);
    expect(JSON.parse(found.message)).toEqual({ data });
  });

  it('refuses another user bet, a missing id and junk, and sends nothing', async () => {
    const before = await countShares();
    const cases: [string, string][] = [
      [JSON.stringify({ orderIds: [bobBet.id] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: [aliceBets[0]!.id, bobBet.id] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: [999999999] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: ['1; drop table bets'] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: [-1] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: [1.5] }), '注单不存在或不属于您'],
      [JSON.stringify({ orderIds: [] }), '请选择要分享的注单'],
      [
        JSON.stringify({ orderIds: Array.from({ length: 21 }, (_, i) => i + 1) }),
        '一次最多分享20个注单',
      ],
      [JSON.stringify({ data: [{ money: '999999' }] }), '分享内容格式不正确'],
      ['not json', '分享内容格式不正确'],
      ['[1,2]', '分享内容格式不正确'],
      ['null', '分享内容格式不正确'],
    ];
    for (const [message, msg] of cases) {
      const r = await shareIn(alice, roomCode, 7, message);
      expect([r.code, r.msg], message).toEqual([-1, msg]);
      expect(r.status).toBeLessThan(500);
    }
    expect(await countShares()).toBe(before);
  });

  it('shares into a private chat through addDirectMessage', async () => {
    const boss = await player(ctx);
    await ctx.sql`update users set grade = 100 where id = ${boss.userId}`;
    const roomId = (await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId }))
      .data.roomId;
    const r = await alice.post('/v1/chat/addDirectMessage', {
      roomId,
      messageTypeId: 7,
      message: JSON.stringify({ orderIds: [aliceBets[0]!.id] }),
    });
    expect(r.code, r.msg).toBe(1);
    expect(JSON.parse(r.data.message).data[0].orderId).toBe(aliceBets[0]!.orderNo);
    const items = await boss.get('/v1/chat/getDirectRoomListWeb', {});
    expect(items.data.list.find((i: { roomId: number }) => i.roomId === roomId).subTitle).toMatch(
      /^\[分享注单\]/,
    );
    expect(
      (
        await alice.post('/v1/chat/addDirectMessage', {
          roomId,
          messageTypeId: 7,
          message: JSON.stringify({ orderIds: [bobBet.id] }),
        })
      ).msg,
    ).toBe('注单不存在或不属于您');
  });
});

describe('shared record (type 9)', () => {
  it('stores the day profit and loss the report shows', async () => {
    const today = beijingDate(Date.now());
    const res = await shareIn(alice, roomCode, 9, JSON.stringify({ date: today, profit: '88888' }));
    expect(res.code, res.msg).toBe(1);
    const report = await alice.get('/v1/report/userReport/profitLoss', { date: today });
    expect(report.code, report.msg).toBe(1);
    expect(JSON.parse(res.data.message)).toEqual({
      data: [
        {
          betAmount: report.data.betAmount,
          returnAmount: report.data.prizeAmount,
          profit: report.data.profit,
          dateName: today,
        },
      ],
    });
    // alice staked 2 + 6 yuan today and nothing is settled: all of it awaits its draw (待开奖), none is 投注 yet
    expect(report.data.betAmount).toBe('0.00');
    expect(report.data.pendingBetAmount).toBe('8.00');
  });

  it('refuses bad dates in Chinese', async () => {
    const before = await countShares();
    const cases: [string, string][] = [
      [JSON.stringify({ date: '2026-02-30' }), '日期格式不正确'],
      [JSON.stringify({ date: 'today' }), '日期格式不正确'],
      [JSON.stringify({ date: 20260101 }), '分享内容格式不正确'],
      [JSON.stringify({ date: '2001-01-01' }), '只能查询最近90天的记录'],
      [JSON.stringify({ date: beijingDate(Date.now(), -5) }), '结束日期不能晚于今天'],
      ['{', '分享内容格式不正确'],
    ];
    for (const [message, msg] of cases) {
      const r = await shareIn(alice, roomCode, 9, message);
      expect([r.code, r.msg], message).toEqual([-1, msg]);
    }
    expect(await countShares()).toBe(before);
  });
});

describe('who may share', () => {
  it('refuses the muted, a muted room and guests', async () => {
    const m = await player(ctx);
    await fund(ctx.sql, m.userId, 10_000);
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode,
          target: String(m.userId),
          durationTypeId: 4,
        })
      ).code,
    ).toBe(1);
    const today = JSON.stringify({ date: beijingDate(Date.now()) });
    expect((await shareIn(m, roomCode, 9, today)).msg).toBe(
      '禁言状态不允许发送图片、表情、红包、分享注单',
    );
    const r2 = await room(ctx);
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: r2.roomCode, isMessageBanned: 1 });
    expect((await shareIn(alice, r2.roomCode, 9, today)).msg).toBe(
      '禁言状态不允许发送图片、表情、红包、分享注单',
    );
    const r3 = await room(ctx, { guestCode: 'guest5678', guestChat: 1 });
    const g = ctx.client();
    expect(
      (await g.get('/v1/chat/getRoomWebGuest', { roomCode: r3.roomCode, guestCode: 'guest5678' }))
        .code,
    ).toBe(1);
    const res = await g.post('/v1/chat/addMessageGuest', {
      roomCode: r3.roomCode,
      guestCode: 'guest5678',
      messageTypeId: 7,
      message: JSON.stringify({ orderIds: [bobBet.id] }),
    });
    expect([res.code, res.msg]).toEqual([-1, '游客不能分享，请先注册']);
    expect(
      (
        await g.post('/v1/chat/shareMessage', {
          roomCodes: r3.roomCode,
          messageTypeId: 9,
          message: today,
        })
      ).code,
    ).not.toBe(1);
  });
});

describe('shareMessage (several targets)', () => {
  it('sends to each room and answers each outcome; a muted room fails alone', async () => {
    const r2 = (await room(ctx)).roomCode;
    const banned = (await room(ctx)).roomCode;
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: banned, isMessageBanned: 1 });
    const message = JSON.stringify({ orderIds: [aliceBets[1]!.id] });
    const res = await alice.post('/v1/chat/shareMessage', {
      roomCodes: `${r2},${banned}`,
      messageTypeId: 7,
      message,
    });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.sent).toBe(1);
    expect(res.data.results).toEqual([
      { roomCode: r2, ok: true, msg: '分享成功', messageId: expect.any(Number) },
      { roomCode: banned, ok: false, msg: '禁言状态不允许发送图片、表情、红包、分享注单' },
    ]);
    const all = await alice.post('/v1/chat/shareMessage', {
      roomCodes: r2,
      messageTypeId: 9,
      message: JSON.stringify({ date: beijingDate(Date.now()) }),
    });
    expect([all.code, all.msg]).toEqual([1, '分享成功']);
  });

  it('checks the targets and the references before sending anything', async () => {
    const before = await countShares();
    const msg = JSON.stringify({ orderIds: [aliceBets[0]!.id] });
    const ids = Array.from({ length: 31 }, (_, i) => i + 1).join(',');
    const cases: [Record<string, string | number>, string][] = [
      [{ messageTypeId: 7, message: msg }, '请选择要分享的聊天室'],
      [{ roomIds: ids, messageTypeId: 7, message: msg }, '分享限制为30个聊天室'],
      [
        {
          roomCodes: roomCode,
          messageTypeId: 7,
          message: JSON.stringify({ orderIds: [bobBet.id] }),
        },
        '注单不存在或不属于您',
      ],
      [{ roomCodes: roomCode, messageTypeId: 9, message: '{"date":"x"}' }, '日期格式不正确'],
    ];
    for (const [body, m] of cases) {
      const r = await alice.post('/v1/chat/shareMessage', body);
      expect([r.code, r.msg], JSON.stringify(body)).toEqual([-1, m]);
    }
    const junk: Record<string, string | number>[] = [
      { roomCodes: roomCode, messageTypeId: 1, message: 'hi' },
      { roomCodes: '<x>', messageTypeId: 7, message: msg },
      { roomIds: 'a', messageTypeId: 7, message: msg },
    ];
    for (const body of junk) {
      const r = await alice.post('/v1/chat/shareMessage', body);
      expect(r.code).not.toBe(1);
      expect(r.status).toBeLessThan(500);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // another user's private chat is refused as a target
    const r = await alice.post('/v1/chat/shareMessage', {
      roomIds: '999999',
      messageTypeId: 7,
      message: msg,
    });
    expect(r.code).toBe(-1);
    expect(await countShares()).toBe(before);
  });
});
