/**
 * 追号 with 中奖后停止追号 in real Chromium against the real server: 定位胆 with all ten digits on
 * 万位 always wins, so the first chased issue of 极速时时彩 (drawn now by the test-only draw) wins and
 * the later two are stopped and refunded at its settlement. The balance ends at exactly
 * start − total + payout + rebate + refunds, with the payout computed here from the domain; /seekOrder and /seekDetail show the stopped chase.
 */
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  SSC_1MIN,
  balanceFen,
  choosePlay,
  drawNow,
  expectedSettlement,
  fenOf,
  fundedPlayer,
  must,
  pageBalanceFen,
  quoteOf,
  ruleFlagsOf,
  saleWindow,
  userGroupOf,
  type BetRow,
} from './lotteryHelpers.ts';
import { formatFen } from '../../src/domain/money.ts';

interface ChaseDetail {
  id: number;
  status: string;
  statusText: string;
  startIssue: string;
  chaseCount: number;
  isStopAfterWinning: number;
  totalAmount: string;
  winAmount: string;
  orders: BetRow[];
}

const fx = e2eFixture();

describe('chase', () => {
  it('chases 3 issues with stop after win: the first wins, the other two are stopped and refunded', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '300.00');
    const start = await balanceFen(api);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(start);
    await choosePlay(page, '定位胆', '定位胆');

    // The first chased issue is the one on sale: leave time to fill the panel before it closes.
    const onSale = await saleWindow(api, SSC_1MIN, 30_000);
    await expect
      .poll(() => page.getByRole('region', { name: '期号与开奖' }).textContent(), {
        timeout: 15_000,
      })
      .toContain(`第${onSale.issue}期`);
    await page.getByRole('button', { name: '万位选全', exact: true }).click();
    await expect.poll(() => quoteOf(page).textContent()).toBe('共10注，20.00元');
    await page.getByRole('button', { name: '加入号码篮', exact: true }).click();
    await page.getByRole('button', { name: '号码篮(1)', exact: true }).click();
    await page
      .getByRole('dialog', { name: '号码篮（1）' })
      .getByRole('button', { name: '追号', exact: true })
      .click();

    const panel = page.getByRole('dialog', { name: '追号' });
    await panel.getByLabel('追号期数').fill('3');
    const stop = panel.getByRole('checkbox', { name: '中奖后停止追号' });
    if (!(await stop.isChecked())) await stop.check();
    expect(await stop.isChecked()).toBe(true);
    const plan = panel.getByRole('table', { name: '追号计划' });
    await expect.poll(() => plan.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
    expect(await plan.getByRole('row').nth(1).textContent()).toContain(onSale.issue);
    await panel.getByRole('button', { name: '确认追号 60.00元' }).click();
    const success = page.getByRole('dialog', { name: '投注成功' });
    await expect
      .poll(() => success.textContent(), { timeout: 15_000 })
      .toContain(`追号3期，从第${onSale.issue}期开始，共60.00元`);
    await expect.poll(() => pageBalanceFen(page), { timeout: 10_000 }).toBe(start - 6000);
    expect(await balanceFen(api)).toBe(start - 6000);

    const chases = await must<{ list: { id: number }[]; total: number }>(
      api,
      'GET',
      '/v1/betting/getChaseBetting',
      { page: 1, pageSize: 10 },
    );
    expect(chases.total).toBe(1);
    const chaseId = chases.list[0]!.id;
    const placed = await must<ChaseDetail>(api, 'GET', '/v1/betting/getChaseDetail', {
      id: chaseId,
    });
    expect(placed).toMatchObject({
      status: 'running',
      startIssue: onSale.issue,
      chaseCount: 3,
      isStopAfterWinning: 1,
      totalAmount: '60.00',
    });
    expect(placed.orders.map((o) => o.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    // The first issue drawn and settled now (as the scheduler would at its draw time): the chase
    // stops in the same settlement transaction, so it has stopped when drawNow answers.
    await drawNow(SSC_1MIN, onSale.issue);
    const chase = await must<ChaseDetail>(api, 'GET', '/v1/betting/getChaseDetail', {
      id: chaseId,
    });
    const orders = [...chase.orders].sort((x, y) => x.issue.localeCompare(y.issue));
    expect(orders.map((o) => o.issue)[0]).toBe(onSale.issue);
    expect(orders.map((o) => o.status)).toEqual(['WON', 'CHASE_STOPPED', 'CHASE_STOPPED']);
    expect(chase.status).toBe('stopped');
    expect(chase.statusText).toBe('追中停止');

    const first = orders[0]!;
    const userGroup = await userGroupOf(api, 'SSC');
    const want = expectedSettlement(first, 'SSC', userGroup, await ruleFlagsOf(fx.sql, SSC_1MIN));
    expect(want.status).toBe('WON');
    expect(fenOf(first.returnAmount)).toBe(want.payoutFen);
    expect(fenOf(chase.winAmount)).toBe(want.payoutFen);
    const refunds = orders.slice(1).reduce((s, o) => s + fenOf(o.bettingAmount), 0);
    expect(refunds).toBe(4000);
    const end = start - 6000 + want.payoutFen + want.rebateFen + refunds;
    await expect.poll(() => balanceFen(api), { timeout: 5_000 }).toBe(end);
    // Each stopped issue's stake came back once, as a chase refund (203).
    const [refunded] = await fx.sql<{ n: number; total: string }[]>`
      select count(*)::int as n, coalesce(sum(amount), 0)::text as total from transfers
      where type_code = 203 and transfer_id = any(${orders.slice(1).map((o) => `chase:${o.id}`)}::text[])`;
    expect(refunded).toEqual({ n: 2, total: '4000' });

    // 追号记录 and 追号详情 show it.
    await page.goto(`${b.baseUrl}/seekOrder`);
    const item = page
      .getByRole('list', { name: '追号记录' })
      .getByRole('link')
      .filter({ hasText: `起始 ${onSale.issue}期` });
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('追中停止');
    expect(await item.textContent()).toContain(`中奖 ${formatFen(want.payoutFen)} 元`);
    await item.click();
    await page.waitForURL(
      (u) => u.pathname === '/seekDetail' && u.searchParams.get('id') === String(chaseId),
      { timeout: 15_000 },
    );
    const info = page.getByRole('definition');
    await expect
      .poll(() => info.allTextContents(), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining(['追中停止', '是', '60.00 元', `${formatFen(want.payoutFen)} 元`]),
      );
    const rows = page.getByRole('list', { name: '投注记录' }).getByRole('link');
    await expect.poll(() => rows.count()).toBe(3);
    for (const o of orders) {
      const text = await rows.filter({ hasText: `第${o.issue}期` }).textContent();
      expect(text).toContain(o.status === 'WON' ? '已中奖' : '追中停止');
    }
    // Nothing is left to cancel.
    expect(await page.getByRole('button', { name: /撤销剩余期数/ }).count()).toBe(0);
  }, 240_000);
});
