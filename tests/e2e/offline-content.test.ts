/**
 * What the player last saw opens offline (issue 24): a chat room's history, a private chat's history,
 * the bet record with its bets and the game page with its number grid and last result, each read
 * online once, then opened again with the network gone (a navigation, then a reload of the same
 * page), shows its content marked 离线内容 instead of "network missing" over an empty page. The next
 * user of the same browser, after a logout, sees none of it.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { controlled, e2eFixture, logIn, OPERATOR } from './browser.ts';
import { ApiClient } from './api.ts';
import { PASSWORD, SSC_1MIN, fundedPlayer, must, saleWindow } from './lotteryHelpers.ts';

const fx = e2eFixture();

const CACHED_NOTE = '离线内容，可能不是最新';
const OFFLINE_STATE = '网络未连接，联网后将自动重新加载';

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });
const bubble = (page: Page, text: string) =>
  log(page).locator('li[data-message-id]').filter({ hasText: text });

/** The page shows `what` and the offline mark, and no "network missing" state in place of content. */
async function showsOffline(page: Page, what: () => Promise<void>, label: string): Promise<void> {
  await what();
  await page.getByText(CACHED_NOTE).first().waitFor({ timeout: 15_000 });
  expect(await page.getByText(OFFLINE_STATE).count(), label).toBe(0);
}

describe('offline content', () => {
  it('chat history, private chat, bet record and the game page open offline with what was last seen, marked offline', async () => {
    const op = new ApiClient(baseUrl());
    await op.login(OPERATOR.userName, OPERATOR.password);
    const roomCode = `off${Date.now().toString(36).slice(-6)}`;
    expect(
      (
        await op.call('POST', '/v1/admin/chat/rooms/save', {
          roomCode,
          title: '离线测试房间',
          subTitle: '欢迎来聊',
        })
      ).code,
    ).toBe(1);

    const p = await fundedPlayer(fx.sql, '100.00');
    const userId = Number(
      (await fx.sql`SELECT id FROM users WHERE user_name = ${p.userName}`)[0]!.id,
    );
    expect(
      (
        await p.api.call('POST', '/v1/chat/addMessage', {
          roomCode,
          messageTypeId: 1,
          message: '离线前的历史消息',
          status: 0,
          userIds: '',
        })
      ).code,
    ).toBe(1);
    const direct = await must<{ roomId: number }>(op, 'GET', '/v1/chat/getDirectRoomWeb', {
      targetUserId: userId,
    });
    await must(op, 'POST', '/v1/chat/addDirectMessage', {
      roomId: direct.roomId,
      messageTypeId: 1,
      message: '私聊里的上一条消息',
    });
    const onSale = await saleWindow(p.api, SSC_1MIN, 15_000);
    await must(p.api, 'POST', '/v1/betting/addBetting', {
      bettingData: JSON.stringify([
        {
          lotteryCode: SSC_1MIN,
          playDetailCode: `${SSC_1MIN}DWD`,
          bettingNumber: '7,-,-,-,-',
          bettingCount: 1,
          bettingAmount: '6.00',
          bettingPoint: 0,
          bettingUnit: 1,
          bettingIssue: onSale.issue,
          graduationCount: 3,
        },
      ]),
      requestId: crypto.randomUUID().replace(/-/g, ''),
    });
    const betRow = `第${onSale.issue}期 · 定位胆`;
    // a fresh site has drawn nothing yet: the game page's last result needs one draw
    await expect
      .poll(
        async () =>
          (
            await must<{ list: unknown[] }>(p.api, 'GET', '/v1/betting/lotteryOpenData', {
              lotteryCode: SSC_1MIN,
              pageSize: 5,
            })
          ).list.length,
        { timeout: 90_000, interval: 2000 },
      )
      .toBeGreaterThan(0);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, p.userName, PASSWORD);
    await page.goto(`${b.baseUrl}/index`);
    await controlled(page);

    // read online once
    await page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
    await bubble(page, '离线前的历史消息').waitFor({ timeout: 20_000 });
    await page.goto(`${b.baseUrl}/chatDirect/${direct.roomId}`);
    await bubble(page, '私聊里的上一条消息').waitFor({ timeout: 20_000 });
    await page.goto(`${b.baseUrl}/betRecord`);
    await page.getByText(betRow).waitFor({ timeout: 20_000 });
    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await page.getByRole('button', { name: '万位 1', exact: true }).waitFor({ timeout: 20_000 });
    const lastDraw = (await page
      .getByText(/^第\d+期开奖$/)
      .first()
      .textContent({ timeout: 20_000 }))!;
    // the app opened once more while online (a start asks for fresh rebates: it must not leave the
    // game page without one when the network goes next)
    await page.goto(`${b.baseUrl}/index`);
    await page.waitForLoadState('networkidle');

    await b.context.setOffline(true);
    const checks: [string, () => Promise<void>][] = [
      [
        `/chatRoom/${roomCode}`,
        () => bubble(page, '离线前的历史消息').waitFor({ timeout: 20_000 }),
      ],
      [
        `/chatDirect/${direct.roomId}`,
        () => bubble(page, '私聊里的上一条消息').waitFor({ timeout: 20_000 }),
      ],
      ['/betRecord', () => page.getByText(betRow).waitFor({ timeout: 20_000 })],
      [
        `/lottery/SSC/${SSC_1MIN}`,
        async () => {
          await page
            .getByRole('button', { name: '万位 1', exact: true })
            .waitFor({ timeout: 20_000 });
          await page.getByText(lastDraw, { exact: true }).waitFor({ timeout: 20_000 });
        },
      ],
    ];
    for (const [path, what] of checks) {
      await page.goto(`${b.baseUrl}${path}`);
      await showsOffline(page, what, `${path} (navigated)`);
      await page.reload();
      await showsOffline(page, what, `${path} (reloaded)`);
    }
    await b.context.setOffline(false);

    // logged out, the next player of this browser finds nothing of the first one's, even offline
    await page.goto(`${b.baseUrl}/personalInfo`);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出' }).click();
    await page.waitForURL((u) => u.pathname === '/index', { timeout: 15_000 });
    const other = await fundedPlayer(fx.sql, '1.00');
    await logIn(b, other.userName, PASSWORD);
    await b.context.setOffline(true);
    await page.goto(`${b.baseUrl}/betRecord`);
    await page.getByText(OFFLINE_STATE).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(betRow).count()).toBe(0);
    await page.goto(`${b.baseUrl}/chatDirect/${direct.roomId}`);
    // the page settles on the offline state, or (a leak) on the first player's cached messages
    await page
      .getByText(OFFLINE_STATE)
      .or(bubble(page, '私聊里的上一条消息'))
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await bubble(page, '私聊里的上一条消息').count()).toBe(0);
    await b.context.setOffline(false);
  }, 180_000);
});
