/**
 * What players met (issue 9), in real Chromium against the real server: leaving a recharge page goes
 * where the player tapped; every home banner and entry opens the page it names; a pending recharge
 * turns 已到账 (with the new balance) by itself after the operator approves; a guest on
 * /resetLoginPassword is sent to the forgot-password flow; setting the safety password asks for the
 * login password once.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { OPERATOR, e2eFixture, logIn, newUserName, quiet, type Browser } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

async function newPlayer(): Promise<{ userName: string; userId: number }> {
  const userName = newUserName();
  const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  return { userName, userId };
}

async function operatorApi(): Promise<ApiClient> {
  const op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
  return op;
}

/** A receiving config of `channel` that is switched on and listed in PaySort; its config id. */
async function ensureChannel(channel: string, fields: Record<string, string>): Promise<number> {
  const op = await operatorApi();
  const name = `E2E-${channel}-${Date.now() % 100000}`;
  const saved = await op.call('POST', '/v1/admin/payment/channelSave', {
    channel,
    name,
    sort: -100,
    enabled: 1,
    min: '10',
    max: '50000',
    ...fields,
  });
  expect(saved.code, saved.msg).toBe(1);
  const channels = await op.call<{ settings: { paySort: string[] } }>(
    'GET',
    '/v1/admin/payment/channels',
  );
  const sort = channels.data.settings.paySort;
  if (!sort.includes(channel)) {
    const res = await op.call('POST', '/v1/admin/payment/settingsSave', {
      paySort: [...sort, channel].join(','),
    });
    expect(res.code, res.msg).toBe(1);
  }
  const [row] = await fx.sql<{ id: number }[]>`select id from payment_configs where name = ${name}`;
  return row!.id;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: '主导航' });

/** Waits until the location is `path` and the page is quiet (a trap moves it away within a render or two). */
async function staysAt(page: Page, path: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
  await quiet(page);
  expect(new URL(page.url()).pathname).toBe(path);
}

async function openWechat(b: Browser): Promise<void> {
  await b.page.goto(`${b.baseUrl}/recharge/wechat`);
  await b.page.getByRole('navigation', { name: '充值渠道' }).waitFor({ timeout: 15_000 });
  expect(new URL(b.page.url()).pathname).toBe('/recharge/wechat');
}

describe('the recharge page lets the player go', () => {
  it('首页, 购彩, 我的 and the back arrow land where tapped, from a fresh load of /recharge/wechat', async () => {
    await ensureChannel('wechat', { accountName: '演示商户', accountNo: 'wxid_e2e_001' });
    const p = await newPlayer();
    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);

    for (const [tab, path] of [
      ['首页', '/index'],
      ['购彩', '/lotteryHall'],
      ['我的', '/personalInfo'],
    ] as const) {
      await openWechat(b);
      await tabBar(b.page).getByRole('link', { name: tab, exact: true }).click();
      await staysAt(b.page, path);
    }

    // The back arrow goes back to the page the player came from.
    for (const [from, ready] of [
      ['/index', '功能入口'],
      ['/lotteryHall', '主导航'],
    ] as const) {
      await b.page.goto(`${b.baseUrl}${from}`);
      await b.page.getByRole('navigation', { name: ready }).waitFor();
      await b.page.evaluate(() => {
        history.pushState(null, '', '/recharge/wechat');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await b.page.getByRole('navigation', { name: '充值渠道' }).waitFor({ timeout: 15_000 });
      await b.page.getByRole('button', { name: '返回' }).click();
      await staysAt(b.page, from);
    }
  }, 120_000);
});

describe('home banners and entries', () => {
  it('every banner opens the page its words name, and every entry its own page', async () => {
    const p = await newPlayer();
    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    const expected: Record<string, string> = {
      新用户注册: '/register',
      极速快三: '/lotteryHall',
      安全提现: '/withdraw',
    };
    const titles = (
      await fx.sql<
        { title: string }[]
      >`select title from content_banners where enabled order by sort, id`
    ).map((r) => r.title);
    expect(titles.length).toBeGreaterThanOrEqual(3);

    for (const [k, title] of titles.entries()) {
      const headline = title.split(' ')[0]!;
      if (!(headline in expected)) continue;
      await b.page.goto(`${b.baseUrl}/index`);
      const banners = b.page.getByRole('region', { name: '活动横幅' });
      await banners.getByRole('button', { name: `第${k + 1}张：${title}` }).click();
      await banners.getByRole('link', { name: title }).click();
      await staysAt(b.page, expected[headline]!);
    }

    await b.page.goto(`${b.baseUrl}/index`);
    const entries = b.page.getByRole('navigation', { name: '功能入口' });
    await entries.getByRole('link').first().waitFor();
    const links = await entries
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent!.trim(), a.getAttribute('href')!]));
    expect(links.map(([label]) => label)).toEqual(
      expect.arrayContaining(['购彩大厅', '充值', '提现', '投注记录', '客服帮助', '关于我们']),
    );
    for (const [label, href] of links) {
      await b.page.goto(`${b.baseUrl}/index`);
      await entries.getByRole('link', { name: label, exact: true }).click();
      await staysAt(b.page, new URL(href!, b.baseUrl).pathname);
      expect(new URL(b.page.url()).pathname, label).not.toBe('/index');
    }
  }, 120_000);
});

