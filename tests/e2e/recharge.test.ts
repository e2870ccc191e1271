/**
 * Recharge end to end in real Chromium against the real server: a new player opens 充值 (the first
 * channel of PaySort), switches to bank transfer, submits an order through the confirm step; the
 * operator approves it in /admin (充值审核); the player's balance rises by exactly that amount, the
 * journal holds one transfer of the channel's type code, and the player's list shows 已到账.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const PASSWORD = 'player123';
const fx = e2eFixture();

/** A receiving config of this test's own, made through the operator API, with its channel on in PaySort. */
async function ensureConfig(fields: Record<string, string | number>): Promise<void> {
  const operator = new ApiClient(baseUrl());
  await operator.login(OPERATOR.userName, OPERATOR.password);
  const saved = await operator.call('POST', '/v1/admin/payment/channelSave', {
    sort: -100,
    enabled: 1,
    instructions: 'e2e 测试收款账户',
    ...fields,
  });
  expect(saved.code, saved.msg).toBe(1);
  const channels = await operator.call<{ settings: { paySort: string[] } }>(
    'GET',
    '/v1/admin/payment/channels',
  );
  expect(channels.code, channels.msg).toBe(1);
  const sort = channels.data.settings.paySort;
  if (!sort.includes(String(fields.channel))) {
    const res = await operator.call('POST', '/v1/admin/payment/settingsSave', {
      paySort: [...sort, String(fields.channel)].join(','),
    });
    expect(res.code, res.msg).toBe(1);
  }
}

const ensureBankConfig = (name: string) =>
  ensureConfig({
    channel: 'banktransfer',
    name,
    bankName: '中国建设银行',
    accountName: '李四',
    accountNo: '6217000012345678901',
    min: '10',
    max: '50000',
  });

/** The operator's /admin 充值审核 tab filtered to one player. */
async function reviewQueue(userName: string) {
  const op = await fx.browser();
  await logIn(op, OPERATOR.userName, OPERATOR.password);
  await op.page.goto(`${op.baseUrl}/admin`);
  await op.page.getByRole('tab', { name: '充值审核', exact: true }).click();
  await op.page.getByLabel('用户名', { exact: true }).fill(userName);
  await op.page.getByRole('button', { name: '筛选' }).click();
  return op.page;
}

/** The double-entry invariant: every account's balance sums to zero. */
async function expectLedgerZeroSum(): Promise<void> {
  const [{ total }] = await fx.sql<
    { total: string }[]
  >`select coalesce(sum(balance), 0)::text as total from ledger_accounts`;
  expect(total).toBe('0');
}

async function balanceOf(userName: string): Promise<string> {
  const player = new ApiClient(baseUrl());
  await player.login(userName, PASSWORD);
  const res = await player.call<{ balance: string }>('GET', '/v1/balance/queryBalanceFront');
  expect(res.code, res.msg).toBe(1);
  return res.data.balance;
}

async function firstPaySortCode(userName: string): Promise<string> {
  const player = new ApiClient(baseUrl());
  await player.login(userName, PASSWORD);
  const res = await player.call<{ list: { code: string }[] }>(
    'GET',
    '/v1/transaction/frontPaySort',
  );
  expect(res.code, res.msg).toBe(1);
  return res.data.list[0]!.code;
}

