/** Private rooms and muting over HTTP: who may open a private chat, read state, recall, remarks, and the mute calls. */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import {
  floodClock,
  gradeUser,
  makeRoom,
  type Member,
  nextSecond,
  operator,
} from './chat-fixtures.ts';

const ctx = await setupTestApp({}, { now: floodClock.now });
/** 1 for a sent message, else the refusal's code and message (so a failure says why). */
const sent = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  return r.code === 1 ? 1 : `${r.code} ${r.msg}`;
};
let op: Member;
let boss: Member;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  op = await operator(ctx);
  boss = await ctx.userClient();
  await gradeUser(ctx, boss.userId, 100);
  alice = await ctx.userClient();
  bob = await ctx.userClient();
});

describe('private rooms', () => {
  it('opens only with a manager on one side, once per pair, and never another user’s', async () => {
    expect((await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: bob.userId })).msg).toBe(
      '只能与管理员私聊',
    );
    expect((await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: alice.userId })).msg).toBe(
      '不能与自己私聊',
    );
    expect((await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: 987654321 })).msg).toBe(
      '用户不存在',
    );
    expect((await alice.get('/v1/chat/getDirectRoomWeb', {})).msg).toBe('请选择私聊对象');
    const opened = await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId });
    expect(opened.code).toBe(1);
    expect(opened.data).toMatchObject({
      userId: String(boss.userId),
      latestMessageId: 0,
      unread: 0,
    });
    const again = await boss.get('/v1/chat/getDirectRoomWeb', { targetUserId: alice.userId });
    expect(again.data.roomId).toBe(opened.data.roomId);
    expect(again.data.userId).toBe(String(alice.userId));
    // bob is not in it: every call on it is refused as if it did not exist
    const roomId = opened.data.roomId;
    expect((await bob.get('/v1/chat/getDirectRoomWeb', { roomId })).msg).toBe('私聊不存在');
    expect((await bob.get('/v1/chat/getDirectMessageListWeb', { roomId })).msg).toBe('私聊不存在');
    expect(
      (await bob.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 1, message: 'hi' }))
        .msg,
    ).toBe('私聊不存在');
    expect((await bob.post('/v1/chat/setDirectMessageReadWeb', { roomId, id: 1 })).msg).toBe(
      '私聊不存在',
    );
    expect((await bob.post('/v1/chat/recallDirectMessageWeb', { roomId, id: 1 })).msg).toBe(
      '私聊不存在',
    );
  });

  it('sends, pages, marks read and recalls', async () => {
    const roomId = (await bob.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId })).data
      .roomId;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const sender = i % 2 ? boss : bob;
      const r = await sender.post('/v1/chat/addDirectMessage', {
        roomId,
        messageTypeId: 1,
        message: `私信${i}`,
      });
      expect(r.code, r.msg).toBe(1);
      ids.push(r.data.id);
    }
    expect(
      (await bob.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 1, message: ' ' })).msg,
    ).toBe('内容不能为空');
    expect(
      (await bob.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 10, message: '{}' }))
        .msg,
    ).toBe('不支持的消息类型');
    expect(
      (await bob.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 2, message: '{}' }))
        .msg,
    ).toBe('图片消息格式不正确');
    const first = await bob.get('/v1/chat/getDirectMessageListWeb', { roomId, pageSize: 5 });
    expect(first.data.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(-5));
    const older = await bob.get('/v1/chat/getDirectMessageListWeb', {
      roomId,
      id: ids[2],
      pageSize: 20,
    });
    expect(older.data.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));

    // the last message is bob's: read for bob, unread for the boss until marked
    const bossList = async () =>
      (
        await boss.get('/v1/chat/getDirectRoomListWeb', { pageSize: 20, pageNum: 1 })
      ).data.list.find((r: { roomId: number }) => r.roomId === roomId);
    expect(await bossList()).toMatchObject({
      latestMessageId: ids[6],
      unread: 1,
      subTitle: '私信6',
      userId: String(bob.userId),
    });
    const bobItem = (await bob.get('/v1/chat/getDirectRoomListWeb')).data.list[0];
    expect(bobItem).toMatchObject({ roomId, unread: 0 });
    const marked = await boss.post('/v1/chat/setDirectMessageReadWeb', {
      roomId,
      id: ids[6] + 1000,
    });
    expect(marked.data.messageReadId).toBe(ids[6]); // never past the latest message
    expect((await bossList()).unread).toBe(0);
    expect(
      (await boss.post('/v1/chat/setDirectMessageReadWeb', { roomId, id: ids[0] })).data
        .messageReadId,
    ).toBe(ids[6]);

    // recall: only one's own, once
    expect((await bob.post('/v1/chat/recallDirectMessageWeb', { roomId, id: ids[5] })).msg).toBe(
      '消息不存在或不能撤回',
    );
    expect((await bob.post('/v1/chat/recallDirectMessageWeb', { roomId, id: ids[6] })).code).toBe(
      1,
    );
    expect((await bob.post('/v1/chat/recallDirectMessageWeb', { roomId, id: ids[6] })).code).toBe(
      -1,
    );
    const after = await boss.get('/v1/chat/getDirectMessageListWeb', { roomId, pageSize: 5 });
    expect(after.data.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(1, 6));
    expect((await bossList()).latestMessageId).toBe(ids[5]);
  });

  it('keeps remarks for managers only, 200 characters at most', async () => {
    expect(
      (await alice.post('/v1/chat/setMemberRemark', { targetUserId: bob.userId, remark: '好人' }))
        .msg,
    ).toBe('只有管理员可以设置备注');
    expect(
      (await boss.post('/v1/chat/setMemberRemark', { targetUserId: bob.userId, remark: '老玩家' }))
        .code,
    ).toBe(1);
    expect(
      (await boss.get('/v1/chat/getMemberRemark', { targetUserId: bob.userId })).data.remark,
    ).toBe('老玩家');
    expect(
      (await alice.get('/v1/chat/getMemberRemark', { targetUserId: bob.userId })).data.remark,
    ).toBe('');
    expect(
      (
        await boss.post('/v1/chat/setMemberRemark', {
          targetUserId: bob.userId,
          remark: 'x'.repeat(201),
        })
      ).code,
    ).toBe(-1);
    expect(
      (await boss.post('/v1/chat/setMemberRemark', { targetUserId: bob.userId, remark: '<b>' }))
        .code,
    ).toBe(-1);
  });
});

