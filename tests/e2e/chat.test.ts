/**
 * The player chat in Chromium at 360 px against the real server (issue 12): history and live
 * messages between two players, recovery after the network drops (each missed message once), the
 * password gate remembered, a mute shown in place of the input, a private chat with a manager
 * (unread, then read), and a picture sent and viewed large.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName, OPERATOR, type Browser } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { decodeEnpathUrl } from '../../src/domain/enpath.ts';

/** A request's real path and query, for messages: `/v1/enpath/<base64>?q` → `/v1/chat/x?q`. */
function enpathOf(url: string): string {
  const u = new URL(url);
  const d = decodeEnpathUrl(u.pathname + u.search);
  return d?.realPath ? d.realPath + d.query : u.pathname + u.search;
}

const fx = e2eFixture();
const PASSWORD = 'player123';
let op: ApiClient;
let seq = 0;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function makeRoom(fields: Record<string, string | number> = {}): Promise<string> {
  seq += 1;
  const roomCode = `e2e${Date.now().toString(36).slice(-6)}${seq}`;
  const res = await op.call('POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: `测试房间${seq}`,
    subTitle: '欢迎来聊',
    ...fields,
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
  return roomCode;
}

async function player(): Promise<{ userName: string; userId: number; api: ApiClient }> {
  const userName = newUserName();
  const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return { userName, userId, api };
}

/** Sends through the API, waiting out the flood control (5 a second) when it says so. */
async function say(api: ApiClient, roomCode: string, message: string): Promise<number> {
  for (;;) {
    const res = await api.call<{ id: number }>('POST', '/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 1,
      message,
      status: 0,
      userIds: '',
    });
    if (res.code === 1) return res.data.id;
    if (res.msg !== '发言太快，请稍后再试') throw new Error(`not sent: ${res.msg}`);
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  }
}

async function enter(b: Browser, userName: string, roomCode: string): Promise<void> {
  await logIn(b, userName, PASSWORD);
  await b.page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
}

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });
const bubbles = (page: Page, text: string) =>
  log(page).locator('li[data-message-id]').filter({ hasText: text });
/** A look at the screen for the reviewer (not an assertion); CHAT_SHOTS names the folder. */
const shot = (page: Page, name: string) =>
  process.env.CHAT_SHOTS
    ? page.screenshot({ path: `${process.env.CHAT_SHOTS}/${name}.png` }).then(() => {})
    : Promise.resolve();
/** The live socket of the chat view is open (the frame says so in data-socket). */
const connected = (page: Page) =>
  expect.poll(() => page.locator('[data-socket="open"]').count(), { timeout: 15_000 }).toBe(1);

