/**
 * Times are Beijing time on every screen whatever the device's zone (issue 9): a Chromium whose zone
 * is America/New_York shows a player's recharge and withdraw orders, the operator's review queues and
 * the draw history exactly as the domain's Beijing formatter renders them. The orders are dated
 * 2026-03-08 15:59:59 UTC: 23:59:59 on the 8th in Beijing, 10:59:59 in New York, so a device-zone
 * rendering differs in the hour (and around midnight in the date).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  OPERATOR,
  e2eFixture,
  newUserName,
  submitLogin,
} from './browser.ts';
import { ApiClient } from './api.ts';
import { SSC_1MIN } from './lotteryHelpers.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { kdfHash } from '../../src/server/auth/kdf.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { formatBeijing } from '../../src/domain/time.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const PASSWORD = 'player123';
const SAFETY = '246810';
const DEVICE_ZONE = 'America/New_York';
const DATED = new Date(Date.UTC(2026, 2, 8, 15, 59, 59));
const fx = e2eFixture();

/** Browsers of this file: a fresh profile in the New York zone each. */
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((x) => x.close()));
});

async function newYorkPage(userName: string, password: string): Promise<Page> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-ny-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
    locale: 'zh-CN',
    timezoneId: DEVICE_ZONE,
  });
  opened.push({
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl()}/login`);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    DEVICE_ZONE,
  );
  await submitLogin(page, userName, password);
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  return page;
}

/** A funded player with a card and a safety password, one pending recharge and one pending withdrawal, both dated DATED. */
async function playerWithOrders(): Promise<{
  userName: string;
  rechargeNo: string;
  withdrawNo: string;
}> {
  const sql = fx.sql;
  const userName = newUserName();
  const userId = (await insertUserWithPassword(sql, userName, PASSWORD))!;
  await sql`update users set safety_kdf = ${await kdfHash(safetyPasswordHash(userName, SAFETY))} where id = ${userId}`;
  const [card] = await sql<
    { id: number }[]
  >`insert into bank_cards (user_id, kind, bank_code, bank_name, account_no, real_name)
    values (${userId}, 'bank', 'ICBC', '中国工商银行', '6222020200112233446', '李四') returning id`;
  await transfer(sql, {
    transferId: transferIds.fixture(`e2e-fund:${crypto.randomUUID()}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: 50_000,
    typeCode: 401,
    userId,
  });
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  const sort = await api.call<{ list: { code: string }[] }>('GET', '/v1/transaction/frontPaySort');
  expect(sort.code, sort.msg).toBe(1);
  const [config] = await sql<{ id: number; channel: string }[]>`
    select id, channel from payment_configs where enabled and channel = any(${sort.data.list.map((c) => c.code)})
      and gateway_url = '' order by id limit 1`;
  const recharge = await api.call<{ order: { id: number; orderNo: string } }>(
    'POST',
    '/v1/transaction/rechargeFrontPaymentRecord',
    {
      channel: config!.channel,
      configId: config!.id,
      amount: '100',
      requestId: crypto.randomUUID(),
    },
  );
  expect(recharge.code, recharge.msg).toBe(1);
  const withdraw = await api.call<{ order: { orderNo: string } }>(
    'POST',
    '/v1/transaction/saveFrontWithdrawRecord',
    {
      amount: '100',
      cardId: card!.id,
      safetyPassword: safetyPasswordHash(userName, SAFETY),
      requestId: crypto.randomUUID(),
    },
  );
  expect(withdraw.code, withdraw.msg).toBe(1);
  await sql`update recharge_orders set created_at = ${DATED} where order_no = ${recharge.data.order.orderNo}`;
  await sql`update withdraw_orders set created_at = ${DATED} where order_no = ${withdraw.data.order.orderNo}`;
  return {
    userName,
    rechargeNo: recharge.data.order.orderNo,
    withdrawNo: withdraw.data.order.orderNo,
  };
}

const BEIJING = formatBeijing(DATED); // '2026-03-08 23:59:59'

describe('Beijing time on a New York device', () => {
  it('recharge and withdraw orders, for the player and in /admin', async () => {
    expect(BEIJING).toBe('2026-03-08 23:59:59');
    const p = await playerWithOrders();
    const today = formatBeijing(Date.now(), 'YYYYMMDD');
    expect(p.rechargeNo.slice(1, 9)).toBe(today);
    expect(p.withdrawNo.slice(1, 9)).toBe(today);

    const player = await newYorkPage(p.userName, PASSWORD);
    await player.goto(`${baseUrl()}/recharge/banktransfer`);
    const recharge = player
      .getByRole('list', { name: '充值记录' })
      .getByRole('listitem')
      .filter({ hasText: p.rechargeNo });
    await expect
      .poll(() => recharge.textContent(), { timeout: 15_000 })
      .toContain(`订单号 ${p.rechargeNo} · ${BEIJING}`);

    await player.goto(`${baseUrl()}/withdraw`);
    await player.getByRole('tab', { name: '提现记录' }).click();
    const withdraw = player.getByRole('listitem').filter({ hasText: p.withdrawNo });
    await expect
      .poll(() => withdraw.textContent(), { timeout: 15_000 })
      .toContain(`${p.withdrawNo} · ${BEIJING}`);

    const op = await newYorkPage(OPERATOR.userName, OPERATOR.password);
    await op.goto(`${baseUrl()}/admin`);
    await op.getByRole('tab', { name: '充值审核', exact: true }).click();
    await op.getByLabel('用户名', { exact: true }).fill(p.userName);
    await op.getByRole('button', { name: '筛选' }).click();
    const queued = op.getByRole('listitem').filter({ hasText: p.rechargeNo });
    await expect.poll(() => queued.textContent(), { timeout: 15_000 }).toContain(BEIJING);

    await op.getByRole('tab', { name: '提现审核', exact: true }).click();
    await op.getByLabel('用户名（可选）').fill(p.userName);
    await op.getByRole('button', { name: '查询' }).click();
    const held = op.getByRole('listitem', { name: `提现订单 ${p.withdrawNo}` });
    await expect
      .poll(() => held.textContent(), { timeout: 15_000 })
      .toContain(`${p.withdrawNo} · ${BEIJING}`);
  }, 120_000);

  it('the draw history', async () => {
    // A 1-minute lottery draws within a minute or so of the server's start.
    await expect
      .poll(
        async () =>
          (
            await fx.sql<{ n: number }[]>`
      select count(*)::int as n from lottery_issues where lottery_code = ${SSC_1MIN} and result is not null`
          )[0]!.n,
        { timeout: 100_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const page = await newYorkPage(userName, PASSWORD);
    await page.goto(`${baseUrl()}/lottery/SSC/${SSC_1MIN}`);
    await page.getByRole('button', { name: '历史开奖' }).click();
    const rows = page.getByRole('dialog').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.children[0]!.textContent!, tr.children[2]!.textContent!]),
    );
    const drawAt = new Map(
      (
        await fx.sql<{ issue: string; draw_at: Date }[]>`
      select issue, draw_at from lottery_issues where lottery_code = ${SSC_1MIN} and issue = any(${shown.map(([issue]) => issue!)})`
      ).map((r) => [r.issue, r.draw_at]),
    );
    for (const [issue, time] of shown) {
      expect(drawAt.has(issue!), issue).toBe(true);
      expect(time, issue).toBe(formatBeijing(drawAt.get(issue!)!, 'MM-DD HH:mm'));
    }
  }, 150_000);
});
