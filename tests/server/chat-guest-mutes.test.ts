/** Guest chat: flood limits and mutes per guest, withdrawals and finding a guest. */
import { describe, expect, it } from 'vitest';
import type { Json, TestClient } from './helpers.ts';
import { makeRoom, type Member, nextSecond, openSocket } from './chat-fixtures.ts';
import { op, alice, base, sockets, guestClient, enter, sayAsGuest } from './chat-guest-fixtures.ts';

describe('flood limits and mutes per guest', () => {
  it('limits a guest like a member, per guest id', async () => {
    const room = await makeRoom(op, { guestCode: 'flood123', guestChat: 1 });
    const g = guestClient();
    const other = guestClient();
    await enter(g, room.roomCode, 'flood123');
    await enter(other, room.roomCode, 'flood123');
    await nextSecond();
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push((await sayAsGuest(g, room.roomCode, 'flood123', `第${i}条`)).msg);
    expect(results.slice(0, 5).every((m) => m === '发送成功')).toBe(true);
    expect(results[5]).toBe('发言太快，请稍后再试');
    expect((await sayAsGuest(other, room.roomCode, 'flood123', '另一位游客')).msg).toBe('发送成功');
  });

  it('a manager mutes a guest (pushed with its id), lists, lifts the mute and withdraws its message', async () => {
    const room = await makeRoom(op, { guestCode: 'mute1234', guestChat: 1 });
    const g = guestClient();
    const id = (await enter(g, room.roomCode, 'mute1234')).data.userId as string;
    const said = await sayAsGuest(g, room.roomCode, 'mute1234', '广告');
    const sock = await openSocket(
      base,
      g,
      { type: 1, roomId: room.roomCode, guestCode: 'mute1234' },
      { guestCode: 'mute1234' },
    );
    sockets.push(sock);
    expect(sock.frames[0]).toMatchObject({
      code: 2,
      success: true,
      body: { bannedMessage: '', guestChat: 1 },
    });

    expect(
      (
        await alice.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: id,
          durationTypeId: 2,
        })
      ).msg,
    ).toBe('只有管理员可以管理禁言');
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: id,
          durationTypeId: 2,
        })
      ).msg,
    ).toBe('禁言成功');
    await sock.until(() =>
      sock.frames.some((f) => f.code === 3 && f.type === 3 && f.body.userId === id),
    );
    expect((await sayAsGuest(g, room.roomCode, 'mute1234', '再来')).msg).toBe('您已被禁言1天');
    expect((await enter(g, room.roomCode, 'mute1234')).data.bannedMessage).toBe('您已被禁言1天');
    // a new cookie-less identity from the same browser would be a new guest; the muted one stays muted
    const list = await op.get('/v1/chat/getBanListFront', { roomCode: room.roomCode });
    expect(list.data.list[0]).toMatchObject({ target: id, durationTypeId: 2, isBan: 1 });
    expect(list.data.list[0].userName).toMatch(/^游客\d{4}$/);
    expect(
      (
        await op.post('/v1/chat/updateBanFront', {
          roomCode: room.roomCode,
          id: list.data.list[0].id,
          durationTypeId: 1,
        })
      ).code,
    ).toBe(1);
    expect((await sayAsGuest(g, room.roomCode, 'mute1234', '再来')).msg).toBe('您已被永久禁言');
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: id,
          durationTypeId: 6,
        })
      ).msg,
    ).toBe('已解除禁言');
    expect((await sayAsGuest(g, room.roomCode, 'mute1234', '我改了')).code).toBe(1);
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: 'g99999999',
          durationTypeId: 2,
        })
      ).msg,
    ).toBe('用户不存在');

    expect(
      (
        await op.post('/v1/chat/updateMessageStateFront', {
          roomCode: room.roomCode,
          id: said.data.id,
        })
      ).msg,
    ).toBe('撤回成功');
    const page = await op.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
    expect(page.data.list.map((m: Json) => m.message)).toEqual(['我改了']);
  });

  it("a guest withdraws its own message (3/5 pushed), never another's", async () => {
    const room = await makeRoom(op, { guestCode: 'draw1234', guestChat: 1 });
    const g = guestClient();
    const other = guestClient();
    await enter(g, room.roomCode, 'draw1234');
    await enter(other, room.roomCode, 'draw1234');
    const mine = await sayAsGuest(g, room.roomCode, 'draw1234', '说错了');
    const theirs = await sayAsGuest(other, room.roomCode, 'draw1234', '别人的');
    const member = await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '会员的',
      status: 0,
      userIds: '',
    });
    const sock = await openSocket(base, alice, { type: 1, roomId: room.roomCode });
    sockets.push(sock);
    const withdraw = (c: TestClient, id: number, guestCode = 'draw1234') =>
      c.post('/v1/chat/updateMessageStateGuest', { roomCode: room.roomCode, guestCode, id });
    expect((await withdraw(g, theirs.data.id)).msg).toBe('消息不存在或不能撤回');
    expect((await withdraw(g, member.data.id)).msg).toBe('消息不存在或不能撤回');
    expect((await withdraw(g, mine.data.id, 'wrong999')).msg).toBe('游客不能进入该房间');
    expect((await withdraw(guestClient(), mine.data.id)).msg).toMatch(/游客身份已失效/);
    expect((await withdraw(g, mine.data.id)).msg).toBe('撤回成功');
    await sock.until(() =>
      sock.frames.some((f) => f.code === 3 && f.type === 5 && f.body.id === mine.data.id),
    );
    expect((await withdraw(g, mine.data.id)).msg).toBe('消息不存在或不能撤回');
    const page = await alice.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
    expect(page.data.list.map((m: Json) => m.message)).toEqual(['别人的', '会员的']);
  });

  it('getBanFront finds a guest by its shown name, list name or id, for managers', async () => {
    const room = await makeRoom(op, { guestCode: 'find1234', guestChat: 1 });
    const g = guestClient();
    const seen = (await enter(g, room.roomCode, 'find1234')).data;
    const id = seen.userId as string;
    const find = (c: Member, target: string) =>
      c.get('/v1/chat/getBanFront', { roomCode: room.roomCode, target });
    // a guest who never spoke or was muted here is nobody to this room
    expect((await find(op, id)).msg).toBe('用户不存在');
    await sayAsGuest(g, room.roomCode, 'find1234', '找我');
    const byShown = await find(op, seen.nickname);
    expect(byShown.data).toMatchObject({ id: 0, target: id, isBan: 0, nickname: seen.nickname });
    const name = byShown.data.userName as string;
    expect(name).toMatch(/^游客\d{4}$/);
    expect((await find(op, name)).data.target).toBe(id);
    expect(
      (
        await op.post('/v1/chat/addBanFront', {
          roomCode: room.roomCode,
          target: id,
          durationTypeId: 3,
        })
      ).code,
    ).toBe(1);
    const muted = await find(op, id);
    expect(muted.data).toMatchObject({ target: id, isBan: 1, durationTypeId: 3, userName: name });
    expect(muted.data.id).toBeGreaterThan(0);
    expect((await find(op, '游客***')).msg).toBe('用户不存在');
    expect((await find(alice, id)).msg).toBe('只有管理员可以管理禁言');
  });

  it('muting grade -2 silences every guest', async () => {
    const room = await makeRoom(op, { guestCode: 'grade222', guestChat: 1, mutedGrades: '-2' });
    const g = guestClient();
    await enter(g, room.roomCode, 'grade222');
    expect((await sayAsGuest(g, room.roomCode, 'grade222', 'x')).msg).toBe('您的等级已被禁言');
  });
});
