/**
 * Opening a private chat (issue 24 item 5): a player taps a manager's avatar in a room, the player
 * card offers 私聊, and the private chat opens without any call that carries an empty roomCode
 * (the room page once asked three of them, refused with HTTP 400, while the private chat replaced
 * it) and without any 4xx answer. Opened again from a room by its address inside the app, and by
 * loading its address (what a notification's click does), the same holds. From the 私聊 list it is
 * covered by chat.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Request } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName, OPERATOR, type Browser } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { decodeEnpathUrl } from '../../src/domain/enpath.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
let op: ApiClient;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function player(): Promise<{ userName: string; userId: number; api: ApiClient }> {
  const userName = newUserName();
  const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return { userName, userId, api };
}

/** A call as the server reads it: its real path and its parameters (query and form body). */
function callOf(r: Request): { path: string; params: URLSearchParams } {
  const u = new URL(r.url());
  const d = decodeEnpathUrl(u.pathname + u.search);
  const params = new URLSearchParams(d?.query ?? u.search);
  const type = r.headers()['content-type'] ?? '';
  if (r.method() === 'POST' && type.includes('x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(r.postData() ?? '')) params.append(k, v);
  }
  return { path: d?.realPath ?? u.pathname, params };
}

/** Every call with a roomCode parameter that is empty, and every 4xx answer, from now on. */
function watch(b: Browser): { emptyRoomCode: string[]; refused: string[] } {
  const out = { emptyRoomCode: [] as string[], refused: [] as string[] };
  b.page.on('request', (r) => {
    if (!r.url().includes('/v1/')) return;
    const { path, params } = callOf(r);
    if (params.has('roomCode') && params.get('roomCode') === '') out.emptyRoomCode.push(path);
  });
  b.page.on('response', (r) => {
    if (r.url().includes('/v1/') && r.status() >= 400 && r.status() < 500)
      out.refused.push(`${r.status()} ${callOf(r.request()).path}`);
  });
  return out;
}

const bubbles = (b: Browser, text: string) =>
  b.page
    .getByRole('log', { name: '聊天消息' })
    .locator('li[data-message-id]')
    .filter({ hasText: text });
const connected = (b: Browser) =>
  expect.poll(() => b.page.locator('[data-socket="open"]').count(), { timeout: 15_000 }).toBe(1);

describe('opening a private chat', () => {
  it('from the player card in a room sends no call with an empty roomCode and gets no 4xx', async () => {
    const manager = await player();
    await fx.sql`update users set grade = 100 where id = ${manager.userId}`;
    const roomCode = `e2edm${Date.now().toString(36).slice(-6)}`;
    const made = await op.call('POST', '/v1/admin/chat/rooms/save', {
      roomCode,
      title: '私聊入口测试',
      subTitle: '',
    });
    expect(made.code).toBe(1);
    const said = await manager.api.call('POST', '/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 1,
      message: '有事找管理员',
      status: 0,
      userIds: '',
    });
    expect(said.code).toBe(1);

    const p = await player();
    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
    await expect.poll(() => bubbles(b, '有事找管理员').count(), { timeout: 15_000 }).toBe(1);
    await connected(b);

    const seen = watch(b);
    await bubbles(b, '有事找管理员')
      .getByRole('button', { name: /^查看.*的资料$/ })
      .click();
    const card = b.page.getByRole('dialog', { name: '玩家资料' });
    await expect
      .poll(() => card.getByRole('button', { name: '私聊' }).count(), { timeout: 10_000 })
      .toBe(1);
    await card.getByRole('button', { name: '私聊' }).click();
    await expect
      .poll(() => new URL(b.page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/chatDirect\/\d+$/);
    await connected(b);
    const directPath = new URL(b.page.url()).pathname;

    // back in the room, the same private chat by its address (a pushed link opens it the same way)
    await b.page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
    await connected(b);
    await b.page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, directPath);
    await expect.poll(() => new URL(b.page.url()).pathname).toBe(directPath);
    await connected(b);
    // and as a pushed notification opens it (the service worker navigates the window to the address)
    await b.page.goto(`${b.baseUrl}${directPath}`);
    await connected(b);
    await b.page.waitForLoadState('networkidle');

    expect(seen.emptyRoomCode).toEqual([]);
    expect(seen.refused).toEqual([]);
  });
});
