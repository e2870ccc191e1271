/**
 * A bet in real Chromium against the real server: a funded player opens 极速时时彩 (1008) from the
 * hall, picks 定位胆 numbers with a 1.0 % rebate, confirms, sees 投注成功 and the balance drop by the
 * stake; the issue is drawn and settled (now, by the test-only draw), and the balance ends at exactly
 * start − stake + payout + rebate, with payout and rebate computed here from the domain and the draw.
 * The bet record, its detail and the draw check show the same.
 */
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  SSC_1MIN,
  balanceFen,
  choosePlay,
  expectedSettlement,
  fenOf,
  fundedPlayer,
  must,
  pageBalanceFen,
  quoteOf,
  ruleFlagsOf,
  saleWindow,
  userGroupOf,
  waitSettled,
  type BetRow,
} from './lotteryHelpers.ts';
import { formatFen } from '../../src/domain/money.ts';

const fx = e2eFixture();

describe('betting on a self-run game', () => {
  it('bets 定位胆 on 极速时时彩, and the settled balance is start − stake + payout + rebate exactly', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '500.00');
    const start = await balanceFen(api);
    expect(start).toBe(50_000);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lotteryHall`);
    await page.getByRole('tab', { name: '时时彩', exact: true }).click();
    await page.getByRole('link', { name: '极速时时彩', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/lottery/SSC/${SSC_1MIN}`, { timeout: 15_000 });
    await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(start);

    await choosePlay(page, '定位胆', '定位胆');
    // Not too close to the sale close: the page rolls over by itself, wait until it shows a fresh issue.
    const onSale = await saleWindow(api, SSC_1MIN, 25_000);
    const issueBar = page.getByRole('region', { name: '期号与开奖' });
    await expect
      .poll(() => issueBar.textContent(), { timeout: 15_000 })
      .toContain(`第${onSale.issue}期`);

    for (const n of ['1', '3', '5'])
      await page.getByRole('button', { name: `万位 ${n}`, exact: true }).click();
    await page.getByLabel('返点', { exact: true }).selectOption('10');
    await expect.poll(() => quoteOf(page).textContent()).toBe('共3注，6.00元');
    await page.getByRole('button', { name: '加入号码篮', exact: true }).click();
    await page.getByRole('button', { name: '号码篮(1)', exact: true }).click();
    const slip = page.getByRole('dialog', { name: '号码篮（1）' });
    await expect.poll(() => slip.textContent()).toContain('1 3 5');
    await slip.getByRole('button', { name: '确认投注', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '确认投注' });
    await expect.poll(() => confirm.textContent()).toContain(`极速时时彩 第${onSale.issue}期`);
    await confirm.getByRole('button', { name: '确认投注', exact: true }).click();
    const success = page.getByRole('dialog', { name: '投注成功' });
    await expect
      .poll(() => success.textContent(), { timeout: 15_000 })
      .toContain(`第${onSale.issue}期投注了3注，共6.00元`);

    const stake = 600;
    await expect.poll(() => pageBalanceFen(page), { timeout: 10_000 }).toBe(start - stake);
    expect(await balanceFen(api)).toBe(start - stake);

    const list = await must<{ list: BetRow[]; total: number }>(
      api,
      'GET',
      '/v1/betting/getBetting',
      { lotteryCode: SSC_1MIN, page: 1, pageSize: 10 },
    );
    expect(list.total).toBe(1);
    const placed = list.list[0]!;
    expect(placed).toMatchObject({
      issue: onSale.issue,
      playDetailCode: `${SSC_1MIN}DWD`,
      bettingCount: 3,
      bettingAmount: '6.00',
      bettingPoint: 1,
      graduationCount: 1,
      status: 'PENDING',
      returnAmount: '等待开奖',
    });

    // The issue drawn and settled now, as the scheduler would at its draw time.
    const bet = await waitSettled(api, placed.id);
    expect(bet.openNumber).toMatch(/^\d,\d,\d,\d,\d$/);
    const userGroup = await userGroupOf(api, 'SSC');
    const want = expectedSettlement(bet, 'SSC', userGroup, await ruleFlagsOf(fx.sql, SSC_1MIN));
    expect(want.rebateFen).toBe(6); // 1.0 % of 6.00 元
    expect(bet.status).toBe(want.status);
    expect(fenOf(bet.returnAmount)).toBe(want.payoutFen);
    expect(fenOf(bet.rebate ?? 'x')).toBe(want.rebateFen);
    const end = start - stake + want.payoutFen + want.rebateFen;
    await expect.poll(() => balanceFen(api), { timeout: 5_000 }).toBe(end);

    await page.reload();
    await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(end);

    // 投注记录 shows the settled bet with its return; its detail links to the draw check.
    await page.goto(`${b.baseUrl}/betRecord`);
    const row = page
      .getByRole('list', { name: '投注记录' })
      .getByRole('link')
      .filter({ hasText: `第${onSale.issue}期` });
    await expect
      .poll(() => row.textContent(), { timeout: 15_000 })
      .toContain(`派奖 ${formatFen(want.payoutFen)} 元`);
    expect(await row.textContent()).toContain(bet.statusText);
    // the totals: the settled stake, its payout and rebate, 盈亏 their sum; nothing awaits a draw
    const totals = page.getByRole('region', { name: '投注统计' });
    const profitFen = want.payoutFen + want.rebateFen - stake;
    await expect
      .poll(() => totals.textContent(), { timeout: 15_000 })
      .toContain(`盈亏${formatFen(profitFen)}`);
    for (const t of [
      `投注金额${formatFen(stake)}`,
      `中奖金额${formatFen(want.payoutFen)}`,
      `返点金额${formatFen(want.rebateFen)}`,
      '待开奖（不计入投注金额与盈亏）0.00',
    ]) {
      expect(await totals.textContent()).toContain(t);
    }
    await row.click();
    await page.waitForURL(
      (u) => u.pathname === '/betDetail' && u.searchParams.get('id') === String(bet.id),
      { timeout: 15_000 },
    );
    const info = page.getByRole('definition');
    await expect
      .poll(() => page.getByText(bet.openNumber, { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => info.allTextContents()).toContain(`${formatFen(want.rebateFen)} 元`);
    await page.getByRole('link', { name: '验证开奖结果' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/verifyDraw' && u.searchParams.get('issue') === onSale.issue,
      { timeout: 15_000 },
    );
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '验证' }).textContent(), {
        timeout: 15_000,
      })
      .toBe('验证通过：开奖号码由公布的种子唯一确定');

    const verify = await must<{ openNumber: string; hashMatches: boolean; resultMatches: boolean }>(
      api,
      'GET',
      '/v1/lottery/verifyDraw',
      { lotteryCode: SSC_1MIN, issue: onSale.issue },
    );
    expect(verify).toMatchObject({
      openNumber: bet.openNumber,
      hashMatches: true,
      resultMatches: true,
    });
  }, 240_000);

  it('refuses a bet over the balance with 余额不足 (充值 / 取消), and moves nothing', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '1.00');
    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(100);
    await choosePlay(page, '定位胆', '定位胆');
    const onSale = await saleWindow(api, SSC_1MIN, 20_000);
    await expect
      .poll(() => page.getByRole('region', { name: '期号与开奖' }).textContent(), {
        timeout: 15_000,
      })
      .toContain(`第${onSale.issue}期`);

    for (const n of ['2', '4', '6'])
      await page.getByRole('button', { name: `个位 ${n}`, exact: true }).click();
    await expect.poll(() => quoteOf(page).textContent()).toBe('共3注，6.00元');
    await page.getByRole('button', { name: '立即投注', exact: true }).click();
    await page
      .getByRole('dialog', { name: '确认投注' })
      .getByRole('button', { name: '确认投注', exact: true })
      .click();
    // 余额不足 offers 充值 or 取消; 取消 stays on the betting page.
    const refused = page.getByRole('dialog').filter({ hasText: '余额不足' });
    await refused.getByRole('button', { name: '充值', exact: true }).waitFor({ timeout: 15_000 });
    await refused.getByRole('button', { name: '取消', exact: true }).click();
    await expect.poll(() => refused.count(), { timeout: 5_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/lottery/SSC/${SSC_1MIN}`);
    await expect.poll(() => pageBalanceFen(page)).toBe(100);

    expect(await balanceFen(api)).toBe(100);
    const list = await must<{ total: number }>(api, 'GET', '/v1/betting/getBetting', {
      page: 1,
      pageSize: 10,
    });
    expect(list.total).toBe(0);
  }, 120_000);
});
