/** Chat images: upload (2 MB, real images only, re-encoded with a thumbnail, no metadata), sending, saved images. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { type Json, setupTestApp, type TestClient } from './helpers.ts';
import {
  floodClock,
  gradeUser,
  makeRoom,
  type Member,
  nextSecond,
  operator,
} from './chat-fixtures.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-images-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir }, { now: floodClock.now });
let op: Member;
let alice: Member;
let bob: Member;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
beforeAll(async () => {
  op = await operator(ctx);
  alice = await ctx.userClient();
  bob = await ctx.userClient();
});

async function upload(c: TestClient, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----chatboundary7';
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await c.raw({
    method: 'POST',
    url: encodeEnpath('/v1/files/uploadChatFile'),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Json }) };
}

const photo = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .jpeg()
    .toBuffer();
const onDisk = (p: string) =>
  fs.readFileSync(path.join(dataDir, 'uploads', p.slice('/uploads/'.length)));

describe('uploadChatFile', () => {
  it('re-encodes a real image, strips metadata and makes a thumbnail', async () => {
    const res = await upload(alice, await photo(1200, 800));
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({ width: 1200, height: 800 });
    expect(res.data.imgPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(res.data.thumbPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const img = onDisk(res.data.imgPath);
    expect(img.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect((await sharp(img).metadata()).exif).toBeUndefined();
    const thumb = await sharp(onDisk(res.data.thumbPath)).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 160]);
  });

  it('refuses what is not an image, over 2 MB, or without a login', async () => {
    expect(
      (await upload(alice, Buffer.from('<html><script>alert(1)</script></html>'.repeat(3)))).msg,
    ).toMatch(/图片无法识别/);
    const big = Buffer.concat([
      await photo(10, 10),
      Buffer.alloc(2_097_153 - (await photo(10, 10)).length),
    ]);
    expect((await upload(alice, big)).msg).toBe('图片不能超过2M');
    expect((await upload(ctx.client(), await photo(10, 10))).code).toBe(0);
    const notMultipart = await alice.post('/v1/files/uploadChatFile', { file: 'x' });
    expect(notMultipart.status).toBe(415);
  });
});

describe('sending images and saved images', () => {
  it('sends an uploaded image into a room and a private chat; made-up paths are refused', async () => {
    const room = await makeRoom(op);
    const up = (await upload(alice, await photo(300, 300))).data;
    const message = JSON.stringify({ imgPath: up.imgPath, thumbPath: up.thumbPath });
    const sent = await alice.post('/v1/chat/addImage', {
      roomCode: room.roomCode,
      message,
      messageTypeId: 2,
      status: 0,
      userIds: '',
      type: '1',
    });
    expect(sent.code, sent.msg).toBe(1);
    expect(sent.data).toMatchObject({ messageTypeId: 2, message });
    const fake = JSON.stringify({
      imgPath: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      thumbPath: up.thumbPath,
    });
    expect(
      (
        await alice.post('/v1/chat/addImage', {
          roomCode: room.roomCode,
          message: fake,
          messageTypeId: 2,
        })
      ).msg,
    ).toBe('图片不存在，请重新上传');
    expect(
      (
        await alice.post('/v1/chat/addImage', {
          roomCode: room.roomCode,
          message: '{"imgPath":"javascript:1"}',
          messageTypeId: 2,
        })
      ).code,
    ).toBe(-1);
    expect(
      (
        await alice.post('/v1/chat/addImage', {
          roomCode: room.roomCode,
          message: 'hi',
          messageTypeId: 1,
        })
      ).code,
    ).toBe(-1);
    // a muted member cannot send images either
    await op.post('/v1/chat/updateRoomBannedWeb', { roomCode: room.roomCode, isMessageBanned: 1 });
    expect(
      (await bob.post('/v1/chat/addImage', { roomCode: room.roomCode, message, messageTypeId: 2 }))
        .msg,
    ).toBe('全体禁言中');

    const boss = await ctx.userClient();
    await gradeUser(ctx, boss.userId, 100);
    const roomId = (await alice.get('/v1/chat/getDirectRoomWeb', { targetUserId: boss.userId }))
      .data.roomId;
    await nextSecond();
    expect(
      (await alice.post('/v1/chat/addDirectMessage', { roomId, messageTypeId: 2, message })).code,
    ).toBe(1);
    expect((await boss.get('/v1/chat/getDirectRoomListWeb')).data.list[0].subTitle).toBe('[图片]');
  });

  it('saves, lists (40 a page) and deletes (10 at a time) a member’s images', async () => {
    const first = (await upload(alice, await photo(50, 50), { isFavorite: '1' })).data;
    const second = (await upload(bob, await photo(60, 60))).data;
    expect(
      (await alice.post('/v1/chat/addSavedImage', { imgPath: second.imgPath, status: 1 })).code,
    ).toBe(1);
    expect((await alice.post('/v1/chat/addSavedImage', { imgPath: second.imgPath })).code).toBe(1); // once only
    expect(
      (
        await alice.post('/v1/chat/addSavedImage', {
          imgPath: '/uploads/0123456789abcdef0123456789abcdef.png',
        })
      ).msg,
    ).toBe('图片不存在');
    expect(
      (await alice.post('/v1/chat/addSavedImage', { imgPath: 'https://evil.example/a.png' })).code,
    ).toBe(-1);
    const list = await alice.get('/v1/chat/getSavedImageList', { pageSize: 40, pageNum: 1 });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((r: { imgPath: string }) => r.imgPath)).toEqual([
      second.imgPath,
      first.imgPath,
    ]);
    expect(list.data.list[0].thumbPath).toBe(second.thumbPath);
    expect((await alice.get('/v1/chat/getSavedImageList', { pageSize: 41 })).code).toBe(-1);
    expect((await bob.get('/v1/chat/getSavedImageList')).data.total).toBe(0);
    // bob cannot delete alice's; more than 10 at once is refused
    expect(
      (await bob.post('/v1/chat/deleteSavedImage', { ids: String(list.data.list[0].id) })).data
        .deleted,
    ).toBe(0);
    expect(
      (await alice.post('/v1/chat/deleteSavedImage', { ids: '1,2,3,4,5,6,7,8,9,10,11' })).msg,
    ).toBe('最多选择10张');
    expect(
      (
        await alice.post('/v1/chat/deleteSavedImage', {
          ids: list.data.list.map((r: { id: number }) => r.id).join(','),
        })
      ).data.deleted,
    ).toBe(2);
    expect((await alice.get('/v1/chat/getSavedImageList')).data.total).toBe(0);
  });
});
