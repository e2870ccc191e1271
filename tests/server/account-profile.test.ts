/** infoUpdate, avatars, uploads, experience and unread messages. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, setupTestApp, type TestClient } from './helpers.ts';
import { sendLetter } from '../../src/server/letters/store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-uploads-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir });
type UserClient = Awaited<ReturnType<typeof ctx.userClient>>;

const solid = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } });
const PNG = await solid('#123456').png().toBuffer();
const GIF = await solid('#654321').gif().toBuffer();

function multipart(field: string, fileName: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----testboundary42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  c: TestClient,
  field: string,
  fileName: string,
  bytes: Buffer,
  type?: string,
) {
  const { payload, headers } = multipart(field, fileName, bytes, type);
  const res = await c.raw({
    method: 'POST',
    url: `/v1/enpath/${Buffer.from('/v1/users/uploadImage').toString('base64')}`,
    payload,
    headers,
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Json }) };
}

let alice: UserClient;
let bob: UserClient;
beforeAll(async () => {
  alice = await ctx.userClient({ userName: 'prof_alice' });
  bob = await ctx.userClient({ userName: 'prof_bob' });
});

describe('infoUpdate', () => {
  it('changes the given fields only and answers the user info', async () => {
    const res = await alice.post('/v1/users/infoUpdate', {
      nickName: '小艾 A',
      gender: 2,
      birthday: '1990-02-28',
      qq: '123456',
      wechat: 'alice_wx',
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      nickName: '小艾 A',
      gender: 2,
      birthday: '1990-02-28',
      qq: '123456',
      wechat: 'alice_wx',
    });
    const again = await alice.post('/v1/users/infoUpdate', { avatar: '/avatars/7.svg' });
    expect(again.data).toMatchObject({ nickName: '小艾 A', avatar: '/avatars/7.svg' });
    expect((await bob.get('/v1/users/info')).data.nickName).toBe('');
  });

  it.each([
    ['HTML nickname', { nickName: '<img src=x>' }],
    ['angle bracket', { nickName: 'a>b' }],
    ['control character', { nickName: 'a\u0007b' }],
    ['long nickname', { nickName: 'n'.repeat(21) }],
    ['gender 3', { gender: 3 }],
    ['text gender', { gender: 'male' }],
    ['bad birthday format', { birthday: '1990/01/01' }],
    ['outside avatar', { avatar: 'https://evil.example/a.png' }],
    ['javascript avatar', { avatar: 'javascript:alert(1)' }],
    ['extra field', { grade: 9 }],
    ['bad qq', { qq: 'abc' }],
  ])('refuses %s with 400 and changes nothing', async (_n, form) => {
    const before = (await alice.get('/v1/users/info')).data;
    const res = await alice.post('/v1/users/infoUpdate', form as Record<string, string>);
    expect(res.status).toBe(400);
    expect((await alice.get('/v1/users/info')).data).toEqual(before);
  });

  it.each([
    ['an empty form', {}, '没有需要修改的资料'],
    ['an impossible day', { birthday: '1990-02-30' }, '生日格式不正确'],
    ['a future day', { birthday: '2999-01-01' }, '生日格式不正确'],
    ['an unknown default avatar', { avatar: '/avatars/101.svg' }, '头像不存在'],
    [
      "another user's upload",
      { avatar: '/uploads/0123456789abcdef0123456789abcdef.png' },
      '头像不存在',
    ],
  ])('refuses %s', async (_n, form, msg) => {
    const res = await alice.post('/v1/users/infoUpdate', form as Record<string, string>);
    expect(res).toMatchObject({ code: -1, msg });
  });

  it('needs a session', async () => {
    expect((await ctx.client().post('/v1/users/infoUpdate', { nickName: 'x' })).code).toBe(0);
  });
});

describe('avatars and uploads', () => {
  it('lists 100 default avatars', async () => {
    const res = await ctx.client().get('/v1/users/defaultAvatar');
    expect(res.data.list).toHaveLength(100);
    expect(res.data.list[0]).toBe('/avatars/1.svg');
  });

  it('stores an image, serves it with its type, and lets the owner use it as avatar', async () => {
    const res = await upload(alice, 'file', 'me.txt', PNG, 'text/plain');
    expect(res.code).toBe(1);
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 8,
      height: 8,
    });
    expect((await alice.post('/v1/users/infoUpdate', { avatar: res.data.url })).data.avatar).toBe(
      res.data.url,
    );
    expect((await bob.post('/v1/users/infoUpdate', { avatar: res.data.url })).msg).toBe(
      '头像不存在',
    );
    const gif = await upload(alice, 'file', 'a.gif', GIF, 'image/gif');
    expect(gif.data.url).toMatch(/\.gif$/);
  });

  it('refuses a non-image, an html file named .png, and an empty file', async () => {
    const before = (await ctx.sql`select count(*)::int as n from uploads`)[0].n;
    const html = await upload(
      alice,
      'file',
      'x.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(html).toMatchObject({
      code: -1,
      msg: '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片',
    });
    expect((await upload(alice, 'file', 'e.png', Buffer.alloc(0))).code).toBe(-1);
    expect((await ctx.sql`select count(*)::int as n from uploads`)[0].n).toBe(before);
  });

  it('refuses an oversized file with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(alice, 'file', 'big.png', big);
    expect(res.status).toBe(413);
    expect(res.code).toBe(-1);
  });

  it('refuses a wrong field, malformed multipart and a form body', async () => {
    expect((await upload(alice, 'avatar', 'a.png', PNG)).status).toBe(400);
    const bad = await alice.raw({
      method: 'POST',
      url: `/v1/enpath/${Buffer.from('/v1/users/uploadImage').toString('base64')}`,
      payload: '--x\r\ngarbage without headers',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const form = await alice.post('/v1/users/uploadImage', { file: 'x' });
    expect(form.status).toBe(415);
    const anon = await upload(ctx.client(), 'file', 'a.png', PNG);
    expect(anon.code).toBe(0);
  });

  it('serves only safe names', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/abc.png',
      '/uploads/0123456789abcdef0123456789abcdef.png',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('grade and messages', () => {
  it('answers the grade ladder and the position on it', async () => {
    // the held grade (raised by the promotion job, tests/server/grades.test.ts) and the default ladder
    await ctx.sql`update users set grade = 2 where id = ${alice.userId}`;
    const res = await alice.get('/v1/users/userExperienceData');
    expect(res.data).toMatchObject({
      grade: 2,
      gradeName: '白银',
      gradeShow: 'VIP2',
      rechargeAmount: '0.00',
      validBetAmount: '0.00',
      nextGrade: 3,
      nextRechargeAmount: '5000.00',
      nextValidBetAmount: '50000.00',
      nextPercent: 0,
    });
    expect(res.data.grades.map((g: { name: string }) => g.name)).toEqual([
      '青铜',
      '白银',
      '黄金',
      '铂金',
      '钻石',
      '水晶',
      '皇冠',
      '星耀',
      '王者',
      '彩神',
    ]);
  });

  it('counts only my unread messages', async () => {
    for (const [to, title] of [
      [alice, 't'],
      [alice, 't2'],
      [bob, 't'],
      [alice, 'r'],
    ] as const)
      await sendLetter(ctx.sql, { to: { userId: to.userId }, title, content: 'c' });
    const [read] = await ctx.sql<
      { id: number }[]
    >`select id from letters where to_user_id = ${alice.userId} and title = 'r'`;
    await alice.get('/v1/users/messageContent', { id: read.id });
    expect((await alice.get('/v1/users/unReadMessage')).data).toEqual({ count: 2 });
    expect((await bob.get('/v1/users/unReadMessage')).data).toEqual({ count: 1 });
  });
});
