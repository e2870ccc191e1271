/**
 * 彩票管理 on /admin in real Chromium: an official game's issue whose draw time has passed
 * waits for the operator; a malformed result is refused with the server's Chinese message,
 * a good one draws and settles the issue; 纠错 replaces it after a confirm and the draw check page
 * publishes the correction; 撤销本期 voids another issue. The past issues are made the way the server makes them (ensureIssueRows),
 * because a fresh server has not yet lived through an official draw time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OPERATOR, logIn, openBrowser, openDb, type Browser } from './browser.ts';
import { issuesBetween } from '../../src/domain/lottery/index.ts';
import { maskName } from '../../src/domain/money.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import { requireLottery } from '../../src/server/lottery/lotteries.ts';
import type { Sql } from '../../src/server/db/client.ts';

const FC3D = '1201';
const DAY_MS = 86_400_000;
let sql: Sql;
let b: Browser;
let drawIssue: string;
let cancelIssue: string;

beforeAll(async () => {
  sql = openDb();
  const lottery = await requireLottery(sql, FC3D);
  const past = issuesBetween(lottery.schedule, Date.now() - 5 * DAY_MS, Date.now());
  expect(past.length).toBeGreaterThanOrEqual(2);
  [cancelIssue, drawIssue] = past.slice(-2).map((i) => i.issue);
  await ensureIssueRows(sql, lottery, [cancelIssue, drawIssue]);
});
afterEach(async () => {
  await b?.close();
});
afterAll(async () => {
  await sql.end();
});

async function issueOf(issue: string) {
  const [row] = await sql<
    {
      status: string;
      result: string | null;
      result_version: number;
      cancel_remark: string | null;
    }[]
  >`
    select status, result, result_version, cancel_remark from lottery_issues where lottery_code = ${FC3D} and issue = ${issue}`;
  return row;
}

/** The operator's 彩票管理 tab with one lottery's page open. */
async function openLottery(name: string): Promise<Page> {
  b = await openBrowser();
  await logIn(b, OPERATOR.userName, OPERATOR.password);
  await b.page.goto(`${b.baseUrl}/admin`);
  await b.page.getByRole('tab', { name: '彩票管理' }).click();
  await b.page.getByRole('button', { name: `管理${name}` }).click();
  return b.page;
}
const openFc3d = () => openLottery('福彩3D');

async function confirm(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
}