describe('chat', () => {
  it('shows history, then two players exchange messages live, and a dropped network misses nothing and doubles nothing', async () => {
    const roomCode = await makeRoom();
    const a = await player();
    const bUser = await player();
    for (let i = 1; i <= 7; i++) await say(a.api, roomCode, `历史消息${i}`);

    const pb = await fx.browser();
    await enter(pb, bUser.userName, roomCode);
    // the first page holds the newest 5; scrolling up brings the rest and the end text
    await expect.poll(() => bubbles(pb.page, '历史消息7').count(), { timeout: 15_000 }).toBe(1);
    expect(await bubbles(pb.page, '历史消息3').count()).toBe(1);
    await log(pb.page).evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => bubbles(pb.page, '历史消息1').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => log(pb.page).getByText('已显示全部数据').count()).toBe(1);
    await connected(pb.page);

    const pa = await fx.browser();
    await enter(pa, a.userName, roomCode);
    await connected(pa.page);
    await pa.page.getByLabel('消息', { exact: true }).fill('你好，来自A');
    await pa.page.getByLabel('消息', { exact: true }).press('Enter');
    await expect.poll(() => bubbles(pb.page, '你好，来自A').count(), { timeout: 10_000 }).toBe(1);
    await pb.page.getByLabel('消息', { exact: true }).fill('<b>B</b> 收到');
    await pb.page.getByRole('button', { name: '发送', exact: true }).click();
    await expect.poll(() => bubbles(pa.page, '<b>B</b> 收到').count(), { timeout: 10_000 }).toBe(1);
    expect(await log(pa.page).locator('b').count()).toBe(0); // user text is never HTML

    // B drops off the network; A's messages sent meanwhile arrive once each after it is back
    await pb.context.setOffline(true);
    await expect
      .poll(
        () =>
          pb.page.getByRole('status').filter({ hasText: '网络未连接，联网后自动重新连接' }).count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await shot(pb.page, 'offline');
    for (let i = 1; i <= 3; i++) await say(a.api, roomCode, `断线期间${i}`);
    await pb.context.setOffline(false);
    for (let i = 1; i <= 3; i++)
      await expect
        .poll(() => bubbles(pb.page, `断线期间${i}`).count(), { timeout: 20_000 })
        .toBe(1);
    await say(a.api, roomCode, '重连之后');
    await expect.poll(() => bubbles(pb.page, '重连之后').count(), { timeout: 10_000 }).toBe(1);
    await shot(pb.page, 'room');
    // ids strictly increasing, none twice
    const ids = await log(pb.page)
      .locator('li[data-message-id]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-message-id'))));
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
  });

  it('asks for a room password once and remembers it', async () => {
    const roomCode = await makeRoom({ password: '2468' });
    const p = await player();
    const b = await fx.browser();
    await enter(b, p.userName, roomCode);
    const pw = b.page.getByRole('textbox', { name: '房间密码' });
    await pw.fill('1357');
    await expect
      .poll(() => b.page.getByRole('alert').filter({ hasText: '房间密码错误' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await shot(b.page, 'password');
    await pw.fill('2468');
    await connected(b.page);
    await expect.poll(() => b.page.getByLabel('消息', { exact: true }).count()).toBe(1);
    await b.page.reload();
    await connected(b.page);
    expect(await b.page.getByRole('textbox', { name: '房间密码' }).count()).toBe(0);
    await expect.poll(() => b.page.getByLabel('消息', { exact: true }).count()).toBe(1);
  });

  it('shows a muted player the reason instead of the input, live', async () => {
    const manager = await player();
    const roomCode = await makeRoom({ managers: manager.userName });
    const p = await player();
    const b = await fx.browser();
    await enter(b, p.userName, roomCode);
    await connected(b.page);
    await expect
      .poll(() => b.page.getByLabel('消息', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    const res = await manager.api.call('POST', '/v1/chat/addBanFront', {
      roomCode,
      target: p.userId,
      durationTypeId: 4,
      nickName: '',
    });
    expect(res.code).toBe(1);
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: '您已被禁言1小时' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await b.page.getByLabel('消息', { exact: true }).count()).toBe(0);
    await shot(b.page, 'muted');
    await b.page.reload();
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: '您已被禁言1小时' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    if (process.env.CHAT_SHOTS) {
      await b.page.setViewportSize({ width: 1280, height: 800 });
      await shot(b.page, 'muted-desktop');
    }

    // the manager's muting panel: the account found and unmuted, then the whole room muted
    const mb = await fx.browser();
    await enter(mb, manager.userName, roomCode);
    await connected(mb.page);
    await mb.page.getByRole('button', { name: '房间信息' }).click();
    const info = mb.page.getByRole('dialog', { name: '房间信息' });
    await expect
      .poll(() => info.getByText('1小时', { exact: false }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await info.getByLabel('禁言账号').fill(p.userName);
    await info.getByRole('button', { name: '查找' }).click();
    await info.getByRole('button', { name: '解除禁言' }).click();
    await expect
      .poll(() => b.page.getByLabel('消息', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    await info.getByRole('switch', { name: '全体禁言' }).click();
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: '全体禁言中' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await shot(mb.page, 'muting');
    expect(await mb.page.getByLabel('消息', { exact: true }).count()).toBe(1); // managers are never muted
  });

  it('a private chat with a manager shows unread, then read', async () => {
    const manager = await player();
    await fx.sql`update users set grade = 100 where id = ${manager.userId}`;
    const p = await player();
    const room = await manager.api.call<{ roomId: number }>('GET', '/v1/chat/getDirectRoomWeb', {
      targetUserId: p.userId,
    });
    expect(room.code).toBe(1);
    const sent = await manager.api.call('POST', '/v1/chat/addDirectMessage', {
      roomId: room.data.roomId,
      messageTypeId: 1,
      message: '您好，我是管理员',
    });
    expect(sent.code).toBe(1);

    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    // no call of the private chat is refused as malformed (it once asked three with an empty roomCode)
    const malformed: string[] = [];
    b.page.on('response', (r) => {
      if (r.status() === 400 && r.url().includes('/v1/')) malformed.push(r.url());
    });
    await b.page.goto(`${b.baseUrl}/index`);
    const entry = b.page
      .getByRole('navigation', { name: '功能入口' })
      .getByRole('link', { name: /聊天室/ });
    await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toContain('1个未读私聊');
    await entry.click();
    await expect
      .poll(() => b.page.getByRole('tab', { name: '私聊 (1)' }).count(), { timeout: 15_000 })
      .toBe(1);
    await b.page.getByRole('tab', { name: /私聊/ }).click();
    await expect
      .poll(() => b.page.getByTestId('direct-unread').count(), { timeout: 10_000 })
      .toBe(1);
    await shot(b.page, 'direct-list');
    await b.page.getByRole('link', { name: /有未读消息/ }).click();
    await expect
      .poll(() => bubbles(b.page, '您好，我是管理员').count(), { timeout: 10_000 })
      .toBe(1);
    await connected(b.page);
    await expect
      .poll(
        async () => {
          const r = await p.api.call<{ list: { roomId: number; unread: number }[] }>(
            'GET',
            '/v1/chat/getDirectRoomListWeb',
            {},
          );
          return r.data.list.find((x) => x.roomId === room.data.roomId)?.unread;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await shot(b.page, 'direct-room');
    // a reply goes live to the manager's side too
    await b.page.getByLabel('消息', { exact: true }).fill('收到，谢谢');
    await b.page.getByLabel('消息', { exact: true }).press('Enter');
    await expect
      .poll(
        async () => {
          const r = await manager.api.call<{ list: { message: string }[] }>(
            'GET',
            '/v1/chat/getDirectMessageListWeb',
            { roomId: room.data.roomId },
          );
          return r.data.list.map((m) => m.message);
        },
        { timeout: 10_000 },
      )
      .toContain('收到，谢谢');
    await b.page.getByRole('button', { name: '返回' }).click();
    await expect
      .poll(() => b.page.getByTestId('direct-unread').count(), { timeout: 10_000 })
      .toBe(0);
    expect(malformed.map(enpathOf)).toEqual([]);
  });

  it('sends a picture, shows its thumbnail and the large one', async () => {
    const roomCode = await makeRoom();
    const p = await player();
    const b = await fx.browser();
    await enter(b, p.userName, roomCode);
    await connected(b.page);
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    await b.page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
    const thumb = log(b.page).getByRole('img', { name: '聊天图片' });
    await expect.poll(() => thumb.count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        () =>
          thumb.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 10_000 },
      )
      .toBe(true);
    await log(b.page).getByRole('button', { name: '查看大图' }).first().click();
    const large = b.page.getByRole('img', { name: '聊天图片大图' });
    await expect
      .poll(
        () => large.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        { timeout: 10_000 },
      )
      .toBe(320);
    await shot(b.page, 'image-viewer');
    // saved, then sent again from the 收藏 tab of the emoji panel
    await b.page.getByRole('button', { name: '收藏', exact: true }).click();
    await expect.poll(() => b.page.getByText('已收藏').count(), { timeout: 10_000 }).toBe(1);
    await b.page.getByRole('button', { name: '关闭', exact: true }).click();
    await b.page.getByRole('button', { name: '表情', exact: true }).click();
    const panel = b.page.getByRole('dialog', { name: '表情' });
    await panel.getByRole('button', { name: '表情 😀' }).click();
    await panel.getByRole('tab', { name: '收藏' }).click();
    await panel.getByRole('button', { name: '发送这张收藏的图片' }).click();
    await expect.poll(() => thumb.count(), { timeout: 10_000 }).toBe(2);
    expect(await b.page.getByLabel('消息', { exact: true }).inputValue()).toBe('😀');
    // managed: the saved picture deleted
    await b.page.getByRole('button', { name: '表情', exact: true }).click();
    await panel.getByRole('tab', { name: '收藏' }).click();
    await panel.getByRole('button', { name: '管理' }).click();
    await panel.getByRole('checkbox', { name: '选择这张图片' }).check();
    await panel.getByRole('button', { name: /^删除/ }).click();
    await panel.getByRole('button', { name: '完成' }).click();
    await expect
      .poll(() => panel.getByText('还没有收藏的图片', { exact: false }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await b.page.keyboard.press('Escape');
    await b.page.goto(`${b.baseUrl}/chatRoom`);
    await expect
      .poll(() => b.page.getByRole('list', { name: '聊天室列表' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(b.page, 'panel');
  });

  it('compresses a picture over 2 MB toward 1000 px (压缩中, then 上传中) before sending it', async () => {
    const roomCode = await makeRoom();
    const p = await player();
    const b = await fx.browser();
    await enter(b, p.userName, roomCode);
    await connected(b.page);
    // random pixels hardly compress: a 1600x1200 PNG of them is about 5.8 MB
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2_097_152);
    // every status text the input shows, in order; and whether the page itself drew (it should not: the worker does)
    await b.page.evaluate(() => {
      const seen: string[] = [];
      const w = window as unknown as { stages: string[]; pageDrew: boolean };
      w.stages = seen;
      w.pageDrew = false;
      const convert = OffscreenCanvas.prototype.convertToBlob;
      OffscreenCanvas.prototype.convertToBlob = function (this: OffscreenCanvas, o) {
        w.pageDrew = true;
        return convert.call(this, o);
      };
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, ...a) {
        w.pageDrew = true;
        return toBlob.apply(this, a);
      };
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role=status]')) {
          const t = el.textContent ?? '';
          if (/中…$/.test(t) && seen.at(-1) !== t) seen.push(t);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await b.page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: png });
    const thumb = log(b.page).getByRole('img', { name: '聊天图片' });
    await expect.poll(() => thumb.count(), { timeout: 30_000 }).toBe(1);
    expect(await b.page.evaluate(() => (window as unknown as { stages: string[] }).stages)).toEqual(
      ['压缩中…', '上传中…'],
    );
    expect(await b.page.evaluate(() => (window as unknown as { pageDrew: boolean }).pageDrew)).toBe(
      false,
    );
    await log(b.page).getByRole('button', { name: '查看大图' }).first().click();
    const large = b.page.getByRole('img', { name: '聊天图片大图' });
    await expect
      .poll(
        () =>
          large.evaluate((img: HTMLImageElement) =>
            img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '',
          ),
        { timeout: 10_000 },
      )
      .toBe('1000x750');
    await b.page.keyboard.press('Escape');
    // the footer's 长龙助手 (members) opens the long-dragon helper in a sheet
    await b.page.getByRole('button', { name: '长龙助手', exact: true }).click();
    const dragon = b.page.getByRole('dialog', { name: '长龙助手' });
    await expect
      .poll(() => dragon.getByRole('tab', { name: '最新长龙' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(b.page, 'long-dragon');
  });

  it('a manager @s a player by tapping the name and withdraws the message for both; the player card opens', async () => {
    const manager = await player();
    const roomCode = await makeRoom({ managers: manager.userName });
    const p = await player();
    const pb = await fx.browser();
    await enter(pb, p.userName, roomCode);
    await connected(pb.page);
    await pb.page.getByLabel('消息', { exact: true }).fill('管理员在吗');
    await pb.page.getByLabel('消息', { exact: true }).press('Enter');

    const mb = await fx.browser();
    await enter(mb, manager.userName, roomCode);
    await connected(mb.page);
    const row = bubbles(mb.page, '管理员在吗');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: /^@/ }).click();
    const input = mb.page.getByLabel('消息', { exact: true });
    await expect.poll(() => input.inputValue()).toMatch(/^@\S+ $/);
    await input.pressSequentially('在的');
    await input.press('Enter');
    await expect.poll(() => pb.page.getByText('有人@了你').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => bubbles(pb.page, '在的').count(), { timeout: 10_000 }).toBe(1);

    // the manager withdraws the player's message: gone on both screens
    await row.locator('[tabindex="0"]').click({ button: 'right' });
    await mb.page
      .getByRole('dialog', { name: '消息操作' })
      .getByRole('button', { name: '撤回' })
      .click();
    await expect.poll(() => bubbles(pb.page, '管理员在吗').count(), { timeout: 10_000 }).toBe(0);
    expect(await bubbles(mb.page, '管理员在吗').count()).toBe(0);
    // …and its place says so on both screens, not a silent gap
    await expect
      .poll(() => pb.page.getByText('你撤回了一条消息').count(), { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(() => mb.page.getByText(/撤回了一条消息$/).count(), { timeout: 10_000 })
      .toBe(1);

    // typing @ opens the member picker; a manager may @全部 (status 1)
    await input.pressSequentially('@');
    await mb.page
      .getByRole('dialog', { name: /在线成员/ })
      .getByRole('button', { name: '@全部' })
      .click();
    await expect.poll(() => input.inputValue()).toBe('@全部 ');
    await input.pressSequentially('开奖了');
    await input.press('Enter');
    await expect
      .poll(
        async () => {
          const r = await p.api.call<{ list: { message: string; status: number }[] }>(
            'GET',
            '/v1/chat/getMessageListWeb',
            { roomCode },
          );
          return r.data.list.at(-1);
        },
        { timeout: 10_000 },
      )
      .toMatchObject({ message: '@全部 开奖了', status: 1 });

    // the player card from the avatar, with the manager's mute buttons
    await mb.page.getByLabel('在线成员').click();
    const sheet = mb.page.getByRole('dialog', { name: /在线成员/ });
    await expect
      .poll(() => sheet.getByRole('button', { name: /^@/ }).count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    await shot(mb.page, 'members');
    await sheet.getByRole('button', { name: '资料' }).last().click();
    const card = mb.page.getByRole('dialog', { name: '玩家资料' });
    await expect
      .poll(() => card.getByRole('button', { name: '禁言1小时' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(mb.page, 'player-card');
  });

  it('a guest reads a room with its guest code and is asked to register instead of typing', async () => {
    const roomCode = await makeRoom({ guestCode: 'guest2026' });
    const p = await player();
    await say(p.api, roomCode, '欢迎游客');
    const b = await fx.browser();
    await b.page.goto(`${b.baseUrl}/chatGuest?roomCode=${roomCode}&guestCode=guest2026`);
    await expect.poll(() => bubbles(b.page, '欢迎游客').count(), { timeout: 15_000 }).toBe(1);
    await connected(b.page);
    await say(p.api, roomCode, '游客也能看到');
    await expect.poll(() => bubbles(b.page, '游客也能看到').count(), { timeout: 10_000 }).toBe(1);
    expect(
      await b.page
        .getByRole('status')
        .filter({ hasText: '游客不能发言，请先注册' })
        .getByRole('link', { name: '注册' })
        .count(),
    ).toBe(1);
    expect(await b.page.getByLabel('消息', { exact: true }).count()).toBe(0);
    await shot(b.page, 'guest');
  });
});
