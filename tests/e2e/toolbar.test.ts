/**
 * The floating toolbar in Chromium at 360 px, against the real server:
 * - hidden on the guard's public pages, shown elsewhere; a guest is asked to log in first;
 * - the 红包 badge counts the activity envelopes the player can claim (real ones, made by the
 *   operator for the player's grade only) and caps at 9+; the 聊天室 badge counts unread private
 *   chats (a real message from the operator);
 * - 客服选单 opens an external line in a popup window (the popup event) and a local one as a page;
 * - at 360 px the button covers nothing a player needs: it rests in a slot the tab bar keeps for it,
 *   shows the 红包 badge itself, and is not on the betting page or in a chat room;
 * - it drags to a side edge where it stays fully visible, keeps its place over a reload, and goes
 *   back into its slot when let go over the tab bar.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Locator, Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { must } from './lotteryHelpers.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { formatBeijing } from '../../src/domain/time.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
const SCREENSHOT = '/tmp/toolbar-360.png';
let op: ApiClient;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function newPlayer(): Promise<{ userName: string; userId: number }> {
  const userName = newUserName();
  const userId = Number(await insertUserWithPassword(fx.sql, userName, PASSWORD));
  return { userName, userId };
}

/** Open giveaways for players of `grade` only (so no other test's player counts them). */
async function giveaways(n: number, grade: number) {
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    await must(op, 'POST', '/v1/admin/activityRedEnvelope/save', {
      kind: 'giveaway',
      title: `工具栏红包${i + 1}`,
      startTime: formatBeijing(now - 3_600_000, 'YYYY-MM-DD HH:mm'),
      endTime: formatBeijing(now + 3_600_000, 'YYYY-MM-DD HH:mm'),
      budget: '10',
      amount: '1',
      minGrade: grade,
      maxGrade: grade,
    });
  }
}

/** What the server says the player can claim now: the badge must show this (9+ above 9). */
async function claimable(userName: string): Promise<number> {
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return must<number>(api, 'GET', '/v1/activity/getActivityRedEnvelopeNumber');
}

/** Whether two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A new chat room players can enter. */
async function newRoomCode(): Promise<string> {
  const roomCode = `tb${Date.now().toString(36).slice(-6)}`;
  await must(op, 'POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: '工具栏测试房',
    subTitle: '欢迎来聊',
  });
  return roomCode;
}

const toolbarButton = (page: Page) => page.getByRole('button', { name: '快捷工具' });
const panel = (page: Page) => page.getByRole('dialog', { name: '快捷工具' });

