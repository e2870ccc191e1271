/**
 * The operator console in real Chromium against the real server (issue 24, items 9 to 11): at
 * 1280 px a side navigation beside the panel and none of the player's chrome; a user's page opened
 * from the users table with their data, where a freeze and a force logout work; at 360 px the
 * navigation still works; 调账 and turning maintenance on ask first and change nothing on 取消.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

async function newPlayer(): Promise<{ userName: string; api: ApiClient }> {
  const userName = newUserName();
  await insertUserWithPassword(fx.sql, userName, PASSWORD);
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return { userName, api };
}

async function operatorApi(): Promise<ApiClient> {
  const op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
  return op;
}

async function consoleAt(width: number, height: number, path = '/admin'): Promise<Page> {
  const b = await fx.browser();
  await b.page.setViewportSize({ width, height });
  await logIn(b, OPERATOR.userName, OPERATOR.password);
  await b.page.goto(`${b.baseUrl}${path}`);
  await b.page.getByRole('navigation', { name: '管理功能' }).waitFor({ timeout: 15_000 });
  return b.page;
}

async function balanceOf(api: ApiClient): Promise<string> {
  const res = await api.call<{ balance: string }>('GET', '/v1/balance/queryBalanceFront');
  expect(res.code, res.msg).toBe(1);
  return res.data.balance;
}

/** Answers the confirm dialog and resolves with the question it asked. */
async function answer(page: Page, button: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  const choice = dialog.getByRole('button', { name: button });
  await choice.waitFor({ timeout: 10_000 });
  const text = (await dialog.textContent()) ?? '';
  await choice.click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  return text;
}

describe('the console at 1280 px', () => {
  it('has a side navigation beside the panel and no player tab bar or floating button', async () => {
    const page = await consoleAt(1280, 800);
    const nav = (await page.getByRole('navigation', { name: '管理功能' }).boundingBox())!;
    const main = (await page.getByRole('tabpanel').boundingBox())!;
    expect(nav.x + nav.width).toBeLessThanOrEqual(main.x + 1);
    expect(main.width).toBeGreaterThan(800);
    for (const group of ['用户', '财务', '彩票', '聊天', '内容', '代理', '系统']) {
      expect(await page.getByRole('tablist', { name: group }).count(), group).toBe(1);
    }
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '快捷工具' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: '用户列表' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: '提现审核', exact: true }).click();
    await page.waitForURL((u) => u.search === '?s=withdraw', { timeout: 10_000 });
    expect(
      await page.getByRole('tab', { name: '提现审核', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    // a reload keeps the section
    await page.reload();
    await page.getByRole('tab', { name: '提现审核', selected: true }).waitFor({ timeout: 15_000 });
  });

  it('opens a user page from the users table with their data; freeze and force logout work', async () => {
    const { userName, api } = await newPlayer();
    const op = await operatorApi();
    const credited = await op.call('POST', '/v1/admin/balance/adjust', {
      userName,
      amount: '66.60',
      remark: 'e2e 详情',
      requestId: crypto.randomUUID(),
    });
    expect(credited.code, credited.msg).toBe(1);
    const page = await consoleAt(1280, 900);
    await page.getByLabel('用户名', { exact: true }).fill(userName);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByRole('link', { name: userName, exact: true }).click();
    await page.waitForURL((u) => /^\/admin\/user\/\d+$/.test(u.pathname), { timeout: 10_000 });
    await page.getByRole('heading', { name: `用户详情：${userName}` }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('region', { name: '资金' }).textContent()).toContain('¥66.60');
    expect(await page.getByRole('table', { name: '账变记录' }).textContent()).toContain('e2e 详情');
    await page.getByRole('tab', { name: '登录记录' }).click();
    const logins = page.getByRole('table', { name: '登录记录' });
    await logins.waitFor({ timeout: 10_000 });
    expect(await logins.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);

    await page.getByRole('button', { name: '冻结', exact: true }).click();
    expect(await answer(page, '确定')).toContain(userName);
    await page.getByRole('button', { name: '解冻' }).waitFor({ timeout: 10_000 });
    expect((await api.call('GET', '/v1/balance/queryBalanceFront')).code).toBe(-49);

    await page.getByRole('button', { name: '解冻' }).click();
    await answer(page, '确定');
    await page.getByRole('button', { name: '冻结', exact: true }).waitFor({ timeout: 10_000 });
    await api.login(userName, PASSWORD);
    expect(await balanceOf(api)).toBe('66.60');
    await page.getByRole('button', { name: '强制下线' }).click();
    await answer(page, '确定');
    await expect
      .poll(async () => (await api.call('GET', '/v1/balance/queryBalanceFront')).code, {
        timeout: 10_000,
      })
      .toBe(-6);
  });
});

describe('the console at 360 px', () => {
  it('keeps the navigation usable: a section opens, the menu folds to one line', async () => {
    const page = await consoleAt(360, 740);
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '快捷工具' }).count()).toBe(0);
    await page.getByRole('tab', { name: '操作日志', exact: true }).click();
    await page.waitForURL((u) => u.search === '?s=audit', { timeout: 10_000 });
    const fold = page.getByRole('button', { name: /功能菜单/ });
    expect(await fold.textContent()).toContain('操作日志');
    await fold.click();
    expect(await page.getByRole('tab', { name: '操作日志', exact: true }).isVisible()).toBe(false);
    await fold.click();
    await page.getByRole('tab', { name: '用户', exact: true }).click();
    await page.getByRole('table', { name: '用户列表' }).waitFor({ timeout: 10_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});

describe('a second look before money or the whole site moves', () => {
  it('调账 shows the user, amount and new balance, and 取消 moves nothing', async () => {
    const { userName, api } = await newPlayer();
    const page = await consoleAt(1280, 800, '/admin?s=adjust');
    await page.getByLabel('用户名', { exact: true }).fill(userName);
    await page.getByLabel('金额（元，负数为扣款）').fill('20.50');
    await page.getByLabel('备注', { exact: true }).fill('e2e 确认');
    await page.getByRole('button', { name: '提交调整' }).click();
    const asked = await answer(page, '取消');
    expect(asked).toContain(userName);
    expect(asked).toContain('加款 ¥20.50');
    expect(asked).toContain('调整后余额 ¥20.50');
    expect(await balanceOf(api)).toBe('0.00');
    await page.getByRole('button', { name: '提交调整' }).click();
    await answer(page, '确认调账');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '调整成功' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await balanceOf(api)).toBe('20.50');
  });

  it('turning maintenance on says 全站将进入维护, and 取消 leaves the site open', async () => {
    const page = await consoleAt(1280, 800, '/admin?s=site');
    await page.getByLabel('维护模式').setChecked(true);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    expect(await answer(page, '取消')).toContain('全站将进入维护');
    const op = await operatorApi();
    expect(
      (await op.call<{ maintenance: boolean }>('GET', '/v1/admin/site/status')).data.maintenance,
    ).toBe(false);
  });
});