describe('lottery admin panel', () => {
  it('enters an official result: a bad one is refused in Chinese, a good one draws and settles the issue', async () => {
    const page = await openFc3d();
    const row = page.locator(`[data-issue="${drawIssue}"]`);
    await row.getByRole('button', { name: '开奖', exact: true }).click();
    await row.getByLabel('开奖号码').fill('1,2');
    await row.getByRole('button', { name: '确认开奖' }).click();
    await expect
      .poll(() => row.getByRole('alert').textContent(), { timeout: 10_000 })
      .toMatch(/开奖号码/);
    expect((await issueOf(drawIssue)).status).toBe('pending');

    await row.getByLabel('开奖号码').fill('3,7,9');
    await row.getByRole('button', { name: '确认开奖' }).click();
    await expect
      .poll(async () => (await issueOf(drawIssue)).result, { timeout: 15_000 })
      .toBe('3,7,9');
    // Drawn issues leave the awaiting list.
    await expect
      .poll(() => page.locator(`[data-issue="${drawIssue}"]`).count(), { timeout: 10_000 })
      .toBe(0);

    await page.getByRole('button', { name: '最近期号' }).click();
    const drawn = page.locator(`[data-issue="${drawIssue}"]`);
    await expect.poll(() => drawn.textContent(), { timeout: 10_000 }).toContain('开奖号码：3,7,9');
    expect(['drawn', 'settled']).toContain((await issueOf(drawIssue)).status);
  });

  it('corrects a result (纠错) and cancels an issue (撤销本期) after a confirm', async () => {
    const page = await openFc3d();
    await page.getByRole('button', { name: '最近期号' }).click();

    const drawn = page.locator(`[data-issue="${drawIssue}"]`);
    await drawn.getByRole('button', { name: '纠错' }).click();
    await drawn.getByLabel('正确的开奖号码').fill('1,2,3');
    await drawn.getByRole('button', { name: '确认纠错' }).click();
    await confirm(page);
    await expect
      .poll(async () => (await issueOf(drawIssue)).result, { timeout: 15_000 })
      .toBe('1,2,3');
    expect((await issueOf(drawIssue)).result_version).toBe(1);
    await expect
      .poll(() => page.locator(`[data-issue="${drawIssue}"]`).textContent(), { timeout: 10_000 })
      .toContain('开奖号码：1,2,3');
    await drawn.getByRole('button', { name: '纠错', exact: true }).click();
    expect(await drawn.getByLabel('更正原因（选填，将公开显示）').count()).toBe(1);
    await drawn.getByRole('button', { name: '纠错', exact: true }).click();

    const other = page.locator(`[data-issue="${cancelIssue}"]`);
    await other.getByRole('button', { name: '撤销本期' }).click();
    await other.getByLabel('撤销原因').fill('官方停开');
    await other.getByRole('button', { name: '确认撤销' }).click();
    await confirm(page);
    await expect
      .poll(async () => (await issueOf(cancelIssue)).status, { timeout: 15_000 })
      .toBe('cancelled');
    expect((await issueOf(cancelIssue)).cancel_remark).toBe('官方停开');
    await expect
      .poll(() => page.locator(`[data-issue="${cancelIssue}"]`).textContent(), { timeout: 10_000 })
      .toContain('已撤销');
  });

  it('publishes the correction on the draw check page: operator masked, Beijing time, before and after', async () => {
    b = await openBrowser();
    await b.page.goto(`${b.baseUrl}/verifyDraw?lotteryCode=${FC3D}&issue=${drawIssue}`);
    const records = b.page.getByRole('region', { name: '开奖更正记录' });
    await expect.poll(() => records.textContent(), { timeout: 15_000 }).toContain('3,7,9 → 1,2,3');
    const text = (await records.textContent())!;
    expect(text).toContain(`操作员 ${maskName(OPERATOR.userName)}`);
    expect(text).not.toContain(OPERATOR.userName);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）/);
    expect(await b.page.getByRole('region', { name: '验证结果' }).textContent()).toContain('官方');
  });

  it('stops and restarts the sale of a lottery and saves its close lead', async () => {
    const page = await openFc3d();
    await page.getByLabel('封盘提前（秒）').fill('180');
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect
      .poll(
        async () =>
          (await sql`select close_lead_sec from lotteries where code = ${FC3D}`)[0].close_lead_sec,
        { timeout: 10_000 },
      )
      .toBe(180);
    await page.getByRole('button', { name: '返回列表' }).click();

    const card = page.locator(`[data-lottery="${FC3D}"]`);
    await card.getByRole('button', { name: '停售' }).click();
    await confirm(page);
    await expect
      .poll(
        async () => (await sql`select enabled from lotteries where code = ${FC3D}`)[0].enabled,
        { timeout: 10_000 },
      )
      .toBe(false);
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('已停售');
    await card.getByRole('button', { name: '启用' }).click();
    await confirm(page);
    await expect
      .poll(
        async () => (await sql`select enabled from lotteries where code = ${FC3D}`)[0].enabled,
        { timeout: 10_000 },
      )
      .toBe(true);
    await sql`update lotteries set close_lead_sec = 120 where code = ${FC3D}`;
  });

  it('overrides the odds of an odds play tier, refuses odds above fair, and puts them back', async () => {
    const page = await openLottery('香港六合彩');
    const oddsOf = async () =>
      (
        await sql<
          { odds: Record<string, Record<string, number>> }[]
        >`select odds from lotteries where code = '1301'`
      )[0].odds;
    const play = await page.getByLabel('玩法').inputValue();
    const field = page.getByLabel('新赔率（留空恢复默认）');

    await field.fill('9999');
    await page.getByRole('button', { name: '保存赔率' }).click();
    await confirm(page);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '赔率不能高于' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await oddsOf()).toEqual({});

    await field.fill('40.5');
    await page.getByRole('button', { name: '保存赔率' }).click();
    await confirm(page);
    await expect
      .poll(async () => Object.values((await oddsOf())[play] ?? {}), { timeout: 10_000 })
      .toEqual([405_000]);
    await expect.poll(() => page.getByText('当前 40.5').count(), { timeout: 10_000 }).toBe(1);

    await field.fill('');
    await page.getByRole('button', { name: '保存赔率' }).click();
    await confirm(page);
    await expect.poll(async () => oddsOf(), { timeout: 10_000 }).toEqual({});
    await expect.poll(() => page.getByText('当前 默认').count(), { timeout: 10_000 }).toBe(1);
  });
});
