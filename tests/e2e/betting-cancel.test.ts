/**
 * 撤单 in real Chromium against the real server: a bet on the issue of 极速时时彩 on sale is cancelled
 * from /betRecord after the confirm; the stake comes back exactly (202 `cancel:{betId}`), the row
 * shows 已撤单 and offers no second cancel; a repeated cancel is refused and moves nothing.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  SSC_1MIN,
  balanceFen,
  fundedPlayer,
  must,
  saleWindow,
  type BetRow,
} from './lotteryHelpers.ts';

const fx = e2eFixture();

describe('cancel a bet', () => {
  it('cancels a pending bet from 投注记录 while its issue is on sale and restores the balance exactly', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '100.00');
    const start = await balanceFen(api);
    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);

    const onSale = await saleWindow(api, SSC_1MIN, 35_000);
    const placed = await must<{ orders: { id: number; orderNo: string }[]; balance: string }>(
      api,
      'POST',
      '/v1/betting/addBetting',
      {
        bettingData: JSON.stringify([
          {
            lotteryCode: SSC_1MIN,
            playDetailCode: `${SSC_1MIN}DWD`,
            bettingNumber: '1 2,-,-,-,-',
            bettingCount: 2,
            bettingAmount: '4.00',
            bettingPoint: 0,
            bettingUnit: 1,
            bettingIssue: onSale.issue,
            graduationCount: 1,
          },
        ]),
        requestId: `e2e${crypto.randomBytes(8).toString('hex')}`,
      },
    );
    expect(placed.orders).toHaveLength(1);
    const betId = placed.orders[0]!.id;
    expect(await balanceFen(api)).toBe(start - 400);

    await page.goto(`${b.baseUrl}/betRecord`);
    const row = page
      .getByRole('list', { name: '投注记录' })
      .getByRole('listitem')
      .filter({ hasText: `第${onSale.issue}期` });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('等待开奖');
    const cancel = row.getByRole('button', { name: `撤单 第${onSale.issue}期 极速时时彩` });
    await cancel.waitFor({ timeout: 10_000 });
    await cancel.click();
    const dialog = page.getByRole('dialog', {
      name: `确定撤销 极速时时彩 第${onSale.issue}期的这注投注吗？`,
    });
    await dialog.getByRole('button', { name: '撤单', exact: true }).click();

    await expect
      .poll(() => row.getByRole('link').textContent(), { timeout: 15_000 })
      .toContain('已撤单');
    expect(await row.getByRole('button', { name: /撤单/ }).count()).toBe(0);
    expect(await balanceFen(api)).toBe(start);

    const detail = await must<BetRow>(api, 'GET', '/v1/betting/getBetDetail', { id: betId });
    expect(detail).toMatchObject({
      status: 'USER_CANCELLED',
      statusText: '已撤单',
      returnAmount: '已撤单',
    });
    const transfers = await fx.sql<{ type_code: number; amount: string }[]>`
      select type_code, amount::text from transfers where transfer_id = ${`cancel:${betId}`}`;
    expect(transfers).toEqual([{ type_code: 202, amount: '400' }]);

    // Cancelling again is refused in Chinese and moves nothing.
    const again = await api.call('POST', '/v1/betting/cancelBetting', { orderId: betId });
    expect(again.code).not.toBe(1);
    expect(again.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await balanceFen(api)).toBe(start);
  }, 150_000);
});
