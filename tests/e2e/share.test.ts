/**
 * Sharing in Chromium at 360 px against the real server (issue 14): a player bets, shares the bet
 * into a room from /betRecord (the share dialog), and another player in the room sees the shared-bet
 * card arrive live with the bet's amount; the day's record shared from /PLstatement shows the
 * profit the server's report has. The other player follows the shared bet (跟投) and the same bet is in
 * their records.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, OPERATOR, type Browser } from './browser.ts';
import { PASSWORD, SSC_1MIN, fundedPlayer, must, saleWindow } from './lotteryHelpers.ts';

const fx = e2eFixture();
let op: ApiClient;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function makeRoom(): Promise<string> {
  const roomCode = `fx${Date.now().toString(36).slice(-6)}${crypto.randomInt(100)}`;
  const res = await op.call('POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: `分享${roomCode}`,
    subTitle: '晒单',
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
  return roomCode;
}

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });
const connected = (page: Page) =>
  expect.poll(() => page.locator('[data-socket="open"]').count(), { timeout: 15_000 }).toBe(1);

/** In the open share dialog: ticks the room (paging on until it shows), then 分享; waits for the toast. */
async function shareInto(page: Page, roomCode: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('checkbox', { name: `分享${roomCode}`, exact: true });
  await dialog.getByRole('checkbox').first().waitFor({ timeout: 15_000 });
  for (let i = 0; i < 20 && (await box.count()) === 0; i++) {
    const listed = await dialog.getByRole('checkbox').count();
    await dialog.getByRole('button', { name: '加载更多' }).click();
    await expect
      .poll(() => dialog.getByRole('checkbox').count(), { timeout: 15_000 })
      .toBeGreaterThan(listed);
  }
  await box.check();
  await dialog.getByRole('button', { name: '分享', exact: true }).click();
  await expect
    .poll(() => page.getByText('分享成功').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
}

describe('sharing into a chat room', () => {
  it('a bet shared from /betRecord and the day record from /PLstatement reach another player with the right amounts', async () => {
    const roomCode = await makeRoom();
    const a = await fundedPlayer(fx.sql, '100.00');
    const b = await fundedPlayer(fx.sql, '100.00');
    const bName = b.userName;
    // a bets 定位胆 on 极速时时彩: one line at 元 × 3 = 6.00
    // sale time for the whole share and follow: saleWindow draws a short one now, so asking costs
    // no wait
    const onSale = await saleWindow(a.api, SSC_1MIN, 45_000);
    const placed = await must<{ orders: { id: number }[] }>(
      a.api,
      'POST',
      '/v1/betting/addBetting',
      {
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
      },
    );
    expect(placed.orders).toHaveLength(1);

    const [pa, pb]: Browser[] = [await fx.browser(), await fx.browser()];
    await logIn(pb, bName, PASSWORD);
    await pb.page.goto(`${pb.baseUrl}/chatRoom/${roomCode}`);
    await connected(pb.page);

    await logIn(pa, a.userName, PASSWORD);
    await pa.page.goto(`${pa.baseUrl}/betRecord`);
    const share = pa.page.getByRole('button', { name: new RegExp(`^分享 第${onSale.issue}期`) });
    await share.waitFor({ timeout: 15_000 });
    await share.click();
    await shareInto(pa.page, roomCode);

    const card = log(pb.page).getByTestId('shared-bet-card');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByTestId('shared-bet-total').textContent()).toBe('6.00');
    expect(await card.textContent()).toContain(`第${onSale.issue}期`);
    await card.getByRole('button', { name: '详情' }).click();
    expect(await card.getByRole('list', { name: '注单详情' }).textContent()).toContain(
      '号码：7,-,-,-,-',
    );
    // 跟投: the follow dialog bets the same entry at the issue on sale, through addBetting
    await card.getByRole('button', { name: /^跟投/ }).click();
    const follow = pb.page.getByRole('dialog', { name: /^跟投 · / });
    await follow.getByText(/^跟投 · /).waitFor({ timeout: 15_000 });
    // the shared issue may have closed meanwhile: the alert names the current one and the bet moves there
    const moved = pb.page.getByRole('dialog', { name: /已截止/ });
    if (await moved.count()) await moved.getByRole('button', { name: '确定' }).click();
    await follow.getByRole('button', { name: '确认跟投' }).click();
    await expect
      .poll(() => pb.page.getByText('投注成功').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const followed = await must<{
      list: {
        lotteryCode: string;
        playDetailCode: string;
        bettingNumber: string;
        bettingAmount: string;
        graduationCount: number;
      }[];
      total: number;
    }>(b.api, 'GET', '/v1/betting/getBetting', { page: 1, pageSize: 10 });
    expect(followed.total).toBe(1);
    expect(followed.list[0]).toMatchObject({
      lotteryCode: SSC_1MIN,
      playDetailCode: `${SSC_1MIN}DWD`,
      bettingNumber: '7,-,-,-,-',
      bettingAmount: '6.00',
    });
    const okButton = pb.page.getByRole('button', { name: '确定' });
    if (await okButton.count()) await okButton.first().click();
    await expect.poll(() => pb.page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);

    // the day's record from /PLstatement: the profit the server's report gives
    await pa.page.goto(`${pa.baseUrl}/PLstatement`);
    await pa.page.getByRole('button', { name: /^分享\d{4}-\d{2}-\d{2}的战绩$/ }).click();
    await shareInto(pa.page, roomCode);
    const report = await must<{ profit: string; betAmount: string; pendingBetAmount: string }>(
      a.api,
      'GET',
      '/v1/report/userReport/profitLoss',
      {},
    );
    // the stake counts once: 待开奖 while it awaits its draw, 投注 once drawn
    expect(Math.round((Number(report.betAmount) + Number(report.pendingBetAmount)) * 100)).toBe(
      600,
    );
    const profit = log(pb.page).getByTestId('shared-record-profit');
    await expect.poll(() => profit.count(), { timeout: 15_000 }).toBe(1);
    expect(await profit.textContent()).toBe(report.profit);

    // history renders the same cards after a reload
    await pb.page.reload();
    await connected(pb.page);
    await expect
      .poll(() => log(pb.page).getByTestId('shared-bet-total').textContent(), { timeout: 15_000 })
      .toBe('6.00');
    await expect
      .poll(() => log(pb.page).getByTestId('shared-record-profit').textContent(), {
        timeout: 15_000,
      })
      .toBe(report.profit);
  });
});
