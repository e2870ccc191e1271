/**
 * Logging in, the login guard and an expired session, in real Chromium against the real
 * server and database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, logIn, openBrowser, openDb, submitLogin, type Browser } from './browser.ts';
import type { Sql } from '../../src/server/db/client.ts';

const EXPIRED_TEXT = '由于登录验证过期，已自动退出，需要重新登录！';

let b: Browser;
let sql: Sql;
beforeAll(() => {
  sql = openDb();
});
afterAll(async () => {
  await sql.end();
});
afterEach(async () => {
  await b?.close();
});

describe('session', () => {
  it('logs the demo player in from /login and lands on /index', async () => {
    b = await openBrowser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    expect(new URL(b.page.url()).pathname).toBe('/index');
    const [row] = await sql`
      select count(*)::int as n from sessions s join users u on u.id = s.user_id
      where u.user_name = ${DEMO_PLAYER.userName} and s.ended_at is null`;
    expect(row.n).toBeGreaterThan(0);
  });

  it('refuses a wrong password and stays on /login with the message', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/login`);
    await submitLogin(b.page, DEMO_PLAYER.userName, 'wrongpass1');
    await expect
      .poll(() => b.page.getByText(/错误|不正确|失败/).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(new URL(b.page.url()).pathname).toBe('/login');
    const [row] = await sql`
      select count(*)::int as n from login_failures where user_name_lc = ${DEMO_PLAYER.userName}`;
    expect(row.n).toBeGreaterThan(0);
    await sql`delete from login_failures where user_name_lc = ${DEMO_PLAYER.userName}`;
  });

  it('sends a guarded route to /login?redirect=... and back there after login', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await b.page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    const redirect = new URL(b.page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/personalInfo');
    await submitLogin(b.page, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    await b.page.waitForURL((u) => u.pathname === '/personalInfo', { timeout: 15_000 });
    await expect
      .poll(() => b.page.getByText(DEMO_PLAYER.userName).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  it('shows the expired-login dialog when the session went idle, and 确定 goes to /login', async () => {
    b = await openBrowser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    await sql`
      update sessions set last_seen_at = now() - interval '3 hours'
      where ended_at is null and user_id = (select id from users where user_name = ${DEMO_PLAYER.userName})`;
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    const dialog = b.page.getByRole('dialog').filter({ hasText: EXPIRED_TEXT });
    // The dialog root is a zero-size container for its fixed-position panel: wait on its button.
    const ok = dialog.getByRole('button', { name: '确定', exact: true });
    await ok.waitFor({ timeout: 15_000 });
    await ok.click();
    await b.page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  });
});
