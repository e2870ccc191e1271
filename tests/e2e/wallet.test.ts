/**
 * The virtual wallet in real Chromium against the real server. The operator creates a pledge product
 * on /admin (虚拟钱包 tab); a funded player moves money into the virtual wallet (611), buys the product
 * (614), cancels it early by its penalty rule (615 refund + 615 penalty to the house), sees it listed as
 * 已赎回 and in 资金明细, and moves everything back (612). Every balance is checked exactly against the
 * database after each step, and the ledger stays zero-sum with every balance rebuildable from the journal.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, settingsChanged } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { OPERATOR, e2eFixture, logIn } from './browser.ts';
import { ApiClient } from './api.ts';
import { PASSWORD, fundedPlayer, must } from './lotteryHelpers.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import type { Sql } from '../../src/server/db/client.ts';

const fx = e2eFixture();

/** The player's balances in fen, by ledger account kind, read from the database. */
async function balances(
  sql: Sql,
  userName: string,
): Promise<{ player: number; vw: number; escrow: number }> {
  const rows = await sql<{ kind: string; balance: string }[]>`
    select a.kind, a.balance::text from ledger_accounts a join users u on u.id = a.user_id
    where lower(u.user_name) = lower(${userName}) and a.kind in ('player', 'virtual_wallet', 'pledge_escrow')`;
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { player: of('player'), vw: of('virtual_wallet'), escrow: of('pledge_escrow') };
}

async function transfersOf(
  sql: Sql,
  userName: string,
): Promise<{ type_code: number; amount: number }[]> {
  const rows = await sql<{ type_code: number; amount: string }[]>`
    select t.type_code, t.amount::text from transfers t join users u on u.id = t.user_id
    where lower(u.user_name) = lower(${userName}) and t.type_code between 611 and 616 order by t.id`;
  return rows.map((r) => ({ type_code: r.type_code, amount: Number(r.amount) }));
}

async function expectLedgerSound(sql: Sql): Promise<void> {
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
}

/** The operator creates a product through the 虚拟钱包 tab of /admin. */
async function createProduct(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('tab', { name: '虚拟钱包', exact: true }).click();
  await page.getByRole('button', { name: '新增产品' }).click();
  const form = page.getByRole('form', { name: '新增质押产品' });
  await form.getByLabel('产品名称').fill(name);
  await form.getByLabel('期限（天）').fill('7');
  await form.getByLabel('年化利率（%）').fill('10');
  await form.getByLabel('起投金额（元）').fill('50');
  await form.getByLabel('提前赎回规则').selectOption('penalty');
  await form.getByLabel('违约金比例（%）').fill('5');
  await form.getByRole('button', { name: '保存' }).click();
  await page.getByText(new RegExp(`#\\d+ ${name}`)).waitFor({ timeout: 15_000 });
}

/** The operator sets the virtual wallet's annual rate through the same tab. */
async function setRate(page: Page, rate: string): Promise<void> {
  const form = page.getByRole('form', { name: '虚拟钱包年化利率' });
  await form.getByLabel('年化利率（%）').fill(rate);
  await form.getByRole('button', { name: '保存利率' }).click();
  // the field shows the server's answer (2 decimals) once saved
  await expect
    .poll(() => form.getByLabel('年化利率（%）').inputValue(), { timeout: 15_000 })
    .toBe(Number(rate).toFixed(2));
}

/**
 * The operator makes a product and sets the rate on /admin; the player's journey through every screen;
 * the operator finds the order in the panel's list.
 */
