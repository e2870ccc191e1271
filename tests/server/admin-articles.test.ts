/** Operator help and about articles, and the banner image upload: every call, bad input, who may call. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { setupTestApp, type TestClient } from './helpers.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-articles-'));
const ctx = await setupTestApp({ DATA_DIR: dataDir });
const ART = (n: string) => `/v1/admin/content/articles${n}`;
let op: TestClient;
let player: TestClient;

async function sessionFor(userName: string, isOperator: boolean): Promise<TestClient> {
  const id = (await insertUserWithPassword(ctx.sql, userName, 'pass1234', { isOperator }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${id}, now() + interval '1 day')`;
  const c = ctx.client();
  c.cookies.set('sid', token);
  return c;
}

beforeAll(async () => {
  op = await sessionFor('articleop', true);
  player = await sessionFor('articleplayer', false);
});

const publicList = async (kind: 'help' | 'about') =>
  (await ctx.client().get(`/v1/management/content/${kind}List`)).data.list as {
    id: number;
    title: string;
    content: string;
  }[];

describe('articles', () => {
  it('creates help and about articles, lists each kind apart, updates, orders by sort and deletes', async () => {
    const help = await op.post(ART('/save'), {
      kind: 'help',
      title: '如何充值',
      content: '第一步：打开钱包\n第二步：选择金额',
      sort: 5,
    });
    expect(help).toMatchObject({ code: 1 });
    const about = await op.post(ART('/save'), {
      kind: 'about',
      title: '公司简介',
      content: '我们成立于2020年',
    });
    expect(about.code).toBe(1);
    const first = await op.post(ART('/save'), {
      kind: 'help',
      title: '如何提现',
      content: '绑定银行卡后提现',
      sort: 1,
    });

    expect((await op.get(ART(''), { kind: 'help' })).data.list).toEqual([
      { id: first.data.id, kind: 'help', title: '如何提现', content: '绑定银行卡后提现', sort: 1 },
      {
        id: help.data.id,
        kind: 'help',
        title: '如何充值',
        content: '第一步：打开钱包\n第二步：选择金额',
        sort: 5,
      },
    ]);
    expect((await op.get(ART(''), { kind: 'about' })).data.list).toEqual([
      { id: about.data.id, kind: 'about', title: '公司简介', content: '我们成立于2020年', sort: 0 },
    ]);
    expect((await publicList('help')).map((a) => a.title)).toEqual(['如何提现', '如何充值']);

    const edited = await op.post(ART('/save'), {
      id: help.data.id,
      kind: 'help',
      title: '  如何充值（新）  ',
      content: '  打开钱包即可\n\n  ',
      sort: -1,
    });
    expect(edited).toMatchObject({ code: 1, data: { id: help.data.id } });
    expect((await publicList('help'))[0]).toEqual({
      id: help.data.id,
      title: '如何充值（新）',
      content: '打开钱包即可',
    });

    expect(await op.post(ART('/delete'), { id: first.data.id, kind: 'help' })).toMatchObject({
      code: 1,
    });
    expect((await publicList('help')).map((a) => a.id)).toEqual([help.data.id]);
    expect(await op.post(ART('/delete'), { id: first.data.id, kind: 'help' })).toMatchObject({
      code: -1,
      msg: '帮助文章不存在',
    });
    await op.post(ART('/delete'), { id: help.data.id, kind: 'help' });
    await op.post(ART('/delete'), { id: about.data.id, kind: 'about' });
    expect(await ctx.sql`select id from content_articles`).toEqual([]);
  });

  it("never edits or deletes another kind's article through the wrong editor", async () => {
    const about = await op.post(ART('/save'), {
      kind: 'about',
      title: '联系我们',
      content: '客服在线',
    });
    expect(
      await op.post(ART('/save'), {
        id: about.data.id,
        kind: 'help',
        title: '改了',
        content: '改了',
      }),
    ).toMatchObject({ code: -1, msg: '帮助文章不存在' });
    expect(await op.post(ART('/delete'), { id: about.data.id, kind: 'help' })).toMatchObject({
      code: -1,
      msg: '帮助文章不存在',
    });
    expect(await publicList('about')).toEqual([
      { id: about.data.id, title: '联系我们', content: '客服在线' },
    ]);
    expect(
      await op.post(ART('/save'), { id: 987654, kind: 'about', title: 't', content: 'c' }),
    ).toMatchObject({ code: -1, msg: '关于我们文章不存在' });
    await op.post(ART('/delete'), { id: about.data.id, kind: 'about' });
  });

  it('takes a long article (20,000 characters) and refuses one character more', async () => {
    const long = '字'.repeat(20_000);
    const made = await op.post(ART('/save'), { kind: 'help', title: '长文', content: long });
    expect(made.code).toBe(1);
    expect((await publicList('help'))[0]!.content).toHaveLength(20_000);
    expect(
      await op.post(ART('/save'), { kind: 'help', title: '长文', content: `${long}字` }),
    ).toMatchObject({ code: -1, msg: '内容长度不正确' });
    await op.post(ART('/delete'), { id: made.data.id, kind: 'help' });
  });

  it.each([
    [
      'a NUL byte in the content',
      { kind: 'help', title: 't', content: 'a\u0000b' },
      '内容包含不允许的字符',
    ],
    [
      'an escape character in the title',
      { kind: 'help', title: 'a\u001bb', content: 'c' },
      '标题包含不允许的字符',
    ],
    [
      'a newline in the title',
      { kind: 'help', title: 'a\nb', content: 'c' },
      '标题包含不允许的字符',
    ],
    [
      'a script tag in the content',
      { kind: 'help', title: 't', content: '<script>alert(1)</script>' },
      '内容格式不正确',
    ],
    [
      'an angle bracket in the title',
      { kind: 'about', title: 'a > b', content: 'c' },
      '标题格式不正确',
    ],
    ['a title too long', { kind: 'help', title: '标'.repeat(61), content: 'c' }, '标题长度不正确'],
    ['an empty title', { kind: 'help', title: '', content: 'c' }, '标题长度不正确'],
    ['a blank title', { kind: 'help', title: '   ', content: 'c' }, '标题和内容不能为空'],
    ['blank content', { kind: 'help', title: 't', content: ' \n\t ' }, '标题和内容不能为空'],
    ['a missing title', { kind: 'help', content: 'c' }, '标题不能为空'],
    ['missing content', { kind: 'help', title: 't' }, '内容不能为空'],
    ['a missing kind', { title: 't', content: 'c' }, '类别不能为空'],
    ['a wrong kind', { kind: 'notice', title: 't', content: 'c' }, '类别格式不正确'],
    ['a huge sort', { kind: 'help', title: 't', content: 'c', sort: '99999999' }, '排序格式不正确'],
    ['a bad id', { id: 'abc', kind: 'help', title: 't', content: 'c' }, '编号格式不正确'],
    [
      'an unknown field',
      { kind: 'help', title: 't', content: 'c', html: '1' },
      '不支持的参数：html',
    ],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, form, msg) => {
    const res = await op.post(ART('/save'), form as Record<string, string>);
    expect(res).toMatchObject({ code: -1, msg });
    expect(res.status).toBeLessThan(500);
    expect(await ctx.sql`select id from content_articles`).toEqual([]);
  });

  it('refuses a list or delete without a good kind or id', async () => {
    expect(await op.get(ART(''), { kind: 'notice' })).toMatchObject({
      code: -1,
      msg: '类别格式不正确',
    });
    expect(await op.get(ART(''))).toMatchObject({ code: -1, msg: '类别不能为空' });
    expect(await op.post(ART('/delete'), { id: '-1', kind: 'help' })).toMatchObject({
      code: -1,
      status: 400,
    });
    expect(await op.post(ART('/delete'), { id: '1' })).toMatchObject({
      code: -1,
      msg: '类别不能为空',
    });
    expect(await op.post(ART('/delete'), {})).toMatchObject({ code: -1, status: 400 });
  });

  it('answers junk bodies with a Chinese refusal, never a 500, and stores nothing', async () => {
    const junk = [
      '',
      '=',
      'a[b]=1',
      '__proto__=1&kind=help',
      'kind=help&title=t&content=c&id=1e309',
      'kind=help&title=t&content=c&sort=1e309',
      'kind=help&kind=about&title=t&content=c',
      `kind=help&title=t&content=${'x'.repeat(300_000)}`,
    ];
    for (const url of [ART('/save'), ART('/delete'), '/v1/admin/content/banners/uploadImage']) {
      for (const payload of junk) {
        const res = await op.raw({
          method: 'POST',
          url: encodeEnpath(url),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
        expect(res.json().code, `${url} ${payload.slice(0, 40)}`).not.toBe(1);
        expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(await ctx.sql`select id from content_articles`).toEqual([]);
  });

  it('refuses every article call to a player and to a guest', async () => {
    for (const [c, refused] of [
      [player, { code: -1, status: 403, msg: '没有权限' }],
      [ctx.client(), { code: 0 }],
    ] as const) {
      expect(await c.get(ART(''), { kind: 'help' })).toMatchObject(refused);
      expect(await c.post(ART('/save'), { kind: 'help', title: 't', content: 'c' })).toMatchObject(
        refused,
      );
      expect(await c.post(ART('/delete'), { id: 1, kind: 'help' })).toMatchObject(refused);
    }
    expect(await ctx.sql`select id from content_articles`).toEqual([]);
  });
});

describe('banner image upload', () => {
  const UPLOAD = '/v1/admin/content/banners/uploadImage';
  const boundary = '----bannerimage';
  const multipart = (bytes: Buffer, field = 'file') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = async (c: TestClient, bytes: Buffer, field = 'file') => {
    const res = await c.raw({
      method: 'POST',
      url: encodeEnpath(UPLOAD),
      payload: multipart(bytes, field),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return {
      status: res.statusCode,
      ...(res.json() as { code: number; msg: string; data: { url: string } | null }),
    };
  };

  it('stores a real PNG re-encoded under /uploads/, serves it, and a banner may use it', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const res = await upload(op, png);
    expect(res).toMatchObject({ code: 1, msg: '上传成功' });
    const url = res.data!.url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 64, height: 32 });

    const banner = await op.post('/v1/admin/content/banners/save', {
      title: '上传的图',
      image: url,
      link: '/help',
    });
    expect(banner.code).toBe(1);
    expect((await ctx.client().get('/v1/management/content/banners')).data.list).toEqual([
      { id: banner.data.id, title: '上传的图', image: url, link: '/help' },
    ]);
    await op.post('/v1/admin/content/banners/delete', { id: banner.data.id });
  });

  it('stores an image/HTML polyglot only as a fresh image without the markup', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0c3' } })
      .gif()
      .toBuffer();
    const res = await upload(
      op,
      Buffer.concat([gif, Buffer.from('<html><script>alert(1)</script></html>')]),
    );
    expect(res.code).toBe(1);
    const stored = fs.readFileSync(
      path.join(dataDir, 'uploads', res.data!.url.slice('/uploads/'.length)),
    );
    expect(stored.toString('latin1').toLowerCase()).not.toMatch(/<html|<script/);
  });

  it('refuses markup, an SVG, a non-multipart body, a wrong field and a player', async () => {
    expect(await upload(op, Buffer.from('<script>alert(1)</script>'))).toMatchObject({
      code: -1,
      msg: '图片无法识别，请上传 JPG、PNG、GIF 或 WebP 图片',
    });
    expect(
      (await upload(op, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')))
        .code,
    ).toBe(-1);
    expect((await upload(op, Buffer.from('x'), 'avatar')).code).toBe(-1);
    const form = await op.post(UPLOAD, { file: 'abc' });
    expect(form).toMatchObject({ code: -1, status: 415 });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await upload(player, png)).toMatchObject({ code: -1, status: 403, msg: '没有权限' });
    expect((await upload(ctx.client(), png)).code).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(2);
  });
});
