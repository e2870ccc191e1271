/**
 * Cards in real Chromium against the real server: a new player opening /setBankcard is sent to set
 * a safety password first (through the security pages), binds a bank card with the live bank
 * lookup, sees it masked on /bankCard (the full number never reaches the page), and adds a USDT
 * address on /virtualCoin. The rows in the database carry the full number and the locked name.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { e2eFixture, logIn, newUserName } from './browser.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('cards and addresses', () => {
  it('sets a safety password, binds a card in /setBankcard, sees it masked, adds a digital address', async () => {
    const userName = newUserName();
    const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
    const cardNumber = `622202${crypto.randomInt(1e12, 1e13 - 1)}`;
    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);

    // No safety password yet: the card form sends the player to set one.
    await page.goto(`${b.baseUrl}/setBankcard`);
    await page.waitForURL((u) => u.pathname === '/findSecurityPassword', { timeout: 15_000 });
    await page.getByLabel('登录密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('资金密码', { exact: true }).fill('135790');
    await page.getByLabel('确认资金密码', { exact: true }).fill('135790');
    await page.getByRole('button', { name: '确认设置' }).click();
    await page.waitForURL((u) => u.pathname === '/securityCenter', { timeout: 15_000 });

    // Bind a card: the bank is picked from the number's BIN while typing.
    await page.goto(`${b.baseUrl}/setBankcard`);
    await page.getByLabel('银行卡号', { exact: true }).fill(cardNumber);
    await page.getByText('所属银行：中国工商银行').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByLabel('开户银行', { exact: true }).inputValue()).toBe('ICBC');
    await page.getByLabel('开户支行', { exact: true }).fill('北京朝阳支行');
    await page.getByLabel('真实姓名', { exact: true }).fill('张三丰');
    await page.getByLabel('资金密码', { exact: true }).fill('111111');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.getByText('资金密码错误，还可尝试4次').waitFor({ timeout: 10_000 });
    await page.getByLabel('资金密码', { exact: true }).fill('135790');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.waitForURL((u) => u.pathname === '/bankCard', { timeout: 15_000 });

    const masked = `**** **** **** ${cardNumber.slice(-4)}`;
    const card = page.getByRole('listitem', { name: `中国工商银行 ${masked}` });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('card-number').textContent()).toBe(masked);
    expect(await card.textContent()).toContain('张**');
    expect(await page.content()).not.toContain(cardNumber);
    const rows =
      await fx.sql`select kind, bank_code, account_no, real_name, branch, status from bank_cards where user_id = ${userId}`;
    expect(rows).toEqual([
      {
        kind: 'bank',
        bank_code: 'ICBC',
        account_no: cardNumber,
        real_name: '张三丰',
        branch: '北京朝阳支行',
        status: 'active',
      },
    ]);

    // A second visit shows the locked name read-only.
    await page.goto(`${b.baseUrl}/setBankcard`);
    const name = page.getByLabel('真实姓名', { exact: true });
    await expect.poll(() => name.inputValue(), { timeout: 10_000 }).toBe('张**');
    expect(await name.isDisabled()).toBe(true);

    // A digital address.
    await page.goto(`${b.baseUrl}/virtualCoin`);
    await page.getByText('暂无数字货币地址').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: '＋ 添加数字货币地址' }).click();
    await page.waitForURL((u) => u.pathname === '/setdigitalcurrency');
    await page.getByLabel('钱包地址', { exact: true }).fill(TRC20);
    await page.getByLabel('资金密码', { exact: true }).fill('135790');
    await page.getByRole('button', { name: '确认添加' }).click();
    await page.waitForURL((u) => u.pathname === '/virtualCoin', { timeout: 15_000 });
    await page
      .getByRole('listitem', { name: 'USDT TRC20 TQn9Y2****KcbLSE' })
      .waitFor({ timeout: 10_000 });
    const addresses =
      await fx.sql`select currency, protocol, address, status from digital_addresses where user_id = ${userId}`;
    expect(addresses).toEqual([
      { currency: 'USDT', protocol: 'TRC20', address: TRC20, status: 'active' },
    ]);
  });
});
