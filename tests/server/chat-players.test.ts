/** What a room shows about a player: playerInfo, the role card and the muted check. */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import { dwdEntry, fund, requestId, saleIssue } from './betting-fixtures.ts';
import { gradeUser, makeRoom, type Member, operator } from './chat-fixtures.ts';

const ctx = await setupTestApp();
let op: Member;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  op = await operator(ctx);
  alice = await ctx.userClient({ userName: 'alicechat' });
  bob = await ctx.userClient();
});

describe('playerInfo', () => {
  it('shows the played lotteries, winnings, masked account and sex', async () => {
    await fund(ctx.sql, alice.userId, 10_000);
    const issue = await saleIssue(ctx.sql, '1008');
    const bet = await alice.post('/v1/betting/addBetting', {
      bettingData: JSON.stringify([dwdEntry(issue)]),
      requestId: requestId(),
    });
    expect(bet.code, bet.msg).toBe(1);
    await ctx.sql`update users set gender = 2, nick_name = '小爱' where id = ${alice.userId}`;
    const seen = await bob.get('/v1/chat/playerInfo', { userId: alice.userId });
    expect(seen.data).toMatchObject({
      userId: String(alice.userId),
      userName: 'al***t',
      nickName: '小爱',
      sex: 0,
      playedLottery: '1008',
      totalBonus: '0.00',
    });
    const own = await alice.get('/v1/chat/playerInfo', { userId: alice.userId });
    expect(own.data.userName).toBe('alicechat');
    await ctx.sql`update bets set status = 'WON', payout = 1950 where user_id = ${alice.userId}`;
    expect((await bob.get('/v1/chat/playerInfo', { userId: alice.userId })).data.totalBonus).toBe(
      '19.50',
    );
    expect((await bob.get('/v1/chat/playerInfo', { userId: bob.userId })).data).toMatchObject({
      playedLottery: '',
      totalBonus: '0.00',
      sex: 2,
    });
    expect((await bob.get('/v1/chat/playerInfo', { userId: 99_999_999 })).msg).toBe('用户不存在');
    expect((await bob.get('/v1/chat/playerInfo', { userId: 'x' })).code).toBe(-1);
    expect((await ctx.client().get('/v1/chat/playerInfo', { userId: alice.userId })).code).toBe(0);
  });
});

describe('role card and muted check', () => {
  it('names managers, and says whether a member is muted by any rule', async () => {
    const room = await makeRoom(op, { managers: op.userName });
    const card = (userId: number) =>
      bob.get('/v1/chat/getRoleUserCardFront', { userId, roomCode: room.roomCode });
    const down = (userId: number) =>
      bob.get('/v1/chat/getIsDownFront', { userId, roomCode: room.roomCode });
    expect((await card(op.userId)).data).toMatchObject({ isManager: 1, grade: 100, isBanned: 0 });
    expect((await card(alice.userId)).data).toMatchObject({
      isManager: 0,
      isBanned: 0,
      durationTypeId: 0,
      banId: 0,
    });
    expect((await down(alice.userId)).data).toBe(0);
    await op.post('/v1/chat/addBanFront', {
      roomCode: room.roomCode,
      target: alice.userId,
      durationTypeId: 2,
    });
    const muted = (await card(alice.userId)).data as {
      isBanned: number;
      durationTypeId: number;
      banId: number;
    };
    expect(muted).toMatchObject({ isBanned: 1, durationTypeId: 2 });
    const list = (await op.get('/v1/chat/getBanListFront', { roomCode: room.roomCode })).data as {
      list: { id: number; target: string }[];
    };
    expect(muted.banId).toBe(list.list.find((b) => b.target === String(alice.userId))!.id);
    // the duration changed through that record
    expect(
      (
        await op.post('/v1/chat/updateBanFront', {
          roomCode: room.roomCode,
          id: muted.banId,
          durationTypeId: 3,
        })
      ).code,
    ).toBe(1);
    expect((await card(alice.userId)).data).toMatchObject({
      isBanned: 1,
      durationTypeId: 3,
      banId: muted.banId,
    });
    await op.post('/v1/chat/updateBanFront', {
      roomCode: room.roomCode,
      id: muted.banId,
      durationTypeId: 2,
    });
    expect(await down(alice.userId)).toMatchObject({ data: 1, msg: '您已被禁言1天' });
    await gradeUser(ctx, bob.userId, 4);
    await op.post('/v1/admin/chat/rooms/save', {
      id: room.id,
      roomCode: room.roomCode,
      title: 't',
      mutedGrades: '4',
    });
    expect(await down(bob.userId)).toMatchObject({ data: 1, msg: '您的等级已被禁言' });
    expect((await down(op.userId)).data).toBe(0);
    expect(
      (await bob.get('/v1/chat/getIsDownFront', { userId: alice.userId, roomCode: '999999' })).msg,
    ).toBe('房间不存在');
  });
});
