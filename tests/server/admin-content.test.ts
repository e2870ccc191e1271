/** Operator content editing: banners and notices, and what players then see. */
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
let op: ReturnType<typeof ctx.client>;
beforeAll(async () => {
  const id = (await insertUserWithPassword(ctx.sql, 'contentop', 'pass1234', {
    isOperator: true,
  }))!;
  const { token, hash } = newToken();
  await ctx.sql`insert into sessions (token_hash, user_id, expires_at) values (${hash}, ${id}, now() + interval '1 day')`;
  op = ctx.client();
  op.cookies.set('sid', token);
});

const publicBanners = async () =>
  (await ctx.client().get('/v1/management/content/banners')).data.list;
const publicNotices = async () =>
  (await ctx.client().get('/v1/management/content/notices')).data.list;

describe('banners', () => {
  it('creates, updates, hides and deletes a banner', async () => {
    const made = await op.post('/v1/admin/content/banners/save', {
      title: '新春活动',
      image: '/banners/1.svg',
      link: '/activity',
      sort: 2,
    });
    expect(made.code).toBe(1);
    const id = made.data.id;
    expect(await publicBanners()).toEqual([
      { id, title: '新春活动', image: '/banners/1.svg', link: '/activity' },
    ]);
    await op.post('/v1/admin/content/banners/save', {
      id,
      title: '元宵活动',
      image: 'https://cdn.example.com/b.png',
      sort: 1,
    });
    expect(await publicBanners()).toEqual([
      { id, title: '元宵活动', image: 'https://cdn.example.com/b.png', link: '' },
    ]);
    await op.post('/v1/admin/content/banners/save', {
      id,
      title: '元宵活动',
      image: '/banners/2.svg',
      enabled: '0',
    });
    expect(await publicBanners()).toEqual([]);
    const adminList = await op.get('/v1/admin/content/banners');
    expect(adminList.data.list).toEqual([
      { id, title: '元宵活动', image: '/banners/2.svg', link: '', sort: 0, enabled: false },
    ]);
    expect((await op.post('/v1/admin/content/banners/delete', { id })).code).toBe(1);
    expect((await op.get('/v1/admin/content/banners')).data.list).toEqual([]);
    expect(await op.post('/v1/admin/content/banners/delete', { id })).toMatchObject({
      code: -1,
      msg: '轮播图不存在',
    });
    expect(
      await op.post('/v1/admin/content/banners/save', { id, title: 'x', image: '/banners/1.svg' }),
    ).toMatchObject({ code: -1, msg: '轮播图不存在' });
  });

  it.each([
    ['a javascript: link', { title: 't', image: '/banners/1.svg', link: 'javascript:alert(1)' }],
    ['a data: image', { title: 't', image: 'data:image/svg+xml;base64,PHN2Zz4=' }],
    ['an http image', { title: 't', image: 'http://example.com/a.png' }],
    [
      'a protocol-relative link',
      { title: 't', image: '/banners/1.svg', link: '//evil.example.com' },
    ],
    ['HTML in the title', { title: '<b>t</b>', image: '/banners/1.svg' }],
    ['an empty title', { title: '', image: '/banners/1.svg' }],
    ['a blank title', { title: '   ', image: '/banners/1.svg' }],
    ['a title too long', { title: '标'.repeat(61), image: '/banners/1.svg' }],
    ['a missing image', { title: 't' }],
    ['an unknown field', { title: 't', image: '/banners/1.svg', html: '1' }],
    ['a huge sort', { title: 't', image: '/banners/1.svg', sort: '99999999' }],
    ['a bad enabled flag', { title: 't', image: '/banners/1.svg', enabled: 'true' }],
    ['a bad id', { id: 'abc', title: 't', image: '/banners/1.svg' }],
  ])('refuses %s and stores nothing', async (_name, form) => {
    const res = await op.post('/v1/admin/content/banners/save', form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await ctx.sql`select id from content_banners`).toEqual([]);
  });
});

describe('notices', () => {
  it('creates a multi-line notice, updates and deletes it', async () => {
    const made = await op.post('/v1/admin/content/notices/save', {
      title: '停机公告',
      content: '今晚维护\n请提前安排',
    });
    expect(made.code).toBe(1);
    const [n] = await publicNotices();
    expect(n).toMatchObject({
      id: made.data.id,
      title: '停机公告',
      content: '今晚维护\n请提前安排',
    });
    await op.post('/v1/admin/content/notices/save', {
      id: made.data.id,
      title: '停机公告',
      content: '维护已完成',
    });
    expect((await publicNotices())[0].content).toBe('维护已完成');
    const adminList = await op.get('/v1/admin/content/notices');
    expect(adminList.data.list[0]).toMatchObject({ id: made.data.id, enabled: true, sort: 0 });
    expect((await op.post('/v1/admin/content/notices/delete', { id: made.data.id })).code).toBe(1);
    expect(await publicNotices()).toEqual([]);
  });

  it.each([
    ['a script tag', { title: 't', content: '<script>alert(1)</script>' }],
    ['empty content', { title: 't', content: '' }],
    ['content too long', { title: 't', content: '字'.repeat(2001) }],
    ['a NUL byte', { title: 't', content: 'a\u0000b' }],
    ['a missing title', { content: 'c' }],
  ])('refuses %s and stores nothing', async (_name, form) => {
    const res = await op.post('/v1/admin/content/notices/save', form as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(await ctx.sql`select id from content_notices`).toEqual([]);
  });

  it('refuses a delete without a good id', async () => {
    expect((await op.post('/v1/admin/content/notices/delete', { id: '-1' })).status).toBe(400);
    expect((await op.post('/v1/admin/content/notices/delete', {})).status).toBe(400);
  });
});
