/**
 * The operator's lists in real Chromium (issue 24 item 9): at 1280 px 充值审核, 流水 and 操作日志 are
 * tables (named, with their column headers, money right-aligned, a user's name linking to their
 * page, actions in the last column) under a filter bar whose filter narrows the rows; at 360 px the
 * same lists are cards and the page does not scroll sideways.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Locator, Page } from 'playwright-core';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

async function operatorApi(): Promise<ApiClient> {
  const op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
  return op;
}

/** A player with a pending recharge order and one 调账 credit of `yuan`. */
async function playerWithRecords(
  op: ApiClient,
  yuan: string,
): Promise<{ userName: string; userId: number; orderNo: string }> {
  const userName = newUserName();
  const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  const sort = await api.call<{ list: { code: string }[] }>('GET', '/v1/transaction/frontPaySort');
  expect(sort.code, sort.msg).toBe(1);
  const [config] = await fx.sql<{ id: number; channel: string }[]>`
    select id, channel from payment_configs where enabled and channel = any(${sort.data.list.map((c) => c.code)})
      and gateway_url = '' order by id limit 1`;
  const recharge = await api.call<{ order: { orderNo: string } }>(
    'POST',
    '/v1/transaction/rechargeFrontPaymentRecord',
    {
      channel: config!.channel,
      configId: config!.id,
      amount: yuan,
      requestId: crypto.randomUUID(),
    },
  );
  expect(recharge.code, recharge.msg).toBe(1);
  const credited = await op.call('POST', '/v1/admin/balance/adjust', {
    userName,
    amount: yuan,
    remark: 'e2e 表格',
    requestId: crypto.randomUUID(),
  });
  expect(credited.code, credited.msg).toBe(1);
  return { userName, userId, orderNo: recharge.data.order.orderNo };
}

async function consoleAt(width: number, height: number, section: string): Promise<Page> {
  const b = await fx.browser();
  await b.page.setViewportSize({ width, height });
  await logIn(b, OPERATOR.userName, OPERATOR.password);
  await b.page.goto(`${b.baseUrl}/admin?s=${section}`);
  await b.page.getByRole('navigation', { name: '管理功能' }).waitFor({ timeout: 15_000 });
  return b.page;
}

async function headers(table: Locator): Promise<string[]> {
  return table.getByRole('columnheader').allTextContents();
}

/** The text of each body row's cell under `column`. */
async function columnTexts(table: Locator, column: string): Promise<string[]> {
  const index = (await headers(table)).indexOf(column);
  expect(index, column).toBeGreaterThanOrEqual(0);
  return table
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), index);
}

async function openTable(page: Page, name: string): Promise<Locator> {
  const table = page.getByRole('table', { name });
  await table.waitFor({ timeout: 15_000 });
  return table;
}

describe('the operator lists at 1280 px', () => {
  it('充值审核, 流水 and 操作日志 are tables whose filter bar narrows the rows', async () => {
    const op = await operatorApi();
    const a = await playerWithRecords(op, '123.45');
    const b = await playerWithRecords(op, '267.80');
    const page = await consoleAt(1280, 800, 'recharge');

    // 充值审核: both players' pending orders, then only a's after the user-name filter
    let table = await openTable(page, '充值订单');
    expect(await headers(table)).toEqual([
      '时间',
      '订单号',
      '用户',
      '渠道',
      '金额',
      '付款人',
      '状态',
      '审核',
      '操作',
    ]);
    await expect
      .poll(() => columnTexts(table, '订单号'), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([a.orderNo, b.orderNo]));
    const filters = page.getByRole('search', { name: '充值订单筛选' });
    await filters.getByLabel('用户名', { exact: true }).fill(a.userName);
    await filters.getByRole('button', { name: '筛选' }).click();
    await expect.poll(() => columnTexts(table, '用户'), { timeout: 10_000 }).toEqual([a.userName]);
    const row = table.locator('tbody tr');
    expect(await row.getByRole('link', { name: a.userName }).getAttribute('href')).toBe(
      `/admin/user/${a.userId}`,
    );
    expect(await row.locator('td').nth(4).textContent()).toContain('¥123.45');
    expect(
      await row
        .locator('td')
        .nth(4)
        .evaluate((td) => getComputedStyle(td).textAlign),
    ).toBe('right');
    expect(
      await row.locator('td').last().getByRole('button', { name: '确认到账' }).isVisible(),
    ).toBe(true);

    // 流水: the user-name filter leaves only a's transfers
    await page.getByRole('tab', { name: '流水', exact: true }).click();
    table = await openTable(page, '资金流水');
    expect(await headers(table)).toEqual([
      '时间',
      '用户',
      '类型',
      '金额',
      '余额',
      '备注',
      '操作人',
    ]);
    await expect
      .poll(() => columnTexts(table, '用户'), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([a.userName, b.userName]));
    await page
      .getByRole('search', { name: '流水筛选' })
      .getByLabel('用户名', { exact: true })
      .fill(a.userName);
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => columnTexts(table, '用户'), { timeout: 10_000 }).toEqual([a.userName]);
    expect(await columnTexts(table, '金额')).toEqual(['123.45']);
    expect(await columnTexts(table, '备注')).toEqual(['e2e 表格']);

    // 操作日志: the path filter leaves only the 调账 calls
    await page.getByRole('tab', { name: '操作日志', exact: true }).click();
    table = await openTable(page, '操作记录');
    expect(await headers(table)).toEqual(['时间', '操作人', '页面', '接口', '结果', '参数', 'IP']);
    const audit = page.getByRole('search', { name: '操作记录筛选' });
    await audit.getByLabel('接口路径').fill('balance/adjust');
    await audit.getByRole('button', { name: '查询' }).click();
    await expect
      .poll(
        async () => {
          const paths = await columnTexts(table, '接口');
          return paths.length > 0 && paths.every((p) => p.includes('/v1/admin/balance/adjust'));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect((await columnTexts(table, '参数')).some((p) => p.includes(a.userName))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
  });
});

describe('the same lists at 360 px', () => {
  it('are cards, and the page does not scroll sideways', async () => {
    const op = await operatorApi();
    const a = await playerWithRecords(op, '145.60');
    const page = await consoleAt(360, 740, 'recharge');
    for (const [tab, list] of [
      ['充值审核', '充值订单'],
      ['流水', '资金流水'],
      ['操作日志', '操作记录'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const cards = page.getByRole('list', { name: list });
      await cards.waitFor({ timeout: 15_000 });
      expect(await cards.getByRole('listitem').count(), list).toBeGreaterThan(0);
      expect(await page.getByRole('table').count(), list).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        list,
      ).toBeLessThanOrEqual(360);
    }
    await page.getByRole('tab', { name: '充值审核', exact: true }).click();
    const order = page
      .getByRole('list', { name: '充值订单' })
      .getByRole('listitem')
      .filter({ hasText: a.orderNo });
    await expect.poll(() => order.textContent(), { timeout: 10_000 }).toContain(`${a.userName} · `);
  });
});
