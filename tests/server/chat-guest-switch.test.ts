/** Guest chat: the switch, guest identities and guest images. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import type { Json, TestClient } from './helpers.ts';
import { makeRoom, openSocket } from './chat-fixtures.ts';
import {
  ctx,
  op,
  alice,
  base,
  sockets,
  guestClient,
  enter,
  sayAsGuest,
} from './chat-guest-fixtures.ts';

describe('the guest-chat switch', () => {
  it('off (the default): guests read but are asked to register, and get no identity', async () => {
    const room = await makeRoom(op, { guestCode: 'offroom1' });
    const g = guestClient();
    const seen = await enter(g, room.roomCode, 'offroom1');
    expect(seen.data).toMatchObject({
      guestChat: 0,
      userId: '',
      bannedMessage: '游客不能发言，请先注册',
    });
    expect(g.cookies.has('chat_guest')).toBe(false);
    const res = await sayAsGuest(g, room.roomCode, 'offroom1', '你好');
    expect([res.code, res.msg]).toEqual([-1, '游客不能发言，请先注册']);
    const rooms = (await op.get('/v1/admin/chat/rooms')).data.list as Json[];
    expect(rooms.find((r) => r.roomCode === room.roomCode).guestChat).toBe(0);
  });

  it('on: a guest gets a stable identity and sends; members see 游客 masked, grade -2', async () => {
    const room = await makeRoom(op, { guestCode: 'onroom12', guestChat: 1 });
    const g = guestClient();
    const first = await enter(g, room.roomCode, 'onroom12');
    expect(first.data).toMatchObject({ guestChat: 1, bannedMessage: '', grade: -2 });
    expect(first.data.userId).toMatch(/^g\d+$/);
    expect(first.data.nickname).toMatch(/^游客\*\*\*\d$/);
    expect((await enter(g, room.roomCode, 'onroom12')).data.userId).toBe(first.data.userId);

    const sock = await openSocket(base, alice, { type: 1, roomId: room.roomCode });
    sockets.push(sock);
    const sent = await sayAsGuest(g, room.roomCode, 'onroom12', '游客来了');
    expect(sent.code, sent.msg).toBe(1);
    expect(sent.data).toMatchObject({
      userId: first.data.userId,
      grade: -2,
      message: '游客来了',
      nickname: first.data.nickname,
    });
    await sock.until(() => sock.messages().some((m) => m.message === '游客来了'));
    const page = await alice.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
    expect(page.data.list.at(-1)).toMatchObject({ userId: first.data.userId, grade: -2 });
  });

  it('refuses a wrong guest code, no identity, @全部 and bad input in Chinese', async () => {
    const room = await makeRoom(op, { guestCode: 'onroom34', guestChat: 1 });
    const g = guestClient();
    expect((await enter(g, room.roomCode, 'wrong999')).msg).toBe('游客不能进入该房间');
    expect((await sayAsGuest(g, room.roomCode, 'wrong999', 'x')).msg).toBe('游客不能进入该房间');
    expect((await sayAsGuest(g, room.roomCode, 'onroom34', 'x')).msg).toMatch(/游客身份已失效/);
    await enter(g, room.roomCode, 'onroom34');
    const all = await g.post('/v1/chat/addMessageGuest', {
      roomCode: room.roomCode,
      guestCode: 'onroom34',
      messageTypeId: 1,
      message: 'x',
      status: 1,
    });
    expect(all.msg).toBe('只有管理员可以@全部');
    expect((await sayAsGuest(g, room.roomCode, 'onroom34', '   ')).msg).toBe('内容不能为空');
    const bad = await g.post('/v1/chat/addMessageGuest', {
      roomCode: room.roomCode,
      guestCode: 'onroom34',
      messageTypeId: 'x',
      message: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
    // the room's other guest-free rules still hold: a whole-room mute silences guests too
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: room.roomCode, isMessageBanned: 1 });
    expect((await sayAsGuest(g, room.roomCode, 'onroom34', 'x')).msg).toBe('全体禁言中');
    // the operator turns guest chat off again: back to reading only
    await op.post('/v1/admin/chat/rooms/save', {
      id: room.id,
      roomCode: room.roomCode,
      title: '房间',
      guestChat: 0,
    });
    expect((await sayAsGuest(g, room.roomCode, 'onroom34', 'x')).msg).toBe(
      '游客不能发言，请先注册',
    );
  });

  it('turning the switch on or off is pushed to the room (3/8), only when it changes', async () => {
    const room = await makeRoom(op, { guestCode: 'switch12' });
    const g = guestClient();
    const sock = await openSocket(
      base,
      g,
      { type: 1, roomId: room.roomCode, guestCode: 'switch12' },
      { guestCode: 'switch12' },
    );
    sockets.push(sock);
    const save = (fields: Record<string, unknown>) =>
      op.post('/v1/admin/chat/rooms/save', {
        id: room.id,
        roomCode: room.roomCode,
        title: '房间',
        ...fields,
      });
    const switches = () =>
      sock.frames.filter((f) => f.code === 3 && f.type === 8).map((f) => f.body.guestChat);
    expect((await save({ guestChat: 1 })).code).toBe(1);
    await sock.until(() => switches().length === 1);
    expect((await enter(g, room.roomCode, 'switch12')).data).toMatchObject({
      guestChat: 1,
      bannedMessage: '',
    });
    await save({ subTitle: '不相关的修改' });
    await save({ guestChat: 0 });
    await sock.until(() => switches().length === 2);
    expect(switches()).toEqual([1, 0]);
    expect(sock.closed).toBeNull();
  });

  it('limits issuing identities per address', async () => {
    const room = await makeRoom(op, { guestCode: 'onroom56', guestChat: 1 });
    const msgs: string[] = [];
    for (let i = 0; i < 21; i++)
      msgs.push((await enter(ctx.client('10.8.8.8'), room.roomCode, 'onroom56')).msg);
    expect(msgs.slice(0, 20).every((m) => m !== '游客身份申请过于频繁，请稍后再试')).toBe(true);
    expect(msgs[20]).toBe('游客身份申请过于频繁，请稍后再试');
  });
});

describe('guest images', () => {
  async function upload(c: TestClient, bytes: Buffer, fields: Record<string, string>) {
    const boundary = '----guestboundary9';
    const parts = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    const payload = Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await c.raw({
      method: 'POST',
      url: encodeEnpath('/v1/files/uploadChatFileGuest'),
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Json }) };
  }
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();

  it('uploads and sends a picture via addImageGuest; never saved; refused when guest chat is off', async () => {
    const room = await makeRoom(op, { guestCode: 'image123', guestChat: 1 });
    const g = guestClient();
    expect(
      (await upload(g, await png(), { roomCode: room.roomCode, guestCode: 'image123' })).msg,
    ).toMatch(/游客身份已失效/);
    await enter(g, room.roomCode, 'image123');
    expect(
      (
        await upload(g, await png(), {
          roomCode: room.roomCode,
          guestCode: 'image123',
          isFavorite: '1',
        })
      ).msg,
    ).toBe('游客不能收藏图片，请先注册');
    expect(
      (await upload(g, await png(), { roomCode: room.roomCode, guestCode: 'nope1234' })).msg,
    ).toBe('游客不能进入该房间');
    const up = await upload(g, await png(), { roomCode: room.roomCode, guestCode: 'image123' });
    expect(up.code, up.msg).toBe(1);
    const message = JSON.stringify({ imgPath: up.data.imgPath, thumbPath: up.data.thumbPath });
    const sent = await g.post('/v1/chat/addImageGuest', {
      roomCode: room.roomCode,
      guestCode: 'image123',
      message,
      messageTypeId: 2,
      status: 0,
      userIds: '',
      type: '',
    });
    expect(sent.code, sent.msg).toBe(1);
    expect(sent.data).toMatchObject({ messageTypeId: 2, grade: -2 });
    const fake = JSON.stringify({
      imgPath: '/uploads/0123456789abcdef0123456789abcdef.png',
      thumbPath: '/uploads/0123456789abcdef0123456789abcdef.webp',
    });
    expect(
      (
        await g.post('/v1/chat/addImageGuest', {
          roomCode: room.roomCode,
          guestCode: 'image123',
          message: fake,
          messageTypeId: 2,
        })
      ).msg,
    ).toBe('图片不存在，请重新上传');
    expect((await g.post('/v1/chat/addSavedImage', { imgPath: up.data.imgPath })).code).not.toBe(1);

    const off = await makeRoom(op, { guestCode: 'image456' });
    expect(
      (
        await g.post('/v1/chat/addImageGuest', {
          roomCode: off.roomCode,
          guestCode: 'image456',
          message,
          messageTypeId: 2,
        })
      ).msg,
    ).toBe('游客不能发言，请先注册');
    expect(
      (await upload(g, await png(), { roomCode: off.roomCode, guestCode: 'image456' })).msg,
    ).toBe('游客不能发言，请先注册');
  });
});
