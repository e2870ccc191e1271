/**
 * Sending red envelopes through the one chat pipeline (type 3): the spec's messages, guests and
 * muted users, the safety password, the quota and count, requestId replay, private chats, and bad
 * input of every kind answered in Chinese with nothing changed.
 */
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { expectZeroSum, setupTestApp } from './helpers.ts';
import { operator, type Member } from './chat-fixtures.ts';
import { RefusalReason } from '../../src/domain/errors.ts';
import {
  escrowOf,
  newRequestId,
  player,
  playerBalance,
  recordOf,
  room,
  sendIn,
  type Player,
} from './redenvelope-fixtures.ts';

const ctx = await setupTestApp();
afterEach(() => expectZeroSum(ctx.sql));
let alice: Player;
let op: Member;
let roomCode: string;
beforeAll(async () => {
  op = await operator(ctx);
  alice = await player(ctx);
  roomCode = (await room(ctx)).roomCode;
});

const countEnvelopes = async () =>
  (await ctx.sql<{ n: number }[]>`select count(*)::int as n from red_envelopes`)[0]!.n;

describe('sending', () => {
  it('answers every validation message of spec 001 and moves nothing', async () => {
    await ctx.sql`update red_envelope_config set max_amount_fen = 50000 where grade = -1000`;
    const before = await playerBalance(ctx.sql, alice.userId);
    const cases: [Parameters<typeof sendIn>[2], string][] = [
      [{ num: '2.5' }, '红包个数必须为整数'],
      [{ num: 'abc' }, '红包个数必须为整数'],
      [{ num: 0 }, '红包个数必须为正整数'],
      [{ num: -1 }, '红包个数必须为正整数'],
      [{ num: 1001 }, '红包个数不能超过1000个'],
      [{ num: 10, amount: '9.99' }, '人均单个红包金额不能小于1元'],
      [{ num: 2, type: 1, amount: '500.01' }, '人均单个红包金额不能大于500元'],
      [{ amount: '1.234' }, '红包金额格式不正确，最多6位整数和2位小数'],
      [{ amount: '-10' }, '红包金额格式不正确，最多6位整数和2位小数'],
      [{ amount: '9999999' }, '红包金额格式不正确，最多6位整数和2位小数'],
      [{ amount: '1e5' }, '红包金额格式不正确，最多6位整数和2位小数'],
      [{ wishingRemark: '一二三四五六七八九十一二三四五六七八九十一' }, '祝福语不能超过20个字'],
      [{ type: 5 }, '红包类型不正确'],
    ];
    for (const [o, msg] of cases) {
      const r = await sendIn(alice, roomCode, o);
      expect(r.msg, JSON.stringify(o)).toBe(msg);
      expect(r.status).toBeLessThan(500);
    }
    expect(
      (
        await alice.post('/v1/chat/addMessage', {
          roomCode,
          messageTypeId: 3,
          message: 'not json',
          safetyPassword: alice.safety,
          requestId: newRequestId(),
        })
      ).msg,
    ).toBe('红包消息格式不正确');
    expect(await playerBalance(ctx.sql, alice.userId)).toBe(before);
    expect(await countEnvelopes()).toBe(0);
    await ctx.sql`update red_envelope_config set max_amount_fen = 1000000 where grade = -1000`;
  });

  it('checks the quota and the daily count, per grade', async () => {
    const p = await player(ctx, 10_000_000);
    await ctx.sql`update users set grade = 7 where id = ${p.userId}`;
    await ctx.sql`insert into red_envelope_config (grade, max_amount_fen, day_limit_amount_fen, day_limit_count) values (7, 100000, 30000, 2)`;
    const cfg = await p.get('/v1/transfer/queryConfigurationInformation', { type: 2 });
    expect(cfg.data).toMatchObject({
      amount: '300.00',
      maxAmount: '1000.00',
      dayLimitAmount: '300.00',
      dayLimitCount: 2,
      dayLimitSendCount: 0,
      minAmount: '1.00',
      maxNum: 1000,
      hasSafetyPassword: true,
      defaultWish: '恭喜发财，大发发发发',
    });
    expect((await sendIn(p, roomCode, { num: 1, amount: '300.01' })).msg).toBe('您的红包额度不足');
    expect((await sendIn(p, roomCode, { num: 1, amount: '200' })).code).toBe(1);
    expect((await sendIn(p, roomCode, { num: 1, amount: '100.01' })).msg).toBe('您的红包额度不足');
    expect((await sendIn(p, roomCode, { num: 1, amount: '50' })).code).toBe(1);
    expect((await sendIn(p, roomCode, { num: 1, amount: '1' })).msg).toBe(
      '您每日可发红包次数为2次，已超限制',
    );
    const after = await p.get('/v1/transfer/queryConfigurationInformation', { type: 2 });
    expect(after.data).toMatchObject({ amount: '50.00', dayLimitSendCount: 2 });
    expect(await escrowOf(ctx.sql, p.userId)).toBe(25_000);
    expect((await p.get('/v1/transfer/queryConfigurationInformation', { type: 3 })).msg).toBe(
      '不支持的配置类型',
    );
  });

  it('refuses guests, the muted, a missing or wrong safety password, a poor player', async () => {
    // muted (a ban) and a whole room muted
    const m = await player(ctx);
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode,
          target: String(m.userId),
          durationTypeId: 4,
        })
      ).code,
    ).toBe(1);
    expect((await sendIn(m, roomCode)).msg).toBe('禁言状态不允许发送图片、表情、红包、分享注单');
    const r2 = await room(ctx);
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: r2.roomCode, isMessageBanned: 1 });
    expect((await sendIn(alice, r2.roomCode)).msg).toBe(
      '禁言状态不允许发送图片、表情、红包、分享注单',
    );
    // no safety password
    const none = Object.assign(await ctx.userClient(), { safety: '0'.repeat(32) });
    const r = await none.post('/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 3,
      message: JSON.stringify({ num: 1, type: 1, amount: '1' }),
      requestId: newRequestId(),
    });
    expect([r.code, r.msg]).toEqual([-1, '请先设置资金密码']);
    expect(r.data).toEqual({ needSafetyPassword: true, reason: RefusalReason.NO_SAFETY_PASSWORD });
    expect(
      (await none.get('/v1/transfer/queryConfigurationInformation', { type: 2 })).data
        .hasSafetyPassword,
    ).toBe(false);
    expect((await sendIn(alice, roomCode, { safetyPassword: 'f'.repeat(32) })).msg).toMatch(
      /^资金密码错误/,
    );
    // no request id
    expect(
      (
        await alice.post('/v1/chat/addMessage', {
          roomCode,
          messageTypeId: 3,
          message: JSON.stringify({ num: 1, type: 1, amount: '1' }),
          safetyPassword: alice.safety,
        })
      ).msg,
    ).toBe('请求编号不正确，请刷新后重试');
    const poor = await player(ctx, 500);
    expect((await sendIn(poor, roomCode, { num: 1, amount: '5.01' })).msg).toBe('余额不足');
    expect(await countEnvelopes()).toBe(2);
  });

  it('refuses a guest sender', async () => {
    const r3 = await room(ctx, { guestCode: 'guest1234', guestChat: 1 });
    const g = ctx.client();
    const issued = await g.get('/v1/chat/getRoomWebGuest', {
      roomCode: r3.roomCode,
      guestCode: 'guest1234',
    });
    expect(issued.code, issued.msg).toBe(1);
    const res = await g.post('/v1/chat/addMessageGuest', {
      roomCode: r3.roomCode,
      guestCode: 'guest1234',
      messageTypeId: 3,
      message: JSON.stringify({ num: 1, type: 1, amount: '1' }),
    });
    expect([res.code, res.msg]).toEqual([-1, '游客不能发红包，请先注册']);
    // and cannot grab: every envelope call needs a login
    expect(
      (
        await g.post('/v1/transfer/openRedEnvelope', {
          recordId: 'HB000000000000000001',
          roomCode: r3.roomCode,
        })
      ).code,
    ).not.toBe(1);
  });

  it('sends once per requestId: a replay answers the first message, another payload is refused', async () => {
    const p = await player(ctx);
    const requestId = newRequestId();
    const first = await sendIn(p, roomCode, { requestId, num: 3, type: 1, amount: '2' });
    expect(first.code, first.msg).toBe(1);
    expect(first.data.messageTypeId).toBe(3);
    const body = JSON.parse(first.data.message);
    expect(body).toEqual({
      recordId: expect.stringMatching(/^HB\d{18}$/),
      type: 1,
      wishingRemark: '恭喜发财',
      num: 3,
    });
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendIn(p, roomCode, { requestId, num: 3, type: 1, amount: '2' }),
      ),
    );
    for (const r of replays) expect(r.data?.id, r.msg).toBe(first.data.id);
    expect((await sendIn(p, roomCode, { requestId, num: 3, type: 1, amount: '3' })).msg).toBe(
      '请求编号已用于另一笔不同的请求，请刷新后重试',
    );
    expect(await escrowOf(ctx.sql, p.userId)).toBe(600);
    expect(await playerBalance(ctx.sql, p.userId)).toBe(1_000_000 - 600);
    // concurrent first sends of one id: one envelope
    const id2 = newRequestId();
    const race = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendIn(p, roomCode, { requestId: id2, num: 1, type: 1, amount: '1' }),
      ),
    );
    expect(new Set(race.map((r) => r.data?.id)).size).toBe(1);
    expect(await escrowOf(ctx.sql, p.userId)).toBe(700);
  });

  it('stores the message and the money together, with the default wish; HTML is kept as text', async () => {
    const p = await player(ctx);
    const r = await sendIn(p, roomCode, { wishingRemark: '', num: 2, amount: '10' });
    expect(JSON.parse(r.data.message).wishingRemark).toBe('恭喜发财，大发发发发');
    const html = await sendIn(p, roomCode, {
      wishingRemark: '<b onclick=x>红</b>',
      num: 1,
      amount: '1',
    });
    expect(html.code, html.msg).toBe(1);
    expect(JSON.parse(html.data.message).wishingRemark).toBe('<b onclick=x>红</b>');
    const [row] = await ctx.sql`
      select e.total_fen, e.message_id, m.message_type_id, t.amount from red_envelopes e join chat_messages m on m.id = e.message_id
      join transfers t on t.transfer_id = 'rs:' || e.record_code where e.record_code = ${recordOf(r.data)}`;
    expect(row).toMatchObject({
      total_fen: 1000,
      message_id: r.data.id,
      message_type_id: 3,
      amount: 1000,
    });
  });

  it('sends exactly one envelope in a private chat', async () => {
    const boss = await player(ctx);
    await ctx.sql`update users set grade = 100 where id = ${boss.userId}`;
    const p = await player(ctx);
    const roomId = (await p.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId })).data
      .roomId;
    const send = (num: number) =>
      p.post('/v1/chat/addDirectMessage', {
        roomId,
        messageTypeId: 3,
        message: JSON.stringify({ num, type: 1, amount: '8' }),
        safetyPassword: p.safety,
        requestId: newRequestId(),
      });
    expect((await send(2)).msg).toBe('私聊只能发1个红包');
    const ok = await send(1);
    expect(ok.code, ok.msg).toBe(1);
    const recordId = recordOf(ok.data);
    const own = await p.post('/v1/transfer/openRedEnvelope', { recordId, roomId, isDirect: 1 });
    expect(own.data).toMatchObject({ state: 2, msg: '私聊红包只能由对方领取' });
    const stranger = await player(ctx);
    expect(
      (await stranger.post('/v1/transfer/openRedEnvelope', { recordId, roomId, isDirect: 1 })).msg,
    ).toBe('红包不存在');
    const got = await boss.post('/v1/transfer/openRedEnvelope', { recordId, roomId, isDirect: 1 });
    expect(got.data).toEqual({ state: 1, amount: '8.00', msg: '' });
    const list = await boss.get('/v1/chat/getDirectMessageListWeb', { roomId });
    const m = list.data.list.find((x: { id: number }) => x.id === ok.data.id);
    expect(JSON.parse(m.message)).toMatchObject({ recordId, state: 2, isRead: 1, amount: '8.00' });
    const subTitle = (await boss.get('/v1/chat/getDirectRoomListWeb')).data.list[0].subTitle;
    expect(subTitle).toBe('[红包]恭喜发财，大发发发发');
  });
});
