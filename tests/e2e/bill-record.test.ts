/**
 * /billRecord in real Chromium against the real server: a player credited and debited by the
 * operator's adjust API sees both movements with their sign, the balance after each, the totals,
 * the type filter, the detail sheet, and reaches the page from the user-centre menu.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

async function adjust(userName: string, amount: string, remark: string) {
  const operator = new ApiClient(baseUrl());
  await operator.login(OPERATOR.userName, OPERATOR.password);
  const res = await operator.call('POST', '/v1/admin/balance/adjust', {
    userName,
    amount,
    remark,
    requestId: crypto.randomUUID(),
  });
  expect(res.code, res.msg).toBe(1);
}

describe('bill records', () => {
  it('shows a manual credit and debit with their sign and balance after', async () => {
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    await adjust(userName, '88.80', '活动补偿');
    await adjust(userName, '-8.30', '违规扣除');

    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await b.page
      .getByRole('navigation', { name: '记录' })
      .getByRole('link', { name: '账变记录' })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/billRecord');

    const list = b.page.getByRole('list', { name: '账变记录' });
    await list.waitFor({ timeout: 15_000 });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // newest first
    expect(await rows.nth(0).textContent()).toContain('人工扣除');
    expect(await rows.nth(0).getByTestId('bill-amount').textContent()).toBe('-8.30');
    expect(await rows.nth(0).textContent()).toContain('余额 80.50');
    expect(await rows.nth(1).textContent()).toContain('人工存入');
    expect(await rows.nth(1).getByTestId('bill-amount').textContent()).toBe('+88.80');
    expect(await rows.nth(1).textContent()).toContain('余额 88.80');
    const totals = await b.page.getByRole('region', { name: '收支统计' }).textContent();
    expect(totals).toContain('+88.80');
    expect(totals).toContain('-8.30');
    expect(totals).toContain('80.50');

    await rows.nth(1).getByRole('button').click();
    const sheet = b.page.getByRole('dialog', { name: '账变详情' });
    await expect.poll(() => sheet.textContent(), { timeout: 10_000 }).toContain('活动补偿');
    expect(await sheet.textContent()).toContain('人工存入（401）');
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'detached' });

    await b.page.getByLabel('类型分组').selectOption({ label: '人工操作' });
    await b.page.getByLabel('账变类型').selectOption({ label: '人工扣除' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.nth(0).getByTestId('bill-amount').textContent()).toBe('-8.30');
    await b.page.getByLabel('类型分组').selectOption({ label: '充值' });
    await b.page.getByText('暂无账变记录').waitFor({ timeout: 10_000 });
  });
});