describe('floating toolbar', () => {
  it('is hidden on the public pages and asks a guest to log in first', async () => {
    const b = await fx.browser();
    for (const p of ['/login', '/register', '/forgotPassword', '/rebateDes']) {
      await b.page.goto(`${b.baseUrl}${p}`);
      await b.page.waitForLoadState('networkidle');
      expect(await toolbarButton(b.page).count(), p).toBe(0);
    }
    await b.page.goto(`${b.baseUrl}/index`);
    await toolbarButton(b.page).click();
    await panel(b.page).getByRole('button', { name: '聊天室' }).click();
    await b.page
      .getByRole('dialog', { name: '请先登录' })
      .getByRole('button', { name: '确定' })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/login');
    expect(await toolbarButton(b.page).count()).toBe(0);
  });

  it('counts the red envelopes (9+ above 9) and the unread private chats', async () => {
    const player = await newPlayer();
    const room = await must<{ roomId: number }>(op, 'GET', '/v1/chat/getDirectRoomWeb', {
      targetUserId: player.userId,
    });
    await must(op, 'POST', '/v1/chat/addDirectMessage', {
      roomId: room.roomId,
      messageTypeId: 1,
      message: '您好，有新活动',
    });
    // a grade of its own: the envelopes made here count for this player alone
    await fx.sql`update users set grade = 7 where id = ${player.userId}`;
    await giveaways(3, 7);
    const b = await fx.browser();
    await logIn(b, player.userName, PASSWORD);
    const three = await claimable(player.userName);
    expect(three).toBeGreaterThanOrEqual(3);
    await b.page.goto(`${b.baseUrl}/index`);
    await toolbarButton(b.page).click();
    await expect
      .poll(() => b.page.getByTestId('badge-redEnvelope').textContent())
      .toBe(three > 9 ? '9+' : String(three));
    expect(await b.page.getByTestId('badge-chatRoom').textContent()).toBe('1');
    await b.page.keyboard.press('Escape');
    await panel(b.page).waitFor({ state: 'detached' });
    await giveaways(9, 7);
    expect(await claimable(player.userName)).toBeGreaterThan(9);
    await b.page.reload();
    await toolbarButton(b.page).click();
    await expect.poll(() => b.page.getByTestId('badge-redEnvelope').textContent()).toBe('9+');
    await b.page.screenshot({ path: SCREENSHOT });
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(1000);
    // the panel fits the 360 px screen
    const box = (await panel(b.page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await panel(b.page)
      .getByRole('button', { name: /^聊天室/ })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/chatRoom');
  });

  it('opens a service line from 客服选单: an external one in a popup window, a local one as a page', async () => {
    const lines = [
      {
        name: '在线客服E2E',
        linkType: 1,
        linkUrl: 'https://kf.e2e.test/chat?from=toolbar',
        htmlPath: '',
        sort: 1,
        enabled: true,
      },
      { name: '帮助中心', linkType: 2, linkUrl: '', htmlPath: '/help', sort: 2, enabled: true },
    ];
    await must(op, 'POST', '/v1/admin/site/customerService', {
      lines: JSON.stringify(lines),
      supportWidth: 817,
      supportHeight: 500,
    });
    const b = await fx.browser();
    await b.context.route('https://kf.e2e.test/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>客服</title><p>客服页面</p>',
      }),
    );
    const player = await newPlayer();
    await logIn(b, player.userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/index`);
    await toolbarButton(b.page).click();
    await panel(b.page).getByRole('button', { name: '客服' }).click();
    const picker = b.page.getByRole('dialog', { name: '客服选单' });
    await expect
      .poll(() => picker.getByRole('button').allTextContents())
      .toEqual(['在线客服E2E（在新窗口打开）', '帮助中心', '取消']);
    await b.page.screenshot({ path: '/tmp/toolbar-picker-360.png' });
    const [popup] = await Promise.all([
      b.page.waitForEvent('popup'),
      picker.getByRole('button', { name: /在线客服E2E/ }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://kf.e2e.test/chat?from=toolbar');
    // no handle back on the site
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    // the 360 px screen is narrower than 817: the window is 90% of it
    const width = await popup.evaluate(() => window.outerWidth);
    expect(width).toBe(Math.round(0.9 * (await b.page.evaluate(() => screen.availWidth))));
    await popup.close();
    await toolbarButton(b.page).click();
    await panel(b.page).getByRole('button', { name: '客服' }).click();
    await b.page
      .getByRole('dialog', { name: '客服选单' })
      .getByRole('button', { name: '帮助中心' })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/help');
    // /manualVerification lists the same lines
    await b.page.goto(`${b.baseUrl}/manualVerification`);
    await expect
      .poll(() =>
        b.page.getByRole('list', { name: '客服线路' }).getByRole('button').allTextContents(),
      )
      .toEqual(['在线客服E2E', '帮助中心']);
    await b.page.screenshot({ path: '/tmp/manual-verification-360.png' });
  });

  it('covers nothing a player needs at 360 px: docked in the tab bar, hidden on the game and chat rooms, badge on the button', async () => {
    const player = await newPlayer();
    await fx.sql`update users set grade = 8 where id = ${player.userId}`;
    await giveaways(2, 8);
    const b = await fx.browser();
    await logIn(b, player.userName, PASSWORD);
    const count = await claimable(player.userName);
    expect(count).toBeGreaterThanOrEqual(2);
    const btn = toolbarButton(b.page);
    const clear = async (what: string, targets: Locator) => {
      const box = (await btn.boundingBox())!;
      expect(box.x, 'fully on screen').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'fully on screen').toBeLessThanOrEqual(360);
      const n = await targets.count();
      expect(n, what).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const t = await targets.nth(i).boundingBox();
        if (t) expect(overlaps(box, t), `${what} ${i}`).toBe(false);
      }
    };

    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.getByRole('link', { name: '聊天室' }).first().waitFor();
    await b.page.waitForLoadState('networkidle');
    await clear('聊天室 tile', b.page.getByRole('link', { name: '聊天室' }));
    await clear('tab bar', b.page.getByRole('navigation', { name: '主导航' }).getByRole('link'));
    // the collapsed button carries the red-envelope badge, from the same count as the panel
    await expect
      .poll(() => b.page.getByTestId('toolbar-badge').textContent(), { timeout: 15_000 })
      .toBe(count > 9 ? '9+' : String(count));
    await b.page.screenshot({ path: '/tmp/toolbar-docked-360.png' });

    await b.page.goto(`${b.baseUrl}/lotteryHall`);
    await b.page.getByRole('link', { name: '玩法说明' }).first().waitFor({ timeout: 15_000 });
    await clear('玩法说明', b.page.getByRole('link', { name: '玩法说明' }));

    // in the way on the betting page and in a chat room (own avatars, the input): not there at all
    await b.page.goto(`${b.baseUrl}/lottery/SSC/1008`);
    await b.page.getByTestId('bet-bar').waitFor();
    expect(await btn.count()).toBe(0);
    await b.page.goto(`${b.baseUrl}/chatRoom/${await newRoomCode()}`);
    await b.page.getByRole('textbox').first().waitFor({ timeout: 15_000 });
    expect(await btn.count()).toBe(0);
  });

  it('drags to a side edge where it stays fully visible, keeps its place over a reload, and back into the tab bar', async () => {
    const b = await fx.browser();
    const player = await newPlayer();
    await logIn(b, player.userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.waitForLoadState('networkidle');
    const btn = toolbarButton(b.page);
    const docked = (await btn.boundingBox())!;
    // drag far beyond the left and top edges: it rests against the left side, fully visible
    await b.page.mouse.move(docked.x + 20, docked.y + 20);
    await b.page.mouse.down();
    await b.page.mouse.move(docked.x - 200, docked.y - 100, { steps: 8 });
    await b.page.mouse.move(-500, 120, { steps: 8 });
    await b.page.mouse.up();
    const moved = (await btn.boundingBox())!;
    expect(moved.x).toBeGreaterThanOrEqual(0);
    expect(moved.x).toBeLessThan(20);
    expect(moved.y).toBeGreaterThanOrEqual(0);
    expect(await panel(b.page).count(), 'a drag does not open the panel').toBe(0);
    await b.page.reload();
    await b.page.waitForLoadState('networkidle');
    const after = (await btn.boundingBox())!;
    expect(Math.abs(after.x - moved.x)).toBeLessThan(1);
    expect(Math.abs(after.y - moved.y)).toBeLessThan(1);
    // let go over the tab bar: back in its slot
    await b.page.mouse.move(after.x + 20, after.y + 20);
    await b.page.mouse.down();
    await b.page.mouse.move(300, 700, { steps: 8 });
    await b.page.mouse.up();
    const back = (await btn.boundingBox())!;
    expect(Math.abs(back.x - docked.x)).toBeLessThan(1);
    expect(Math.abs(back.y - docked.y)).toBeLessThan(1);
    // a tap still opens it
    await btn.click();
    await panel(b.page).waitFor();
  });
});