describe('muting', () => {
  it('lets managers mute, change, list and lift mutes; members cannot; managers are exempt', async () => {
    const room = await makeRoom(op, { managers: op.userName });
    await nextSecond();
    const send = (c: Member) =>
      c.post('/v1/chat/addMessage', {
        roomCode: room.roomCode,
        messageTypeId: 1,
        message: 'hi',
        status: 0,
        userIds: '',
      });
    expect(
      (
        await alice.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: bob.userId,
          durationTypeId: 4,
        })
      ).msg,
    ).toBe('只有管理员可以管理禁言');
    expect(
      (
        await boss.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: op.userId,
          durationTypeId: 4,
        })
      ).msg,
    ).toBe('不能禁言管理员');
    expect(
      (
        await boss.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: boss.userId,
          durationTypeId: 4,
        })
      ).msg,
    ).toBe('不能禁言自己');
    expect(
      (
        await boss.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: alice.userId,
          durationTypeId: 7,
        })
      ).code,
    ).toBe(-1);
    expect(
      (
        await boss.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: alice.userId,
          durationTypeId: 4,
          nickName: 'x',
        })
      ).code,
    ).toBe(1);
    expect((await send(alice)).msg).toBe('您已被禁言1小时');
    expect(
      (await alice.get('/v1/chat/getRoomWeb', { roomCode: room.roomCode })).data,
    ).toMatchObject({ isBanned: 1, bannedMessage: '您已被禁言1小时' });
    expect(
      (await alice.get('/v1/chat/getRoomList', { pageSize: 50 })).data.list.find(
        (r: { roomCode: string }) => r.roomCode === room.roomCode,
      ).banned,
    ).toBe(1);

    const found = await boss.get('/v1/chat/getBanFront', {
      roomCode: room.roomCode,
      target: alice.userName,
    });
    expect(found.data).toMatchObject({ target: String(alice.userId), isBan: 1, durationTypeId: 4 });
    expect(
      (await boss.get('/v1/chat/getBanFront', { roomCode: room.roomCode, target: bob.userName }))
        .data.isBan,
    ).toBe(0);
    expect(
      (await boss.get('/v1/chat/getBanFront', { roomCode: room.roomCode, target: 'nobody_x' })).msg,
    ).toBe('用户不存在');
    expect(
      (
        await boss.post('/v1/chat/updateBanFront', {
          roomCode: room.roomCode,
          id: found.data.id,
          durationTypeId: 1,
        })
      ).code,
    ).toBe(1);
    expect((await send(alice)).msg).toBe('您已被永久禁言');
    const list = await boss.get('/v1/chat/getBanListFront', {
      roomCode: room.roomCode,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ target: String(alice.userId), durationTypeId: 1 });
    expect(
      (
        await boss.get('/v1/chat/getBanListFront', {
          roomCode: room.roomCode,
          target: bob.userName,
        })
      ).data.total,
    ).toBe(0);
    expect(
      (
        await boss.post('/v1/chat/deleteBanFront', {
          roomCode: room.roomCode,
          ids: String(found.data.id),
        })
      ).data.deleted,
    ).toBe(1);
    expect(await sent(send(alice))).toBe(1);

    // an expired mute no longer counts; duration 6 cancels
    await boss.post('/v1/chat/addBanFront', {
      roomCode: room.roomCode,
      target: bob.userId,
      durationTypeId: 5,
    });
    expect((await send(bob)).msg).toBe('您已被禁言半小时');
    await ctx.sql`update chat_bans set ends_at = now() - interval '1 second' where user_id = ${bob.userId}`;
    expect(await sent(send(bob))).toBe(1);
    await boss.post('/v1/chat/addBanFront', {
      roomCode: room.roomCode,
      target: bob.userId,
      durationTypeId: 2,
    });
    expect(
      (
        await boss.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: bob.userId,
          durationTypeId: 6,
        })
      ).msg,
    ).toBe('已解除禁言');
    expect(await sent(send(bob))).toBe(1);
  });

  it('mutes the whole room and muted grades, managers exempt', async () => {
    const room = await makeRoom(op);
    await nextSecond();
    const send = (c: Member) =>
      c.post('/v1/chat/addMessage', {
        roomCode: room.roomCode,
        messageTypeId: 1,
        message: 'hi',
        status: 0,
        userIds: '',
      });
    expect(
      (
        await bob.post('/v1/chat/updateRoomBannedWeb', {
          roomCode: room.roomCode,
          isMessageBanned: 1,
        })
      ).code,
    ).toBe(-1);
    expect(
      (
        await boss.post('/v1/chat/updateRoomBannedWeb', {
          roomCode: room.roomCode,
          isMessageBanned: 1,
        })
      ).code,
    ).toBe(1);
    expect((await send(bob)).msg).toBe('全体禁言中');
    expect(await sent(send(boss))).toBe(1);
    expect(
      (
        await boss.post('/v1/chat/addMessage', {
          roomCode: room.roomCode,
          messageTypeId: 1,
          message: '@全部 注意',
          status: 1,
          userIds: '',
        })
      ).code,
    ).toBe(1);
    await boss.post('/v1/chat/updateRoomBannedWeb', {
      roomCode: room.roomCode,
      isMessageBanned: 0,
    });
    expect(await sent(send(bob))).toBe(1);
    await op.post('/v1/admin/chat/rooms/save', {
      id: room.id,
      roomCode: room.roomCode,
      title: 't',
      mutedGrades: '0,1',
    });
    expect((await send(bob)).msg).toBe('您的等级已被禁言');
    expect(await sent(send(boss))).toBe(1);
  });
});
