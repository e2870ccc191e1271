/**
 * Registering a new player in real Chromium: once with the image code switched off by the
 * operator's setting, once with it on, answering the captcha the page fetched. The answer is
 * stored hashed, so for the right answer the test serves the page a code it issued itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUserName, openBrowser, openDb, type Browser } from './browser.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { realPathOf, takeOverImageCodes } from './captcha.ts';
import { settingsChanged } from './fileServer.ts';
const PASSWORD = 'abc12345';

let b: Browser;
let sql: Sql;
beforeAll(() => {
  sql = openDb();
});
afterAll(async () => {
  await sql`delete from site_settings where key in ('register_verify', 'tenant_config')`;
  await sql.end();
});
afterEach(async () => {
  await b?.close();
});

async function setImageCodeRequired(required: boolean) {
  await sql`
    insert into site_settings (key, value) values ('register_verify', ${sql.json({ imageCode: required })})
    on conflict (key) do update set value = site_settings.value || excluded.value, updated_at = now()`;
  await sql`
    insert into site_settings (key, value) values ('tenant_config', ${sql.json({ registerImageCode: required })})
    on conflict (key) do update set value = site_settings.value || excluded.value, updated_at = now()`;
  // written behind the server's back: its settings cache is told, as putSetting would
  settingsChanged();
}

async function fillRegisterForm(page: Browser['page'], userName: string) {
  await page.getByLabel('用户名', { exact: true }).fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码', { exact: true }).fill(PASSWORD);
}

async function expectRegistered(userName: string) {
  await b.page.waitForURL((u) => u.pathname !== '/register', { timeout: 15_000 });
  const [user] = await sql`select id from users where user_name = ${userName}`;
  expect(user, `user ${userName} in the database`).toBeTruthy();
  const [s] =
    await sql`select count(*)::int as n from sessions where user_id = ${user.id} and ended_at is null`;
  expect(s.n).toBe(1);
}

describe('register', () => {
  it('registers a new player without an image code when the operator switched it off', async () => {
    await setImageCodeRequired(false);
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/register`);
    const userName = newUserName();
    await fillRegisterForm(b.page, userName);
    expect(await b.page.getByLabel('验证码', { exact: true }).count()).toBe(0);
    await b.page.getByRole('button', { name: '注册', exact: true }).click();
    await expectRegistered(userName);
  });

  it('registers with the image code, refusing a wrong answer first', async () => {
    await setImageCodeRequired(true);
    b = await openBrowser();
    const served: string[] = [];
    b.page.on('response', (res) => {
      if (realPathOf(res.url()) === '/v1/users/imageCode') served.push(res.url());
    });
    await b.page.goto(`${b.baseUrl}/register`);
    await expect.poll(() => served.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const userName = newUserName();
    await fillRegisterForm(b.page, userName);

    // The served code's alphabet has no 1 (it looks like I): this answer is always wrong.
    await b.page.getByLabel('验证码', { exact: true }).fill('1234');
    const servedBefore = served.length;
    await b.page.getByRole('button', { name: '注册', exact: true }).click();
    await b.page.getByText('验证码错误或已过期').first().waitFor({ timeout: 10_000 });
    expect(new URL(b.page.url()).pathname).toBe('/register');
    const [none] = await sql`select count(*)::int as n from users where user_name = ${userName}`;
    expect(none.n).toBe(0);

    // A tried code is spent: the page fetches a new one by itself. Once that has arrived, the next
    // one the page shows (on 刷新验证码) is one whose answer the test knows.
    await expect.poll(() => served.length, { timeout: 10_000 }).toBeGreaterThan(servedBefore);
    const answers = await takeOverImageCodes(b.page, sql);
    await b.page.getByRole('button', { name: '刷新验证码' }).click();
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await b.page.getByLabel('验证码', { exact: true }).fill(answers.at(-1)!);
    await b.page.getByRole('button', { name: '注册', exact: true }).click();
    await expectRegistered(userName);
  });
});