describe('recharge', () => {
  it('a player recharges by bank transfer, the operator approves, the balance rises by exactly that amount', async () => {
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const configName = `E2E建行${Date.now() % 100000}`;
    await ensureBankConfig(configName);
    expect(await balanceOf(userName)).toBe('0.00');

    // The player: 充值 in the tab bar opens the first channel of PaySort.
    const player = await fx.browser();
    await logIn(player, userName, PASSWORD);
    const first = await firstPaySortCode(userName);
    await player.page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '充值' })
      .click();
    await player.page.waitForURL((u) => u.pathname === `/recharge/${first}`, { timeout: 15_000 });

    const strip = player.page.getByRole('navigation', { name: '充值渠道' });
    await strip.getByRole('link', { name: '银行转账', exact: true }).click();
    await player.page.waitForURL((u) => u.pathname === '/recharge/banktransfer');
    const accounts = player.page.getByRole('radiogroup', { name: '收款账户' });
    if (await accounts.count()) await accounts.getByRole('radio', { name: configName }).click();
    await expect
      .poll(() => player.page.getByRole('region', { name: '收款信息' }).textContent())
      .toContain('6217000012345678901');

    const amount = player.page.getByLabel('充值金额（元）');
    await amount.fill('5');
    await player.page.getByRole('button', { name: '下一步' }).click();
    await expect
      .poll(() => player.page.getByRole('alert').first().textContent())
      .toBe('充值金额不能低于10.00元');
    await amount.fill('123.45');
    await player.page.getByLabel('付款人姓名（选填）').fill('王五');
    await player.page.getByRole('button', { name: '下一步' }).click();
    const confirm = player.page.getByRole('region', { name: '确认充值' });
    await expect.poll(() => confirm.textContent()).toContain('¥123.45');
    await confirm.getByRole('button', { name: '确认提交' }).click();
    const result = player.page.getByRole('region', { name: '充值订单' });
    await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain('待审核');
    const [row] = await fx.sql<
      { order_no: string; id: number; status: string; amount_fen: number }[]
    >`
      select o.order_no, o.id, o.status, o.amount_fen from recharge_orders o join users u on u.id = o.user_id
      where lower(u.user_name) = lower(${userName})`;
    expect(row).toBeDefined();
    expect(row!.status).toBe('pending');
    expect(Number(row!.amount_fen)).toBe(12_345);
    expect(await result.textContent()).toContain(row!.order_no);
    await expect
      .poll(() => player.page.getByRole('list', { name: '充值记录' }).textContent())
      .toContain('待审核');
    expect(await balanceOf(userName)).toBe('0.00');

    // The operator approves it in /admin.
    const op = await reviewQueue(userName);
    const item = op.getByRole('listitem').filter({ hasText: row!.order_no });
    await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(1);
    expect(await item.textContent()).toContain('¥123.45');
    await item.getByRole('button', { name: '确认到账' }).click();
    await op.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => op.getByText('没有充值订单').count(), { timeout: 10_000 }).toBe(1);

    // Exactly that amount, once, with the bank-transfer type code.
    expect(await balanceOf(userName)).toBe('123.45');
    const transfers = await fx.sql<{ amount: number; type_code: number }[]>`
      select t.amount, t.type_code from transfers t join users u on u.id = t.user_id where lower(u.user_name) = lower(${userName})`;
    expect(transfers.map((t) => [Number(t.amount), t.type_code])).toEqual([[12_345, 101]]);
    await expectLedgerZeroSum();
    const [after] = await fx.sql<
      { status: string }[]
    >`select status from recharge_orders where id = ${row!.id}`;
    expect(after!.status).toBe('approved');

    // The player's list shows it as credited.
    await player.page.reload();
    await expect
      .poll(() => player.page.getByRole('list', { name: '充值记录' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('已到账');
  }, 120_000);

  it('digital currency credits coin × rate rounded down to the fen; a rejected order moves nothing', async () => {
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const configName = `E2E-USDT${Date.now() % 100000}`;
    await ensureConfig({
      channel: 'digitalcurrencypay',
      name: configName,
      currency: 'USDT-TRC20',
      address: 'TE2Eaddress0000000000000000000001',
      rate: '6.85',
      min: '10',
      max: '100000',
    });
    await ensureBankConfig(`E2E建行${Date.now() % 100000}`);

    const player = await fx.browser();
    await logIn(player, userName, PASSWORD);
    await player.page.goto(`${player.baseUrl}/recharge/digitalcurrencypay`);
    const accounts = player.page.getByRole('radiogroup', { name: '收款账户' });
    await player.page.getByRole('region', { name: '收款信息' }).waitFor();
    if (await accounts.count()) await accounts.getByRole('radio', { name: configName }).click();
    await expect
      .poll(() => player.page.getByRole('region', { name: '收款信息' }).textContent())
      .toContain('TE2Eaddress0000000000000000000001');
    // 20.5 × 6.85 = 140.425 yuan: 140.42 is credited, never rounded up.
    await player.page.getByLabel('充值数量（USDT-TRC20）').fill('20.5');
    await expect
      .poll(() => player.page.getByText(/汇率：1 USDT-TRC20 = 6.85 元/).textContent())
      .toContain('预计到账：¥140.42');
    await player.page.getByRole('button', { name: '下一步' }).click();
    await player.page
      .getByRole('region', { name: '确认充值' })
      .getByRole('button', { name: '确认提交' })
      .click();
    await expect
      .poll(() => player.page.getByRole('region', { name: '充值订单' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('¥140.42');

    await player.page
      .getByRole('navigation', { name: '充值渠道' })
      .getByRole('link', { name: '银行转账', exact: true })
      .click();
    await player.page.getByLabel('充值金额（元）').fill('50');
    await player.page.getByRole('button', { name: '下一步' }).click();
    await player.page
      .getByRole('region', { name: '确认充值' })
      .getByRole('button', { name: '确认提交' })
      .click();
    await expect
      .poll(() => player.page.getByRole('region', { name: '充值订单' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('¥50.00');

    const orders = await fx.sql<
      { order_no: string; channel: string; amount_fen: number; coin_amount: string }[]
    >`
      select o.order_no, o.channel, o.amount_fen, o.coin_amount from recharge_orders o join users u on u.id = o.user_id
      where lower(u.user_name) = lower(${userName}) order by o.id`;
    expect(orders.map((o) => [o.channel, Number(o.amount_fen), o.coin_amount])).toEqual([
      ['digitalcurrencypay', 14_042, '20.5'],
      ['banktransfer', 5_000, ''],
    ]);

    const op = await reviewQueue(userName);
    const digital = op.getByRole('listitem').filter({ hasText: orders[0]!.order_no });
    const bank = op.getByRole('listitem').filter({ hasText: orders[1]!.order_no });
    await expect.poll(() => bank.count(), { timeout: 10_000 }).toBe(1);
    await bank.getByRole('button', { name: '驳回' }).click();
    await bank.getByLabel('驳回原因').fill('未收到款项');
    await bank.getByRole('button', { name: '确认驳回' }).click();
    await op.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => bank.count(), { timeout: 10_000 }).toBe(0);
    await digital.getByRole('button', { name: '确认到账' }).click();
    await op.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => op.getByText('没有充值订单').count(), { timeout: 10_000 }).toBe(1);

    expect(await balanceOf(userName)).toBe('140.42');
    const transfers = await fx.sql<{ amount: number; type_code: number }[]>`
      select t.amount, t.type_code from transfers t join users u on u.id = t.user_id where lower(u.user_name) = lower(${userName})`;
    expect(transfers.map((t) => [Number(t.amount), t.type_code])).toEqual([[14_042, 110]]);
    await expectLedgerZeroSum();

    await player.page.reload();
    const list = player.page.getByRole('list', { name: '充值记录' });
    await expect
      .poll(() => list.textContent(), { timeout: 10_000 })
      .toContain('驳回原因：未收到款项');
    expect(await list.textContent()).toContain('已到账');
  }, 120_000);
});