describe('a recharge the operator approves', () => {
  it('turns 已到账 and raises the shown balance without a reload', async () => {
    const configId = await ensureChannel('banktransfer', {
      bankName: '中国建设银行',
      accountName: '李四',
      accountNo: '6217000012345678901',
    });
    const p = await newPlayer();
    const player = new ApiClient(baseUrl());
    await player.login(p.userName, PASSWORD);
    const made = await player.call<{ order: { id: number; orderNo: string } }>(
      'POST',
      '/v1/transaction/rechargeFrontPaymentRecord',
      { channel: 'banktransfer', configId, amount: '66.60', requestId: crypto.randomUUID() },
    );
    expect(made.code, made.msg).toBe(1);

    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/recharge/banktransfer`);
    const item = b.page
      .getByRole('list', { name: '充值记录' })
      .getByRole('listitem')
      .filter({ hasText: made.data.order.orderNo });
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('待审核');
    await expect
      .poll(() => b.page.getByLabel('账户余额').textContent(), { timeout: 10_000 })
      .toBe('¥0.00');

    const op = await operatorApi();
    const approved = await op.call('POST', '/v1/admin/recharge/approve', {
      id: made.data.order.id,
    });
    expect(approved.code, approved.msg).toBe(1);

    const navigations: string[] = [];
    b.page.on('framenavigated', (f) => {
      if (f === b.page.mainFrame()) navigations.push(f.url());
    });
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('已到账');
    await expect
      .poll(() => b.page.getByLabel('账户余额').textContent(), { timeout: 10_000 })
      .toBe('¥66.60');
    expect(navigations).toEqual([]); // no reload
  }, 120_000);
});

describe('password pages', () => {
  it('/resetLoginPassword sends a guest to the forgot-password flow', async () => {
    const b = await fx.browser();
    await b.page.goto(`${b.baseUrl}/resetLoginPassword`);
    await staysAt(b.page, '/forgotPassword');
    expect(await b.page.getByLabel('原密码').count()).toBe(0);
    expect(await b.page.getByLabel('用户名', { exact: true }).count()).toBe(1);
  }, 60_000);

  it('setting the safety password asks for the login password once', async () => {
    const p = await newPlayer();
    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    const visited: string[] = [];
    b.page.on('framenavigated', (f) => {
      if (f === b.page.mainFrame()) visited.push(new URL(f.url()).pathname);
    });
    await b.page.goto(`${b.baseUrl}/securityCenter`);
    await b.page.getByRole('link', { name: /资金密码/ }).click();
    await b.page.waitForURL((u) => u.pathname === '/findSecurityPassword', { timeout: 15_000 });
    await b.page.getByRole('button', { name: '确认设置' }).waitFor({ timeout: 15_000 });
    expect(await b.page.getByLabel('登录密码', { exact: true }).count()).toBe(1);
    await b.page.getByLabel('登录密码', { exact: true }).fill(PASSWORD);
    await b.page.getByLabel('资金密码', { exact: true }).fill('135790');
    await b.page.getByLabel('确认资金密码', { exact: true }).fill('135790');
    await b.page.getByRole('button', { name: '确认设置' }).click();
    await b.page.waitForURL((u) => u.pathname === '/securityCenter', { timeout: 15_000 });
    expect(visited).not.toContain('/verifyPassword');
    const [row] = await fx.sql<
      { set: boolean }[]
    >`select safety_kdf is not null as set from users where id = ${p.userId}`;
    expect(row!.set).toBe(true);
  }, 60_000);
});