async function walletJourney(): Promise<void> {
  const productName = `e2e质押${crypto.randomBytes(3).toString('hex')}`;
  const op = await fx.browser();
  await logIn(op, OPERATOR.userName, OPERATOR.password);
  await createProduct(op.page, op.baseUrl, productName);
  await setRate(op.page, '5.5');

  const { userName } = await fundedPlayer(fx.sql, '300.00');
  expect(await balances(fx.sql, userName)).toEqual({ player: 30000, vw: 0, escrow: 0 });
  const b = await fx.browser();
  const page = b.page;
  await logIn(b, userName, PASSWORD);

  // The wallet home, then 转入 200.50.
  await page.goto(`${b.baseUrl}/accountTotal`);
  await expect
    .poll(() => page.getByTestId('vw-balance').textContent(), { timeout: 15_000 })
    .toBe('0.00');
  expect(await page.getByText(/年化利率 .*%，每日计息/).textContent()).toContain('年化利率 5.50%');
  await page.getByRole('link', { name: '转入' }).click();
  const inForm = page.getByRole('form', { name: '转入表单' });
  expect(await inForm.getAttribute('data-money-form')).not.toBeNull();
  await inForm.getByLabel('转入金额（元）').fill('200.5');
  await inForm.getByRole('button', { name: '确认转入' }).click();
  const inResult = page.getByRole('region', { name: '转入结果' });
  await expect
    .poll(() => inResult.getByTestId('result-vw-balance').textContent(), { timeout: 15_000 })
    .toBe('200.50 元');
  expect(await inResult.getByTestId('result-main-balance').textContent()).toBe('99.50 元');
  expect(await balances(fx.sql, userName)).toEqual({ player: 9950, vw: 20050, escrow: 0 });

  // Buy the product with 100.00 and auto-renew; 100 × 10 % × 7 / 365 = 0.1917… → 0.19.
  await page.goto(`${b.baseUrl}/pledgeShop`);
  await page.getByRole('link', { name: `质押 ${productName}` }).click();
  const buy = page.getByRole('form', { name: '质押表单' });
  await buy.getByLabel('质押金额（元）').fill('100');
  await buy.getByRole('switch', { name: '到期自动续期' }).click();
  expect(await buy.getByTestId('expected-profit').textContent()).toBe('0.19 元');
  await buy.getByRole('button', { name: '确认质押' }).click();
  const confirmBuy = page.getByRole('dialog', {
    name: new RegExp(`确认质押 100.00 元到「${productName}」`),
  });
  await confirmBuy.getByRole('button', { name: '确认质押' }).click();
  await page
    .getByRole('region', { name: '质押结果' })
    .getByRole('link', { name: '查看订单' })
    .click();
  await expect
    .poll(() => page.getByTestId('order-status').textContent(), { timeout: 15_000 })
    .toBe('持有中');
  expect(await balances(fx.sql, userName)).toEqual({ player: 9950, vw: 10050, escrow: 10000 });
  const [order] = await fx.sql<
    { id: string; principal: string; auto_renew: boolean; status: string }[]
  >`
    select o.id::text, o.principal::text, o.auto_renew, o.status from pledge_orders o join users u on u.id = o.user_id
    where lower(u.user_name) = lower(${userName})`;
  expect(order).toEqual({
    id: expect.any(String),
    principal: '10000',
    auto_renew: true,
    status: 'holding',
  });
  expect(new URL(page.url()).search).toBe(`?id=${order!.id}`);

  // 提前赎回: 5 % penalty (5.00) to the house, 95.00 back to the virtual wallet.
  await page.getByRole('button', { name: '提前赎回' }).click();
  const confirmCancel = page.getByRole('dialog', { name: /确认提前赎回/ });
  expect(await confirmCancel.textContent()).toContain('扣除违约金 5.00 元，退还 95.00 元');
  await confirmCancel.getByRole('button', { name: '确认赎回' }).click();
  await expect
    .poll(() => page.getByTestId('order-status').textContent(), { timeout: 15_000 })
    .toBe('已赎回');
  expect(await balances(fx.sql, userName)).toEqual({ player: 9950, vw: 19550, escrow: 0 });
  const [after] = await fx.sql<{ status: string; refund: string; penalty: string }[]>`
    select status, refund::text, penalty::text from pledge_orders where id = ${order!.id}`;
  expect(after).toEqual({ status: 'cancelled', refund: '9500', penalty: '500' });
  await expectLedgerSound(fx.sql);

  // Listed under 已赎回, and the flow shows every step.
  await page.goto(`${b.baseUrl}/pledgePosition`);
  await page.getByRole('tab', { name: '已赎回' }).click();
  await expect
    .poll(() => page.getByRole('list', { name: '质押订单' }).textContent(), { timeout: 15_000 })
    .toContain(productName);
  await page.goto(`${b.baseUrl}/waterDetail`);
  const flow = page.getByRole('list', { name: '资金明细' });
  await expect
    .poll(() => flow.getByRole('listitem').count(), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(3);
  const flowText = await flow.textContent();
  for (const text of ['转入虚拟钱包', '+200.50', '质押买入', '-100.00', '质押赎回', '+95.00'])
    expect(flowText).toContain(text);

  // 转出 everything back with 全部.
  await page.goto(`${b.baseUrl}/balanceOut`);
  const outForm = page.getByRole('form', { name: '转出表单' });
  await expect
    .poll(() => outForm.getByTestId('vw-balance').textContent(), { timeout: 15_000 })
    .toBe('195.50 元');
  await outForm.getByRole('button', { name: '全部' }).click();
  expect(await outForm.getByLabel('转出金额（元）').inputValue()).toBe('195.50');
  await outForm.getByRole('button', { name: '确认转出' }).click();
  const outResult = page.getByRole('region', { name: '转出结果' });
  await expect
    .poll(() => outResult.getByTestId('result-main-balance').textContent(), { timeout: 15_000 })
    .toBe('295.00 元');
  expect(await outResult.getByTestId('result-vw-balance').textContent()).toBe('0.00 元');
  expect(await balances(fx.sql, userName)).toEqual({ player: 29500, vw: 0, escrow: 0 });

  // The journal: exactly these transfers, each once (the refund and the penalty in either order).
  const journal = await transfersOf(fx.sql, userName);
  expect(journal.map((t) => t.type_code)).toEqual([611, 614, 615, 615, 612]);
  expect(journal.map((t) => t.amount).slice(0, 2)).toEqual([20050, 10000]);
  expect(
    journal
      .slice(2, 4)
      .map((t) => t.amount)
      .sort((x, y) => x - y),
  ).toEqual([500, 9500]);
  expect(journal[4]!.amount).toBe(19550);
  await expectLedgerSound(fx.sql);

  // The operator's panel lists the order as 已赎回.
  await op.page.reload();
  await op.page.getByRole('tab', { name: '虚拟钱包', exact: true }).click();
  const orders = op.page.getByRole('region', { name: '质押订单' });
  await orders.getByLabel('用户名').fill(userName);
  await orders.getByRole('button', { name: '查询' }).click();
  const row = orders.getByRole('listitem').filter({ hasText: userName });
  await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已赎回');
  expect(await row.textContent()).toContain(`${productName} · 100.00 元 · 10.00% · 7 天`);
}

describe('virtual wallet', () => {
  it('in, pledge, early cancel with penalty, listed, out: every fen matches the database', async () => {
    const operator = new ApiClient(baseUrl());
    await operator.login(OPERATOR.userName, OPERATOR.password);
    const { annualRate: rateBefore } = await must<{ annualRate: string }>(
      operator,
      'GET',
      '/v1/admin/virtualWallet/settings',
    );
    try {
      await walletJourney();
    } finally {
      await must(operator, 'POST', '/v1/admin/virtualWallet/settings', { annualRate: rateBefore });
    }
  }, 150_000);

  it('with yuebaoEnable off the screens say the feature is closed and the calls answer -110004, moving nothing', async () => {
    const [before] = await fx.sql<
      { value: unknown }[]
    >`select value from site_settings where key = 'tenant_config'`;
    await fx.sql`
      insert into site_settings (key, value, updated_at) values ('tenant_config', ${fx.sql.json({ yuebaoEnable: false })}, now())
      on conflict (key) do update set value = site_settings.value || excluded.value, updated_at = now()`;
    try {
      settingsChanged(); // written behind the server's back: its settings cache is told
      const { userName, api } = await fundedPlayer(fx.sql, '10.00');
      const b = await fx.browser();
      await logIn(b, userName, PASSWORD);
      await b.page.goto(`${b.baseUrl}/accountTotal`);
      await b.page.getByText('虚拟钱包功能已关闭').waitFor({ timeout: 15_000 });
      await b.page.goto(`${b.baseUrl}/balanceIn`);
      await b.page.getByText('虚拟钱包功能已关闭').waitFor({ timeout: 15_000 });
      expect(await b.page.getByRole('form', { name: '转入表单' }).count()).toBe(0);
      const info = await api.call('GET', '/v1/virtualWallet/info');
      expect(info.code).toBe(-110004);
      const moved = await api.call('POST', '/v1/virtualWallet/transferIn', {
        amount: '5.00',
        requestId: `e2e${crypto.randomBytes(8).toString('hex')}`,
      });
      expect(moved.code).toBe(-110004);
      expect(await balances(fx.sql, userName)).toEqual({ player: 1000, vw: 0, escrow: 0 });
    } finally {
      if (before)
        await fx.sql`update site_settings set value = ${fx.sql.json(before.value as never)} where key = 'tenant_config'`;
      else await fx.sql`delete from site_settings where key = 'tenant_config'`;
      settingsChanged();
    }
  }, 90_000);
});
