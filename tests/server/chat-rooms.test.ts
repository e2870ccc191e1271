/** Public chat rooms over HTTP: the operator's rooms, the list, password gate, sending, paging, withdrawing, guests. */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.ts';
import {
  floodClock,
  gradeUser,
  makeRoom,
  type Member,
  nextSecond,
  operator,
  pw,
} from './chat-fixtures.ts';

const ctx = await setupTestApp({}, { now: floodClock.now });
let op: Member;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  op = await operator(ctx);
  alice = await ctx.userClient();
  bob = await ctx.userClient();
});

describe('operator rooms', () => {
  it('creates, lists, updates and deletes a room; players cannot', async () => {
    const { roomCode, id } = await makeRoom(op, {
      subTitle: '副标题',
      intro: '简介\n第二行',
      messageLength: 50,
    });
    const list = await op.get('/v1/admin/chat/rooms');
    const row = list.data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      roomCode,
      subTitle: '副标题',
      intro: '简介\n第二行',
      messageLength: 50,
      isPassword: 0,
    });
    expect(
      (
        await op.post('/v1/admin/chat/rooms/save', {
          id,
          roomCode,
          title: '新标题',
          password: '1234',
        })
      ).code,
    ).toBe(1);
    expect(
      (await op.get('/v1/admin/chat/rooms')).data.list.find((r: { id: number }) => r.id === id),
    ).toMatchObject({ title: '新标题', isPassword: 1, subTitle: '副标题' });
    expect(
      (await alice.post('/v1/admin/chat/rooms/save', { roomCode: '99999', title: 'x' })).status,
    ).toBe(403);
    expect((await op.post('/v1/admin/chat/rooms/delete', { id })).code).toBe(1);
    const gone = await alice.get('/v1/chat/getRoomWeb', { roomCode });
    expect(gone).toMatchObject({ code: -1, msg: '房间已被删除' });
  });

  it('refuses bad room forms with Chinese messages', async () => {
    const { roomCode } = await makeRoom(op);
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ roomCode, title: '重复' }, /房间号已存在/],
      [{ roomCode: 'a-b', title: 'x' }, /房间号/],
      [{ roomCode: '55501', title: '' }, /标题/],
      [{ roomCode: '55502', title: 'x', password: '12a4' }, /密码/],
      [{ roomCode: '55503', title: 'x', managers: 'nobody_here' }, /管理员账号不存在/],
      [{ roomCode: '55504', title: 'x', avatar: 'javascript:alert(1)' }, /头像/],
      [{ roomCode: '55505', title: 'x', messageLength: 0 }, /消息长度/],
    ];
    for (const [form, msg] of cases) {
      const res = await op.post('/v1/admin/chat/rooms/save', form);
      expect(res.code, JSON.stringify(form)).toBe(-1);
      expect(res.msg).toMatch(msg);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('the room list and setting', () => {
  it('shows rooms a grade may enter, with its mute state', async () => {
    const open = await makeRoom(op);
    const vip = await makeRoom(op, { allowedGrades: '5,6' });
    const codes = async (c: Member) =>
      (await c.get('/v1/chat/getRoomList', { pageSize: 50 })).data.list.map(
        (r: { roomCode: string }) => r.roomCode,
      );
    expect(await codes(alice)).toContain(open.roomCode);
    expect(await codes(alice)).not.toContain(vip.roomCode);
    expect(await codes(op)).toContain(vip.roomCode);
    const room = await alice.get('/v1/chat/getRoomWeb', { roomCode: open.roomCode, api: '/chat' });
    expect(room.data).toMatchObject({
      roomCode: open.roomCode,
      isManager: 0,
      isBanned: 0,
      bannedMessage: '',
      isPassword: 0,
      messageLength: 200,
    });
    expect((await alice.get('/v1/chat/getRoomWeb', { roomCode: '424242' })).msg).toBe('房间不存在');
    expect((await ctx.client().get('/v1/chat/getRoomList')).code).toBe(0);
  });

  it('gives the setting (and intro) of a room only to a grade that may enter it, as the list does', async () => {
    const vip = await makeRoom(op, { allowedGrades: '5,6', intro: '仅限VIP的简介' });
    const refused = await alice.get('/v1/chat/getRoomWeb', {
      roomCode: vip.roomCode,
      api: '/chat',
    });
    expect([refused.code, refused.msg, refused.data]).toEqual([-1, '您的等级不能进入该房间', null]);
    const vipUser = await ctx.userClient();
    await gradeUser(ctx, vipUser.userId, 5);
    expect(
      (await vipUser.get('/v1/chat/getRoomWeb', { roomCode: vip.roomCode })).data.content,
    ).toBe('仅限VIP的简介');
    // managers pass the grade gate
    expect((await op.get('/v1/chat/getRoomWeb', { roomCode: vip.roomCode })).data.content).toBe(
      '仅限VIP的简介',
    );
  });

  it('names managers by grade 100 or per room', async () => {
    const carol = await ctx.userClient();
    const room = await makeRoom(op, { managers: carol.userName });
    expect((await carol.get('/v1/chat/getRoleFront', { roomCode: room.roomCode })).data).toBe(1);
    expect((await alice.get('/v1/chat/getRoleFront', { roomCode: room.roomCode })).data).toBe(0);
    const dave = await ctx.userClient();
    await gradeUser(ctx, dave.userId, 100);
    expect((await dave.get('/v1/chat/getRoleFront', { roomCode: room.roomCode })).data).toBe(1);
  });
});

describe('the password gate', () => {
  it('asks for the password before history or sending, and remembers a right one', async () => {
    const room = await makeRoom(op, { password: '4321' });
    const list = () => alice.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
    expect((await list()).msg).toBe('请输入房间密码');
    expect(
      (
        await alice.post('/v1/chat/addMessage', {
          roomCode: room.roomCode,
          messageTypeId: 1,
          message: 'hi',
          status: 0,
          userIds: '',
        })
      ).msg,
    ).toBe('请输入房间密码');
    expect(
      (
        await alice.post('/v1/chat/checkPassword', {
          roomCode: room.roomCode,
          password: pw('1111'),
        })
      ).msg,
    ).toBe('房间密码错误');
    expect(
      (await alice.post('/v1/chat/checkPassword', { roomCode: room.roomCode, password: 'nothex' }))
        .code,
    ).toBe(-1);
    expect(
      (
        await alice.post('/v1/chat/checkPassword', {
          roomCode: room.roomCode,
          password: pw('4321'),
        })
      ).code,
    ).toBe(1);
    expect((await list()).code).toBe(1);
    // a new password shuts the old grant out
    await op.post('/v1/admin/chat/rooms/save', {
      id: room.id,
      roomCode: room.roomCode,
      title: 't',
      password: '9999',
    });
    expect((await list()).msg).toBe('请输入房间密码');
  });

  it('locks the gate for a member after five wrong passwords in ten minutes', async () => {
    const room = await makeRoom(op, { password: '1357' });
    const carol = await ctx.userClient();
    const check = (digits: string) =>
      carol.post('/v1/chat/checkPassword', { roomCode: room.roomCode, password: pw(digits) });
    for (let i = 0; i < 5; i++) expect((await check(`000${i}`)).msg).toBe('房间密码错误');
    expect((await check('1357')).msg).toBe('密码错误次数过多，请10分钟后再试');
    // another member is not locked; the window passing unlocks
    expect(
      (
        await alice.post('/v1/chat/checkPassword', {
          roomCode: room.roomCode,
          password: pw('1357'),
        })
      ).code,
    ).toBe(1);
    await ctx.sql`update chat_password_failures set failed_at = now() - interval '11 minutes' where user_id = ${carol.userId}`;
    expect((await check('1357')).code).toBe(1);
    expect(
      (
        await ctx.sql`select count(*)::int as n from chat_password_failures where user_id = ${carol.userId}`
      )[0].n,
    ).toBe(0);
  });
});

describe('sending and paging', () => {
  it('stores as sent, pages up by id (5 first, then 20), and refuses bad messages', async () => {
    const room = await makeRoom(op, { messageLength: 20 });
    await nextSecond(); // flood control counts per second: start with a fresh one
    const send = (c: Member, message: string, extra: Record<string, string | number> = {}) =>
      c.post('/v1/chat/addMessage', {
        roomCode: room.roomCode,
        messageTypeId: 1,
        message,
        status: 0,
        userIds: '',
        ...extra,
      });
    const first = await send(alice, '<b>你好</b>\n第二行');
    expect(first.code, first.msg).toBe(1);
    expect(first.data).toMatchObject({
      message: '<b>你好</b>\n第二行',
      messageTypeId: 1,
      userId: String(alice.userId),
      status: 0,
    });
    expect(first.data.nickname).toMatch(/\*\*\*/);
    const ids = [first.data.id];
    for (let i = 0; i < 25; i++) {
      const r = await send(i % 2 ? alice : bob, `m${i}`);
      expect(r.code, r.msg).toBe(1);
      ids.push(r.data.id);
      if (i % 4 === 3) await nextSecond(); // stay under the per-user rate
    }
    const page1 = await bob.get('/v1/chat/getMessageListWeb', {
      roomCode: room.roomCode,
      pageSize: 5,
    });
    expect(page1.data.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(-5));
    const page2 = await bob.get('/v1/chat/getMessageListWeb', {
      roomCode: room.roomCode,
      id: ids[ids.length - 5],
      pageSize: 20,
    });
    expect(page2.data.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(-25, -5));
    const page3 = await bob.get('/v1/chat/getMessageListWeb', {
      roomCode: room.roomCode,
      id: ids[1],
      pageSize: 20,
    });
    expect(page3.data.list.map((m: { id: number }) => m.id)).toEqual([ids[0]]);

    const bad: [Record<string, string | number>, RegExp][] = [
      [{ message: '   ' }, /内容不能为空/],
      [{ message: `${'一二三四五六七八九十'.repeat(2)}多` }, /不能超过20个字符/],
      [{ message: 'a\u0007b' }, /不允许的字符/],
      [{ message: 'x', messageTypeId: 10 }, /不支持的消息类型/],
      [{ message: 'x', messageTypeId: 2 }, /不支持的消息类型/],
      [{ message: 'x', messageTypeId: 'abc' }, /消息类型/],
      [{ message: 'x', status: 1 }, /只有管理员可以@全部/],
      [{ message: 'x', userIds: '1,a' }, /提及用户/],
      [{ message: 'x', roomCode: '<script>' }, /房间号/],
      [{ message: 'x', extra: 1 }, /不支持的参数/],
    ];
    for (const [extra, msg] of bad) {
      const res = await send(alice, String(extra.message), extra);
      expect(res.code, JSON.stringify(extra)).toBe(-1);
      expect(res.msg).toMatch(msg);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('limits a user to 5 messages a second', async () => {
    const room = await makeRoom(op);
    const carol = await ctx.userClient();
    await nextSecond();
    const results = [];
    for (let i = 0; i < 7; i++) {
      results.push(
        await carol.post('/v1/chat/addMessage', {
          roomCode: room.roomCode,
          messageTypeId: 1,
          message: `f${i}`,
          status: 0,
          userIds: '',
        }),
      );
    }
    expect(results.filter((r) => r.code === 1).length).toBe(5);
    expect(results.find((r) => r.code !== 1)?.msg).toBe('发言太快，请稍后再试');
    // the app counts on its own clock (AppDeps.now): one second on, without waiting for it, a fresh count
    await nextSecond();
    const again = await carol.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: 'f7',
      status: 0,
      userIds: '',
    });
    expect(again.code, again.msg).toBe(1);
  });

  it('withdraws own messages, anyone’s for managers, never another member’s', async () => {
    const room = await makeRoom(op);
    await nextSecond();
    const carol = await ctx.userClient();
    await gradeUser(ctx, carol.userId, 100);
    const send = (c: Member, message: string) =>
      c.post('/v1/chat/addMessage', {
        roomCode: room.roomCode,
        messageTypeId: 1,
        message,
        status: 0,
        userIds: '',
      });
    const a = (await send(alice, 'a')).data.id;
    const b = (await send(bob, 'b')).data.id;
    const withdraw = (c: Member, id: number) =>
      c.post('/v1/chat/updateMessageStateFront', { roomCode: room.roomCode, id });
    expect((await withdraw(alice, b)).msg).toBe('消息不存在或不能撤回');
    expect((await withdraw(alice, a)).code).toBe(1);
    expect((await withdraw(alice, a)).code).toBe(-1);
    expect((await withdraw(carol, b)).code).toBe(1);
    const list = await bob.get('/v1/chat/getMessageListWeb', { roomCode: room.roomCode });
    expect(list.data.list).toEqual([]);
  });
});

describe('guests', () => {
  it('read with the room’s guest code, never without it, and get the register link', async () => {
    const room = await makeRoom(op, { guestCode: 'guest2024', registerLink: '/register' });
    await alice.post('/v1/chat/addMessage', {
      roomCode: room.roomCode,
      messageTypeId: 1,
      message: '欢迎',
      status: 0,
      userIds: '',
    });
    const guest = ctx.client();
    const res = await guest.get('/v1/chat/getMessageListWebGuest', {
      roomCode: room.roomCode,
      guestCode: 'guest2024',
      pageSize: 5,
    });
    expect(res.code).toBe(1);
    expect(res.data.registerLink).toBe('/register');
    expect(res.data.list.map((m: { message: string }) => m.message)).toEqual(['欢迎']);
    expect(
      (
        await guest.get('/v1/chat/getMessageListWebGuest', {
          roomCode: room.roomCode,
          guestCode: 'wrong123',
        })
      ).msg,
    ).toBe('游客不能进入该房间');
    expect(
      (
        await guest.post('/v1/chat/addMessage', {
          roomCode: room.roomCode,
          messageTypeId: 1,
          message: 'x',
          status: 0,
          userIds: '',
        })
      ).code,
    ).toBe(0);
  });
});
