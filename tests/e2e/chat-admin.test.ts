/**
 * 聊天室 on /admin in real Chromium against the real server: the operator creates a password room
 * that only one grade may enter, with a named manager (a manager name the site does not know is
 * refused in Chinese first), then edits it; the database keeps the password only hashed; players
 * then see the room in getRoomList by the rules (the allowed grade and the manager do, another
 * grade does not), the password opens it and the manager is its manager.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { roomPasswordHash } from '../../src/domain/chat/password.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

interface ListedRoom {
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  grade: number[];
  isPassword: number;
}

async function newPlayer(grade: number): Promise<string> {
  const userName = newUserName();
  await insertUserWithPassword(fx.sql, userName, PASSWORD);
  await fx.sql`update users set grade = ${grade} where user_name = ${userName}`;
  return userName;
}

async function player(userName: string): Promise<ApiClient> {
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return api;
}

async function roomsOf(api: ApiClient): Promise<ListedRoom[]> {
  const res = await api.call<{ list: ListedRoom[] }>('GET', '/v1/chat/getRoomList', {
    pageSize: 50,
  });
  expect(res.code, res.msg).toBe(1);
  return res.data.list;
}

describe('chat rooms admin panel', () => {
  it('creates a password room with a grade limit and a manager, edits it, and players see it by the rules', async () => {
    const manager = await newPlayer(0);
    const vip3 = await newPlayer(3);
    const vip0 = await newPlayer(0);
    const roomCode = `e2e${Date.now().toString(36)}`;

    const b = await fx.browser();
    await logIn(b, OPERATOR.userName, OPERATOR.password);
    const page = b.page;
    await page.goto(`${b.baseUrl}/admin`);
    await page.getByRole('tab', { name: '聊天室', exact: true }).click();
    await page.getByRole('button', { name: '新建聊天室' }).click();
    const form = page.getByRole('form', { name: '新建聊天室' });
    await form.getByLabel('房间号').fill(roomCode);
    await form.getByLabel('标题', { exact: true }).fill('贵宾房');
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c81e1e' },
    })
      .png()
      .toBuffer();
    await form
      .getByLabel('上传房间头像')
      .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => form.getByLabel('房间头像地址').inputValue(), { timeout: 10_000 })
      .toMatch(/^\/uploads\/\w+\.\w+$/);
    const avatar = await form.getByLabel('房间头像地址').inputValue();
    await form.getByLabel('设置密码').check();
    await form.getByLabel('4位数字密码').fill('2468');
    await form
      .getByRole('group', { name: '可进入等级' })
      .getByLabel('VIP3', { exact: true })
      .check();
    await form
      .getByLabel('房间管理员（用户名，逗号分隔）')
      .fill(`${manager},nosuch${Date.now().toString(36).slice(-6)}`);
    await form.getByLabel('排序（小的在前）').fill('-100');
    await form.getByRole('button', { name: '创建' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('管理员账号不存在');

    await form.getByLabel('房间管理员（用户名，逗号分隔）').fill(manager);
    await form.getByRole('button', { name: '创建' }).click();
    const row = page.locator(`[data-room="${roomCode}"]`);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('贵宾房');
    const listed = (await row.textContent()) ?? '';
    expect(listed).toContain('密码房');
    expect(listed).toContain('可进入：VIP3');
    expect(listed).toContain(`管理员：${manager}`);

    await row.getByRole('button', { name: '编辑贵宾房' }).click();
    const edit = page.getByRole('form', { name: '编辑聊天室' });
    expect(await edit.getByLabel('保持原密码').isChecked()).toBe(true);
    await edit.getByLabel('标题', { exact: true }).fill('贵宾房二');
    await edit.getByLabel('副标题（选填）').fill('只给VIP3');
    await edit.getByRole('group', { name: '禁言等级' }).getByLabel('VIP1', { exact: true }).check();
    await edit.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('贵宾房二');
    expect(await row.textContent()).toContain('禁言等级：VIP1');

    const [stored] = await fx.sql<
      { password_kdf: string | null; allowed_grades: number[]; muted_grades: number[] }[]
    >`
      select password_kdf, allowed_grades, muted_grades from chat_rooms where room_code = ${roomCode}`;
    expect(stored.password_kdf).toBeTruthy();
    expect(stored.password_kdf).not.toContain('2468');
    expect(stored.password_kdf).not.toContain(roomPasswordHash('2468'));
    expect([stored.allowed_grades, stored.muted_grades]).toEqual([[3], [1]]);

    const vip3Api = await player(vip3);
    const seen = (await roomsOf(vip3Api)).find((r) => r.roomCode === roomCode);
    expect(seen).toMatchObject({
      title: '贵宾房二',
      subTitle: '只给VIP3',
      avatar,
      grade: [3],
      isPassword: 1,
    });
    expect((await fetch(`${baseUrl()}${avatar}`)).status).toBe(200);
    const wrong = await vip3Api.call('POST', '/v1/chat/checkPassword', {
      roomCode,
      password: roomPasswordHash('1357'),
    });
    expect([wrong.code, wrong.msg]).toEqual([-1, '房间密码错误']);
    const right = await vip3Api.call('POST', '/v1/chat/checkPassword', {
      roomCode,
      password: roomPasswordHash('2468'),
    });
    expect(right.code, right.msg).toBe(1);

    expect((await roomsOf(await player(vip0))).some((r) => r.roomCode === roomCode)).toBe(false);
    const managerApi = await player(manager);
    expect((await roomsOf(managerApi)).some((r) => r.roomCode === roomCode)).toBe(true);
    const role = await managerApi.call<number>('GET', '/v1/chat/getRoleFront', { roomCode });
    expect(role.data).toBe(1);
  });
});
