/**
 * The operator's /admin page in real Chromium against the real server: crediting a player
 * (调账), the maintenance switch (站点), and the code outbox (验证码) a player's phone binding
 * code is read from. Every test uses players of its own, made in the server's database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { OPERATOR, logIn, newUserName, openBrowser, openDb, type Browser } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import type { Sql } from '../../src/server/db/client.ts';

const PASSWORD = 'player123';
let sql: Sql;
const opened: Browser[] = [];

beforeAll(() => {
  sql = openDb();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  // Never leave the site in maintenance for the other test files, whatever happened above.
  const operator = new ApiClient(baseUrl());
  await operator.login(OPERATOR.userName, OPERATOR.password);
  await operator.call('POST', '/v1/admin/site/status', { maintenance: 0 });
  await sql.end();
});

async function browser(): Promise<Browser> {
  const b = await openBrowser();
  opened.push(b);
  return b;
}

async function newPlayer(): Promise<string> {
  const userName = newUserName();
  await insertUserWithPassword(sql, userName, PASSWORD);
  return userName;
}

/** An operator's browser on /admin with the given tab open. */
async function adminTab(tab: string): Promise<Page> {
  const b = await browser();
  await logIn(b, OPERATOR.userName, OPERATOR.password);
  await b.page.goto(`${b.baseUrl}/admin`);
  await b.page.getByRole('tab', { name: tab, exact: true }).click();
  return b.page;
}

async function balanceOf(userName: string): Promise<string> {
  const player = new ApiClient(baseUrl());
  await player.login(userName, PASSWORD);
  const res = await player.call<{ balance: string }>('GET', '/v1/balance/queryBalanceFront');
  expect(res.code, res.msg).toBe(1);
  return res.data.balance;
}

describe('admin page', () => {
  it('credits a player from the 调账 panel and the player balance rises', async () => {
    const userName = await newPlayer();
    expect(await balanceOf(userName)).toBe('0.00');
    const page = await adminTab('调账');
    await page.getByLabel('用户名', { exact: true }).fill(userName);
    await page.getByLabel('金额（元，负数为扣款）').fill('88.50');
    await page.getByLabel('备注', { exact: true }).fill('e2e 活动奖励');
    await page.getByRole('button', { name: '提交调整' }).click();
    // the second look: who, how much, the balance after
    await page.getByRole('dialog').getByText('调整后余额 ¥88.50').waitFor({ timeout: 10_000 });
    await page.getByRole('dialog').getByRole('button', { name: '确认调账' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '调整成功' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('88.50');
    expect(await balanceOf(userName)).toBe('88.50');

    // A refusal is shown, and moves nothing.
    await page.getByLabel('金额（元，负数为扣款）').fill('-1000');
    await page.getByLabel('备注', { exact: true }).fill('e2e 扣款');
    await page.getByRole('button', { name: '提交调整' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '余额不足' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await balanceOf(userName)).toBe('88.50');
  });

  it('turns maintenance on from the 站点 panel (a player lands on /maintain) and off again', async () => {
    const userName = await newPlayer();
    const player = await browser();
    await logIn(player, userName, PASSWORD);
    const page = await adminTab('站点');
    const save = async (on: boolean) => {
      const box = page.getByLabel('维护模式');
      await box.setChecked(on);
      await page.getByRole('button', { name: '保存', exact: true }).click();
      // turning it on asks first; turning it off does not
      if (on) await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      const operator = new ApiClient(baseUrl());
      await operator.login(OPERATOR.userName, OPERATOR.password);
      await expect
        .poll(
          async () =>
            (await operator.call<{ maintenance: boolean }>('GET', '/v1/admin/site/status')).data
              .maintenance,
          { timeout: 10_000 },
        )
        .toBe(on);
    };

    await save(true);
    await player.page.goto(`${player.baseUrl}/personalInfo`);
    await player.page.waitForURL((u) => u.pathname === '/maintain', { timeout: 15_000 });
    await player.page.getByText(/维护/).first().waitFor({ timeout: 10_000 });

    await save(false);
    await player.page.goto(`${player.baseUrl}/personalInfo`);
    await player.page.getByText(`用户名：${userName}`).waitFor({ timeout: 15_000 });
    expect(new URL(player.page.url()).pathname).toBe('/personalInfo');
  });

  it('binds a phone with the code the operator reads in the 验证码 outbox', async () => {
    const userName = await newPlayer();
    const phone = `139${String(Date.now()).slice(-8)}`;
    const player = await browser();
    await logIn(player, userName, PASSWORD);
    await player.page.goto(`${player.baseUrl}/securityCenter`);
    await player.page.getByRole('button', { name: /手机号码/ }).click();
    await player.page.getByLabel('手机号码', { exact: true }).fill(phone);
    await player.page.getByRole('button', { name: '获取验证码' }).click();
    await player.page.getByRole('button', { name: /秒后重发/ }).waitFor({ timeout: 10_000 });

    const page = await adminTab('验证码');
    const row = page.locator('li', { hasText: phone });
    await row.waitFor({ timeout: 10_000 });
    const code = /验证码是(\d{4})/.exec((await row.textContent()) ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);

    await player.page.getByLabel('短信验证码').fill(code!);
    await player.page.getByRole('button', { name: '确认绑定' }).click();
    const masked = `${phone.slice(0, 2)}******${phone.slice(-1)}`;
    await player.page.getByText(masked).waitFor({ timeout: 10_000 });
    const [u] = await sql`select phone from users where user_name = ${userName}`;
    expect(u.phone).toBe(phone);
  });
});
