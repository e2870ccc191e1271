/**
 * Guest chat (spec 001 sections 6-7): the operator's switch 游客可发言, guest identities, guests
 * sending text and images through the one pipeline, flood limits and mutes per guest, and the
 * live socket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { type Json, setupTestApp, type TestClient } from './helpers.ts';
import {
  floodClock,
  listen,
  makeRoom,
  type Member,
  nextSecond,
  openSocket,
  operator,
  type SocketClient,
} from './chat-fixtures.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-guest-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir }, { now: floodClock.now });
let op: Member;
let alice: Member;
let base: string;
const sockets: SocketClient[] = [];
afterAll(async () => {
  for (const s of sockets) await s.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeAll(async () => {
  op = await operator(ctx);
  alice = await ctx.userClient();
  base = await listen(ctx.app);
});

let ipSeq = 0;
/** A guest browser: its own cookies and address. */
const guestClient = () => ctx.client(`10.9.0.${++ipSeq}`);
const enter = (g: TestClient, roomCode: string, guestCode: string) =>
  g.get('/v1/chat/getRoomWebGuest', { roomCode, guestCode });
const sayAsGuest = (g: TestClient, roomCode: string, guestCode: string, message: string) =>
  g.post('/v1/chat/addMessageGuest', {
    roomCode,
    guestCode,
    messageTypeId: 1,
    message,
    status: 0,
    userIds: '',
  });

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
