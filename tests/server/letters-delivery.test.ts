/**
 * Letters (站内信) to players: sending, the inbox and its per-player state, audiences by grade, and
 * bad input on the player calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sendLetter } from '../../src/server/letters/store.ts';
import { AppError } from '../../src/server/http/envelope.ts';
import {
  ctx,
  operatorId,
  type Player,
  player,
  count,
  inbox,
  stateRows,
  chinese,
} from './letters-fixtures.ts';

describe('sendLetter', () => {
  it('stores one row per letter for each kind of audience and refuses bad input', async () => {
    const p = await player();
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n;
    const a = await sendLetter(ctx.sql, {
      to: { userId: p.userId },
      title: '升级通知',
      content: '恭喜\n升级',
    });
    const b = await sendLetter(ctx.sql, {
      to: { grade: 3 },
      title: '等级福利',
      content: '内容',
      operatorId,
    });
    const c = await sendLetter(ctx.sql, {
      to: { all: true },
      title: '全站通知',
      content: '内容',
      operatorId: null,
    });
    expect(new Set([a, b, c]).size).toBe(3);
    expect((await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n).toBe(
      before + 3,
    );
    expect(
      await ctx.sql`select audience, to_user_id, to_grade from letters where id in (${a}, ${b}, ${c}) order by id`,
    ).toEqual([
      { audience: 'user', to_user_id: p.userId, to_grade: null },
      { audience: 'grade', to_user_id: null, to_grade: 3 },
      { audience: 'all', to_user_id: null, to_grade: null },
    ]);
    await ctx.sql`delete from letters where id in (${a}, ${b}, ${c})`;
  });

  it.each([
    [
      'a script in the content',
      { to: { all: true }, title: 't', content: '<script>alert(1)</script>' },
    ],
    ['markup in the title', { to: { all: true }, title: '<b>x</b>', content: 'c' }],
    ['an image tag', { to: { all: true }, title: 't', content: '<img src=x onerror=alert(1)>' }],
    ['an empty title', { to: { all: true }, title: ' ', content: 'c' }],
    ['empty content', { to: { all: true }, title: 't', content: '' }],
    ['a NUL byte', { to: { all: true }, title: 't', content: 'a\u0000b' }],
    ['a title too long', { to: { all: true }, title: '字'.repeat(61), content: 'c' }],
    ['content too long', { to: { all: true }, title: 't', content: '字'.repeat(5001) }],
    ['an unknown grade', { to: { grade: 99 }, title: 't', content: 'c' }],
    ['a fractional grade', { to: { grade: 1.5 }, title: 't', content: 'c' }],
    ['a missing player', { to: { userId: 987_654_321 }, title: 't', content: 'c' }],
    ['a bad player id', { to: { userId: -1 }, title: 't', content: 'c' }],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, input) => {
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n;
    const err = await sendLetter(ctx.sql, input as Parameters<typeof sendLetter>[1]).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(chinese);
    expect((await ctx.sql<{ n: number }[]>`select count(*)::int as n from letters`)[0].n).toBe(
      before,
    );
  });

  it('the database refuses markup even past the code', async () => {
    await expect(
      ctx.sql`insert into letters (audience, title, content) values ('all', 't', '<b>x</b>')`,
    ).rejects.toThrow();
  });
});

describe('inbox', () => {
  it("lists, counts, opens (marking read) and pages a player's letters", async () => {
    const p = await player();
    expect(await count(p)).toBe(0);
    expect(await inbox(p)).toMatchObject({ list: [], total: 0, unread: 0, pageNum: 1 });
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++)
      ids.push(
        await sendLetter(ctx.sql, {
          to: { userId: p.userId },
          title: `信${i}`,
          content: `第${i}封\n第二行 & "引号"`,
        }),
      );
    expect(await count(p)).toBe(3);
    const page1 = await inbox(p, { pageNum: 1, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(page1.unread).toBe(3);
    expect(page1.list.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(page1.list[0]).toMatchObject({
      title: '信3',
      messageType: 1,
      messageTypeName: '个人消息',
      isRead: 0,
    });
    expect(page1.list[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(
      (await inbox(p, { pageNum: 2, pageSize: 2 })).list.map((m: { id: number }) => m.id),
    ).toEqual([ids[0]]);
    expect((await inbox(p, { pageNum: 9, pageSize: 2 })).list).toEqual([]);
    // listing writes no state rows
    expect(await stateRows(ids[0])).toBe(0);

    const opened = await p.get('/v1/users/messageContent', { id: ids[0], messageType: 1 });
    expect(opened.data).toMatchObject({
      id: ids[0],
      title: '信1',
      content: '第1封\n第二行 & "引号"',
      isRead: 1,
    });
    expect(await count(p)).toBe(2);
    // a second open keeps the first read time and the count
    const [{ read_at: first }] =
      await ctx.sql`select read_at from letter_states where letter_id = ${ids[0]}`;
    await p.get('/v1/users/messageContent', { id: ids[0] });
    const [{ read_at: again }] =
      await ctx.sql`select read_at from letter_states where letter_id = ${ids[0]}`;
    expect(again).toEqual(first);
    expect(await count(p)).toBe(2);
    expect((await inbox(p)).list.find((m: { id: number }) => m.id === ids[0]).isRead).toBe(1);

    const one = await p.post('/v1/users/setMessageRead', { id: ids[1] });
    expect(one.data).toEqual({ changed: 1, unread: 1 });
    const all = await p.post('/v1/users/setMessageRead', { all: '1' });
    expect(all.data).toEqual({ changed: 1, unread: 0 });
    expect((await p.post('/v1/users/setMessageRead', { all: '1' })).data).toEqual({
      changed: 0,
      unread: 0,
    });
  });

  it("refuses another player's letter on every call and leaves it untouched", async () => {
    const owner = await player();
    const other = await player();
    const id = await sendLetter(ctx.sql, {
      to: { userId: owner.userId },
      title: '私信',
      content: '只给你',
    });
    expect(await other.get('/v1/users/messageContent', { id })).toMatchObject({
      code: -1,
      msg: '消息不存在或已删除',
    });
    expect(await other.post('/v1/users/setMessageRead', { id })).toMatchObject({
      code: -1,
      msg: '消息不存在或已删除',
    });
    expect(await other.post('/v1/users/deleteMessage', { id })).toMatchObject({
      code: -1,
      msg: '消息不存在或已删除',
    });
    expect((await inbox(other)).list).toEqual([]);
    expect(await stateRows(id)).toBe(0);
    expect(await count(owner)).toBe(1);
  });

  it('deletes one or several letters, all or none, and a deleted letter stays deleted', async () => {
    const p = await player();
    const stranger = await player();
    const mine = [
      await sendLetter(ctx.sql, { to: { userId: p.userId }, title: 'a', content: 'a' }),
      await sendLetter(ctx.sql, { to: { userId: p.userId }, title: 'b', content: 'b' }),
      await sendLetter(ctx.sql, { to: { userId: p.userId }, title: 'c', content: 'c' }),
    ];
    const theirs = await sendLetter(ctx.sql, {
      to: { userId: stranger.userId },
      title: 'x',
      content: 'x',
    });
    // one foreign id refuses the whole request
    expect(
      await p.post('/v1/users/deleteMessage', { ids: JSON.stringify([mine[0], theirs]) }),
    ).toMatchObject({ code: -1, msg: '消息不存在或已删除' });
    expect((await inbox(p)).total).toBe(3);

    expect((await p.post('/v1/users/deleteMessage', { id: mine[0] })).data).toEqual({
      deleted: 1,
      unread: 2,
    });
    expect(
      (await p.post('/v1/users/deleteMessage', { ids: JSON.stringify([mine[1], mine[2]]) })).data,
    ).toEqual({ deleted: 2, unread: 0 });
    expect(await inbox(p)).toMatchObject({ list: [], total: 0, unread: 0 });
    // stays deleted: not readable, not re-deletable, not revived by mark-all-read or by new letters
    expect(await p.get('/v1/users/messageContent', { id: mine[0] })).toMatchObject({
      code: -1,
      msg: '消息不存在或已删除',
    });
    expect(await p.post('/v1/users/setMessageRead', { id: mine[1] })).toMatchObject({ code: -1 });
    expect(await p.post('/v1/users/deleteMessage', { id: mine[2] })).toMatchObject({ code: -1 });
    await p.post('/v1/users/setMessageRead', { all: '1' });
    await sendLetter(ctx.sql, { to: { userId: p.userId }, title: 'd', content: 'd' });
    expect((await inbox(p)).list.map((m: { title: string }) => m.title)).toEqual(['d']);
    expect(
      (
        await ctx.sql`select deleted_at from letter_states where user_id = ${p.userId} and letter_id = any(${ctx.sql.array(mine.map(String))}::bigint[]) and deleted_at is not null`
      ).length,
    ).toBe(3);
    expect(await count(stranger)).toBe(1);
  });
});

describe('audiences', () => {
  it("a grade letter reaches exactly that grade, as the player's grade is now", async () => {
    const g2 = await player(2);
    const g3a = await player(3);
    const g3b = await player(3);
    const id = await sendLetter(ctx.sql, { to: { grade: 3 }, title: '黄金专享', content: '福利' });
    expect(await count(g2)).toBe(0);
    expect(await count(g3a)).toBe(1);
    expect((await inbox(g3b)).list[0]).toMatchObject({
      id,
      messageType: 2,
      messageTypeName: '系统消息',
    });
    expect(await g2.get('/v1/users/messageContent', { id })).toMatchObject({ code: -1 });
    // the wrong messageType is refused as well
    expect(await g3a.get('/v1/users/messageContent', { id, messageType: 1 })).toMatchObject({
      code: -1,
    });
    expect((await g3a.get('/v1/users/messageContent', { id, messageType: 2 })).code).toBe(1);
    await ctx.sql`update users set grade = 3 where id = ${g2.userId}`;
    expect(await count(g2)).toBe(1);
    await ctx.sql`update users set grade = 4 where id = ${g3b.userId}`;
    expect(await count(g3b)).toBe(0);
  });

  it('an everyone letter is one row however many players read it, and misses players who joined after it', async () => {
    const readers = await Promise.all([1, 2, 3, 4, 5].map(() => player()));
    const id = await sendLetter(ctx.sql, {
      to: { all: true },
      title: '全站公告',
      content: '大家好',
    });
    await ctx.sql`update letters set created_at = now() - interval '1 minute' where id = ${id}`;
    await ctx.sql`update users set created_at = now() - interval '1 hour' where id = any(${ctx.sql.array(readers.map((r) => String(r.userId)))}::bigint[])`;
    for (const r of readers) {
      expect(await count(r)).toBeGreaterThanOrEqual(1);
      await inbox(r);
    }
    expect(await stateRows(id)).toBe(0);
    for (const r of readers) expect((await r.get('/v1/users/messageContent', { id })).code).toBe(1);
    expect((await ctx.sql`select id from letters where id = ${id}`).length).toBe(1);
    expect(await stateRows(id)).toBe(5);
    const late = await player();
    expect((await inbox(late)).list.find((m: { id: number }) => m.id === id)).toBeUndefined();
    expect(await late.get('/v1/users/messageContent', { id })).toMatchObject({ code: -1 });
  });
});

describe('bad input on the player calls', () => {
  let p: Player;
  beforeAll(async () => {
    p = await player();
  });

  it.each([
    ['pageNum 0', { pageNum: 0 }],
    ['pageNum negative', { pageNum: -1 }],
    ['pageNum text', { pageNum: 'abc' }],
    ['pageNum fractional', { pageNum: 1.5 }],
    ['pageNum huge', { pageNum: '1e309' }],
    ['pageSize 0', { pageSize: 0 }],
    ['pageSize too big', { pageSize: 1000 }],
    ['an unknown parameter', { foo: 1 }],
  ])('messageList refuses %s', async (_n, q) => {
    const res = await p.get('/v1/users/messageList', q as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });

  it.each([
    ['no id', {}],
    ['id 0', { id: 0 }],
    ['id text', { id: 'x' }],
    ['id with markup', { id: '<b>1</b>' }],
    ['id too big', { id: '99999999999999999999' }],
    ['messageType 3', { id: 1, messageType: 3 }],
    ['messageType text', { id: 1, messageType: 'a' }],
    ['an unknown id', { id: 987654 }],
    ['an unknown parameter', { id: 1, x: 1 }],
  ])('messageContent refuses %s', async (_n, q) => {
    const res = await p.get('/v1/users/messageContent', q as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });

  it.each([
    ['nothing', {}],
    ['all=0', { all: '0' }],
    ['all=yes', { all: 'yes' }],
    ['both id and all', { id: 1, all: '1' }],
    ['id text', { id: 'x' }],
    ['an unknown id', { id: 987654 }],
    ['an unknown field', { all: '1', x: '1' }],
  ])('setMessageRead refuses %s', async (_n, f) => {
    const res = await p.post('/v1/users/setMessageRead', f as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });

  it.each([
    ['nothing', {}],
    ['ids not JSON', { ids: '1,2' }],
    ['ids an object', { ids: '{"a":1}' }],
    ['ids empty', { ids: '[]' }],
    ['ids with text', { ids: '["a"]' }],
    ['ids with zero', { ids: '[0]' }],
    ['ids fractional', { ids: '[1.5]' }],
    ['ids repeated', { ids: '[5,5]' }],
    ['too many ids', { ids: JSON.stringify(Array.from({ length: 101 }, (_, i) => i + 1)) }],
    ['both id and ids', { id: 1, ids: '[1]' }],
    ['an unknown id', { ids: '[987654]' }],
    ['an unknown field', { id: 1, y: 2 }],
  ])('deleteMessage refuses %s', async (_n, f) => {
    const res = await p.post('/v1/users/deleteMessage', f as Record<string, string>);
    expect(res.code).toBe(-1);
    expect(res.msg).toMatch(chinese);
  });

  it('every letter call needs a login', async () => {
    const guest = ctx.client();
    for (const path of ['/v1/users/messageList', '/v1/users/unReadMessage'])
      expect((await guest.get(path)).code).toBe(0);
    expect((await guest.get('/v1/users/messageContent', { id: 1 })).code).toBe(0);
    expect((await guest.post('/v1/users/setMessageRead', { all: '1' })).code).toBe(0);
    expect((await guest.post('/v1/users/deleteMessage', { id: 1 })).code).toBe(0);
  });
});
