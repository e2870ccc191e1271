/**
 * 站点设置 in real Chromium: the operator switches the register image code off in /admin, and a
 * player's /register no longer shows it (and registers without it); switched back on, it returns.
 * The change is recorded in 操作日志 with the page it came from and the setting's before and after.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { OPERATOR, logIn, newUserName, openBrowser, openDb, type Browser } from './browser.ts';
import { ApiClient } from './api.ts';
import type { Sql } from '../../src/server/db/client.ts';

let sql: Sql;
const opened: Browser[] = [];

beforeAll(() => {
  sql = openDb();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  // never leave register without its image code for the other test files
  const operator = new ApiClient(baseUrl());
  await operator.login(OPERATOR.userName, OPERATOR.password);
  await operator.call('POST', '/v1/admin/site/settings', { imageCode: 1 });
  await sql.end();
});

async function browser(): Promise<Browser> {
  const b = await openBrowser();
  opened.push(b);
  return b;
}

async function settingsTab(): Promise<Page> {
  const b = await browser();
  await logIn(b, OPERATOR.userName, OPERATOR.password);
  await b.page.goto(`${b.baseUrl}/admin`);
  await b.page.getByRole('tab', { name: '站点设置', exact: true }).click();
  return b.page;
}

async function setImageCode(page: Page, on: boolean) {
  const form = page.getByRole('form', { name: '站点设置' });
  const box = form.getByRole('checkbox', { name: '图形验证码' });
  await box.setChecked(on);
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect
    .poll(() => page.getByText('已保存，各服务器将在数秒内生效').count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

/**
 * A player's fresh /register, with the image code field there or not. The save went through
 * putSetting on the file's one server, which drops its cached copy at once, so the first page
 * shows the new value (other instances would take up to the cache's 2 s).
 */
async function registerShowsImageCode(expected: boolean): Promise<Page> {
  const b = await browser();
  await b.page.goto(`${b.baseUrl}/register`);
  await b.page.getByLabel('用户名', { exact: true }).waitFor();
  expect((await b.page.getByLabel('验证码', { exact: true }).count()) > 0).toBe(expected);
  return b.page;
}

describe('site settings in /admin', () => {
  it('switching the register image code off removes it from /register, and on brings it back', async () => {
    const admin = await settingsTab();
    await setImageCode(admin, false);

    const page = await registerShowsImageCode(false);
    const userName = newUserName();
    await page.getByLabel('用户名', { exact: true }).fill(userName);
    await page.getByLabel('密码', { exact: true }).fill('abc12345');
    await page.getByLabel('确认密码', { exact: true }).fill('abc12345');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL((u) => u.pathname !== '/register', { timeout: 15_000 });
    const [user] = await sql`select id from users where user_name = ${userName}`;
    expect(user).toBeTruthy();

    await setImageCode(admin, true);
    await registerShowsImageCode(true);

    // 操作日志 shows both saves from 站点设置, and the setting's before and after
    await admin.getByRole('tab', { name: '操作日志', exact: true }).click();
    const log = admin.getByRole('region', { name: '操作记录' });
    await expect
      .poll(() => log.getByText('/v1/admin/site/settings').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await log.getByText(`${OPERATOR.userName} · 站点设置`).count()).toBeGreaterThanOrEqual(
      2,
    );
    await admin.getByRole('tab', { name: '设置变更', exact: true }).click();
    const changes = admin.getByRole('region', { name: '设置变更' });
    await expect
      .poll(() => changes.getByText('注册必填项').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const [row] =
      await sql`select before, after from settings_audit where key = 'register_verify' order by id desc limit 1`;
    expect(row.before.imageCode).toBe(false);
    expect(row.after.imageCode).toBe(true);
  });
});
