/**
 * Forgot password with a phone code, in real Chromium: the player asks for a code on
 * /forgotPassword, the code arrives in the operator's outbox (the default transport), the player
 * enters it, sets a new password on /setLoginPassword and logs in with it; the old one is refused.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { ApiClient } from './api.ts';
import { OPERATOR, newUserName, e2eFixture, submitLogin } from './browser.ts';

const fx = e2eFixture();

/** The code in the operator's outbox for `phone`, once the page's request has put it there. */
async function codeSentTo(phone: string): Promise<string> {
  const operator = new ApiClient(baseUrl());
  await operator.login(OPERATOR.userName, OPERATOR.password);
  const codeNow = async () => {
    const res = await operator.call<{ list: { target: string; message: string }[] }>(
      'GET',
      '/v1/admin/codes/outbox',
      { page: 1, pageSize: 20 },
    );
    const row = res.data.list.find((r) => r.target === phone);
    return (row && /(\d{4})/.exec(row.message)?.[1]) ?? null;
  };
  let code: string | null = null;
  await expect
    .poll(async () => (code = await codeNow()), {
      timeout: 10_000,
      message: `no code in the outbox for ${phone}`,
    })
    .not.toBeNull();
  return code!;
}

describe('forgot password', () => {
  it('resets the login password with a code sent to the bound phone', async () => {
    const userName = newUserName();
    const phone = `137${String(Date.now()).slice(-8)}`;
    const userId = await insertUserWithPassword(fx.sql, userName, 'oldpass123');
    await fx.sql`update users set phone = ${phone} where id = ${userId!}`;

    const b = await fx.browser();
    const page = b.page;
    await page.goto(`${b.baseUrl}/forgotPassword`);
    await page.getByLabel('用户名', { exact: true }).fill(userName);
    await page.getByText('手机验证码', { exact: true }).click();
    await page.getByLabel('绑定的手机号码').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await codeSentTo(phone);
    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();

    await page.waitForURL((u) => u.pathname === '/setLoginPassword', { timeout: 15_000 });
    await page.getByLabel('新密码', { exact: true }).fill('newpass456');
    await page.getByLabel('确认密码', { exact: true }).fill('newpass456');
    await page.getByRole('button', { name: '确认修改' }).click();
    const done = page.getByRole('dialog').filter({ hasText: '密码重置成功，请重新登录' });
    await done.getByRole('button').first().click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });

    await submitLogin(page, userName, 'newpass456');
    await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
    const old = new ApiClient(baseUrl());
    await expect(old.login(userName, 'oldpass123')).rejects.toThrow(/refused/);
  });
});
