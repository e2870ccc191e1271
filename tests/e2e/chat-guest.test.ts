/**
 * Guest chat in Chromium at 360 px against the real server (issue 12, spec 001 §6): where the
 * operator left 游客可发言 off, a guest reads and is asked to register instead of typing; where it
 * is on, the guest writes as 游客XXXX, a logged-in member sees it live, the guest sees the
 * member's reply live, and the guest's emoji panel has no favourites; a guest's picture reaches the
 * room, and a manager mutes the guest from its card, live; the guest withdraws its own message,
 * and an open guest page follows the operator's 游客可发言 switch live.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName, OPERATOR } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
let op: ApiClient;
let seq = 0;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function makeRoom(fields: Record<string, string | number>): Promise<string> {
  seq += 1;
  const roomCode = `gst${Date.now().toString(36).slice(-6)}${seq}`;
  const res = await op.call('POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: `游客房间${seq}`,
    ...fields,
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
  return roomCode;
}

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });
const bubbles = (page: Page, text: string) =>
  log(page).locator('li[data-message-id]').filter({ hasText: text });
const connected = (page: Page) =>
  expect.poll(() => page.locator('[data-socket="open"]').count(), { timeout: 15_000 }).toBe(1);
const shot = (page: Page, name: string) =>
  process.env.CHAT_SHOTS
    ? page.screenshot({ path: `${process.env.CHAT_SHOTS}/${name}.png` }).then(() => {})
    : Promise.resolve();

describe('guest chat', () => {
  it('with 游客可发言 off, a guest reads and is asked to register when trying to send', async () => {
    const code = `off${Date.now().toString(36).slice(-5)}`;
    const roomCode = await makeRoom({ guestCode: code, registerLink: '/register' });
    const g = await fx.browser();
    await g.page.goto(`${g.baseUrl}/chatGuest?roomCode=${roomCode}&guestCode=${code}`);
    await connected(g.page);
    const prompt = g.page.getByRole('status').filter({ hasText: '游客不能发言，请先注册' });
    await expect.poll(() => prompt.count(), { timeout: 10_000 }).toBe(1);
    expect(await g.page.getByLabel('消息', { exact: true }).count()).toBe(0);
    await prompt.getByRole('link', { name: '注册' }).click();
    await expect.poll(() => new URL(g.page.url()).pathname).toBe('/register');
  });

  it('with 游客可发言 on, the guest sends a message a logged-in member sees live, and sees the reply', async () => {
    const code = `on${Date.now().toString(36).slice(-5)}`;
    const roomCode = await makeRoom({ guestCode: code, guestChat: 1, registerLink: '/register' });
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);

    const m = await fx.browser();
    await logIn(m, userName, PASSWORD);
    await m.page.goto(`${m.baseUrl}/chatRoom/${roomCode}`);
    await connected(m.page);

    const g = await fx.browser();
    await g.page.goto(`${g.baseUrl}/chatGuest?roomCode=${roomCode}&guestCode=${code}`);
    await connected(g.page);
    await expect
      .poll(() => g.page.getByText(/您的游客身份：游客\*\*\*\d/).count(), { timeout: 10_000 })
      .toBe(1);
    expect(
      await g.page
        .getByRole('status')
        .filter({ hasText: '注册后可发红包、跟投与收藏' })
        .getByRole('link', { name: '注册' })
        .count(),
    ).toBe(1);
    // no favourites for guests: the emoji panel has emoji only
    await g.page.getByRole('button', { name: '表情' }).click();
    await expect.poll(() => g.page.getByRole('tab', { name: '表情' }).count()).toBe(1);
    expect(await g.page.getByRole('tab', { name: '收藏' }).count()).toBe(0);
    await g.page.keyboard.press('Escape');

    const box = g.page.getByLabel('消息', { exact: true });
    await box.fill('游客你好，我想了解一下');
    await box.press('Enter');
    await expect
      .poll(() => bubbles(g.page, '游客你好，我想了解一下').count(), { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(() => bubbles(m.page, '游客你好，我想了解一下').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await bubbles(m.page, '游客你好，我想了解一下').getAttribute('aria-label')).toMatch(
      /^游客\*\*\*\d：/,
    );

    const reply = m.page.getByLabel('消息', { exact: true });
    await reply.fill('欢迎，注册后可以玩更多');
    await reply.press('Enter');
    await expect
      .poll(() => bubbles(g.page, '欢迎，注册后可以玩更多').count(), { timeout: 10_000 })
      .toBe(1);
    await shot(g.page, 'guest-chat');

    // the guest withdraws its own message (long press → 撤回): gone on both screens; the member's
    // reply offers the guest no 撤回
    await bubbles(g.page, '欢迎，注册后可以玩更多')
      .locator('[tabindex="0"]')
      .click({ button: 'right' });
    const menu = g.page.getByRole('dialog', { name: '消息操作' });
    await expect.poll(() => menu.getByRole('button', { name: '复制' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: '撤回' }).count()).toBe(0);
    await g.page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await bubbles(g.page, '游客你好，我想了解一下')
      .locator('[tabindex="0"]')
      .click({ button: 'right' });
    await menu.getByRole('button', { name: '撤回' }).click();
    await expect
      .poll(() => bubbles(m.page, '游客你好，我想了解一下').count(), { timeout: 10_000 })
      .toBe(0);
    expect(await bubbles(g.page, '游客你好，我想了解一下').count()).toBe(0);
  });

  it('an open guest page follows the operator turning 游客可发言 on and off, live', async () => {
    const code = `sw${Date.now().toString(36).slice(-5)}`;
    const roomCode = await makeRoom({ guestCode: code, registerLink: '/register' });
    const [room] = (
      (await op.call('GET', '/v1/admin/chat/rooms')).data as {
        list: { id: number; roomCode: string; title: string }[];
      }
    ).list.filter((r) => r.roomCode === roomCode);
    const g = await fx.browser();
    await g.page.goto(`${g.baseUrl}/chatGuest?roomCode=${roomCode}&guestCode=${code}`);
    await connected(g.page);
    const prompt = g.page.getByRole('status').filter({ hasText: '游客不能发言，请先注册' });
    await expect.poll(() => prompt.count(), { timeout: 10_000 }).toBe(1);
    const save = (guestChat: number) =>
      op.call('POST', '/v1/admin/chat/rooms/save', {
        id: room.id,
        roomCode,
        title: room.title,
        guestChat,
      });
    expect((await save(1)).code).toBe(1);
    await expect
      .poll(() => g.page.getByLabel('消息', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await prompt.count()).toBe(0);
    expect((await save(0)).code).toBe(1);
    await expect.poll(() => prompt.count(), { timeout: 10_000 }).toBe(1);
    expect(await g.page.getByLabel('消息', { exact: true }).count()).toBe(0);
  });

  it('a guest sends a picture; a manager mutes the guest from its card and the guest sees it live', async () => {
    const code = `pic${Date.now().toString(36).slice(-5)}`;
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const roomCode = await makeRoom({ guestCode: code, guestChat: 1, managers: userName });

    const m = await fx.browser();
    await logIn(m, userName, PASSWORD);
    await m.page.goto(`${m.baseUrl}/chatRoom/${roomCode}`);
    await connected(m.page);
    const g = await fx.browser();
    await g.page.goto(`${g.baseUrl}/chatGuest?roomCode=${roomCode}&guestCode=${code}`);
    await connected(g.page);
    await expect
      .poll(() => g.page.getByLabel('消息', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);

    const png = await sharp({
      create: { width: 200, height: 120, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    await g.page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => log(m.page).getByRole('img', { name: '聊天图片' }).count(), { timeout: 20_000 })
      .toBe(1);

    await log(m.page)
      .getByRole('button', { name: /^查看游客\*\*\*\d的资料$/ })
      .first()
      .click();
    const card = m.page.getByRole('dialog', { name: '游客' });
    await card.getByRole('button', { name: '禁言1天' }).click();
    await expect
      .poll(() => g.page.getByRole('status').filter({ hasText: '您已被禁言1天' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await g.page.getByLabel('消息', { exact: true }).count()).toBe(0);
    await shot(m.page, 'guest-mute');
  });
});
