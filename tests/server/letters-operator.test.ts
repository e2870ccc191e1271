/** Operator letters (send, list, withdraw, audited) and notices. */
import { describe, expect, it } from 'vitest';
import { ctx, op, player, count, stateRows, chinese } from './letters-fixtures.ts';

describe('operator letters', () => {
  it('sends to one player by name, to a grade and to everyone; lists them with read counts; deletes', async () => {
    const target = await player(5);
    const bystander = await player(1);
    const toOne = await op.post('/v1/admin/letters/send', {
      audience: 'user',
      userName: target.userName.toUpperCase(),
      title: '您好',
      content: '第一行\n第二行',
    });
    expect(toOne.code).toBe(1);
    const toGrade = await op.post('/v1/admin/letters/send', {
      audience: 'grade',
      grade: 5,
      title: '钻石福利',
      content: '专享',
    });
    const toAll = await op.post('/v1/admin/letters/send', {
      audience: 'all',
      title: '全员',
      content: '全员',
    });
    expect(await count(target)).toBe(3);
    expect(await count(bystander)).toBe(1);
    await target.get('/v1/users/messageContent', { id: toGrade.data.id });

    const list = (await op.get('/v1/admin/letters/list', { page: 1, pageSize: 3 })).data;
    expect(list.list.map((l: { id: number }) => l.id)).toEqual([
      toAll.data.id,
      toGrade.data.id,
      toOne.data.id,
    ]);
    expect(list.list[0]).toMatchObject({
      audience: 'all',
      audienceText: '全部会员',
      readCount: 0,
      operatorName: 'letterop',
    });
    expect(list.list[1]).toMatchObject({
      audience: 'grade',
      toGrade: 5,
      readCount: 1,
      title: '钻石福利',
    });
    expect(list.list[1].audienceText).toContain('VIP5');
    expect(list.list[2]).toMatchObject({
      audience: 'user',
      toUserName: target.userName,
      audienceText: `会员 ${target.userName}`,
      content: '第一行\n第二行',
    });

    expect((await op.post('/v1/admin/letters/delete', { id: toGrade.data.id })).code).toBe(1);
    expect(await count(target)).toBe(2);
    expect(await stateRows(toGrade.data.id)).toBe(0);
    expect(await op.post('/v1/admin/letters/delete', { id: toGrade.data.id })).toMatchObject({
      code: -1,
      msg: '站内信不存在',
    });
  });

  it.each([
    ['HTML in the content', { audience: 'all', title: 't', content: '<script>alert(1)</script>' }],
    ['HTML in the title', { audience: 'all', title: '<i>t</i>', content: 'c' }],
    ['an unknown audience', { audience: 'vip', title: 't', content: 'c' }],
    ['no audience', { title: 't', content: 'c' }],
    ['a grade letter without a grade', { audience: 'grade', title: 't', content: 'c' }],
    ['an unknown grade', { audience: 'grade', grade: 77, title: 't', content: 'c' }],
    ['a grade as text', { audience: 'grade', grade: 'gold', title: 't', content: 'c' }],
    ['a player letter without a name', { audience: 'user', title: 't', content: 'c' }],
    [
      'a player who does not exist',
      { audience: 'user', userName: 'nobody999', title: 't', content: 'c' },
    ],
    ['a malformed user name', { audience: 'user', userName: 'a b<', title: 't', content: 'c' }],
    ['an empty title', { audience: 'all', title: '', content: 'c' }],
    ['a blank content', { audience: 'all', title: 't', content: '   ' }],
    ['a title too long', { audience: 'all', title: '字'.repeat(61), content: 'c' }],
    ['content too long', { audience: 'all', title: 't', content: '字'.repeat(5001) }],
    ['a control character', { audience: 'all', title: 't', content: 'a\u0007b' }],
    ['an unknown field', { audience: 'all', title: 't', content: 'c', html: '1' }],
  ])('send refuses %s and stores nothing', async (_n, f) => {
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n;
    const res = await op.post('/v1/admin/letters/send', f as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
    expect((await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n).toBe(
      before,
    );
  });

  it.each([
    ['list page 0', 'GET', '/v1/admin/letters/list', { page: 0 }],
    ['list pageSize 500', 'GET', '/v1/admin/letters/list', { pageSize: 500 }],
    ['delete without id', 'POST', '/v1/admin/letters/delete', {}],
    ['delete id text', 'POST', '/v1/admin/letters/delete', { id: 'x' }],
  ] as const)('refuses %s', async (_n, method, path, q) => {
    const res =
      method === 'GET'
        ? await op.get(path, q as Record<string, string | number>)
        : await op.post(path, q as Record<string, string | number>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });

  it('players and guests cannot use the operator calls', async () => {
    const p = await player();
    const res = await p.post('/v1/admin/letters/send', {
      audience: 'all',
      title: 't',
      content: 'c',
    });
    expect(res.status).toBe(403);
    expect((await p.get('/v1/admin/letters/list')).status).toBe(403);
    expect((await ctx.client().get('/v1/admin/letters/list')).code).toBe(0);
  });
});

describe('notices', () => {
  it('lists the enabled notices and opens one, for guests too', async () => {
    const [shown] = await ctx.sql<
      { id: number }[]
    >`insert into content_notices (title, content, sort) values ('维护公告', '今晚维护\n请留意', 0) returning id`;
    const [hidden] = await ctx.sql<
      { id: number }[]
    >`insert into content_notices (title, content, enabled) values ('草稿', '未发布', false) returning id`;
    const guest = ctx.client();
    const list = (await guest.get('/v1/users/announcement')).data.list;
    expect(list).toEqual([expect.objectContaining({ id: shown.id, title: '维护公告' })]);
    expect(list[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await guest.get('/v1/users/announcementContent', { id: shown.id })).data).toMatchObject(
      { id: shown.id, content: '今晚维护\n请留意' },
    );
    expect(await guest.get('/v1/users/announcementContent', { id: hidden.id })).toMatchObject({
      code: -1,
      msg: '公告不存在或已下线',
    });
  });

  it.each([
    ['no id', {}],
    ['id 0', { id: 0 }],
    ['id text', { id: 'abc' }],
    ['an unknown id', { id: 99999 }],
    ['an unknown parameter', { id: 1, z: 1 }],
  ])('announcementContent refuses %s', async (_n, q) => {
    const res = await ctx
      .client()
      .get('/v1/users/announcementContent', q as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });
});
