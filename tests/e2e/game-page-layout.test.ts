/**
 * The game page as a phone shows it (360×740, real Chromium against the real server):
 * - on open, the first number row (极速时时彩 五星直选复式 万位) lies whole above the bet bar, with
 *   balls still at least 32 px; the main tab bar is gone inside the game and back on the hall;
 * - 走势图 opens the chart of that lottery from the issue bar and from the 历史开奖 sheet;
 * - an official game (排列3/5) shows its last result, the issue still waiting for its result and the
 *   next draw's day and time in Beijing time, on the game page and on its hall card;
 * - the 长龙 sheet with many streaks keeps its 投注 button in view, also scrolled to the end;
 * - offline, a hall card shows the issue last seen, marked offline, instead of 期号获取失败.
 * Past issues are made the way the server makes them (ensureIssueRows), as in dragon.test.ts.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Locator, Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { OPERATOR, e2eFixture, logIn } from './browser.ts';
import { PASSWORD, SSC_1MIN, fundedPlayer, must, nextIssue, saleWindow } from './lotteryHelpers.ts';
import { issuesBetween } from '../../src/domain/lottery/index.ts';
import { drawFromSeedHex, seedHashOf } from '../../src/server/lottery/draw.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import { requireLottery } from '../../src/server/lottery/lotteries.ts';

const fx = e2eFixture();
const VIEWPORT_H = 740;
const TAB_BAR = '主导航';
const PL35_OFFICIAL = '1202';
const SSC_5MIN = '1009';
const DAY_MS = 86_400_000;

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const tabBars = (page: Page) => page.getByRole('navigation', { name: TAB_BAR }).count();

/** The self-run game of each family, opened on its first play. */
const SELF_GAMES = [
  ['SSC', '1008'],
  ['K3', '1407'],
  ['PK10', '1304'],
  ['SYX5', '1105'],
  ['LHC', '1300'],
  ['KL8', '1308'],
  ['BJ28', '1323'],
  ['FC3D', '1204'],
  ['PL35', '1206'],
] as const;

/** The first number row of the picker (a fieldset named by its legend) and its first ball. */
function firstPickerRow(page: Page) {
  const row = page.locator('main fieldset:has(> legend)').first();
  return { row, firstBall: row.locator(':scope > div:last-child > button').first() };
}

/** '11月24日 21:30' for an instant, in Beijing time (UTC+8), worked out here on its own. */
function beijingDrawDay(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** A seed whose SSC draw has every digit 大 and 单 (5, 7 or 9), with its result. */
function bigOddSeed(): { seed: string; seedHash: string; result: string } {
  for (;;) {
    const seed = crypto.randomBytes(32).toString('hex');
    const result = drawFromSeedHex('SSC', seed);
    if (result.split(',').every((d) => ['5', '7', '9'].includes(d)))
      return { seed, seedHash: seedHashOf(seed), result };
  }
}

describe('game page layout', () => {
  it('a whole number row above the bet bar, no tab bar in the game, 走势图 from the issue bar and the history', async () => {
    const { userName } = await fundedPlayer(fx.sql, '10.00');
    const b = await fx.browser();
    const page = b.page;
    expect(page.viewportSize()).toEqual({ width: 360, height: VIEWPORT_H });
    await logIn(b, userName, PASSWORD);

    await page.goto(`${b.baseUrl}/lotteryHall`);
    await page.getByRole('navigation', { name: TAB_BAR }).waitFor({ timeout: 15_000 });
    await page.goto(`${b.baseUrl}/index`);
    await page.getByRole('navigation', { name: TAB_BAR }).waitFor({ timeout: 15_000 });

    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    const firstRow = page.getByRole('group', { name: '万位', exact: true });
    await page.getByRole('button', { name: '万位 9', exact: true }).waitFor({ timeout: 20_000 });
    expect(await tabBars(page)).toBe(0);
    // the page's title is the lottery's name (spec 000), not the route's 购彩, and stays so after
    // the tenant config has loaded (the shell used to write its route title over the page's)
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('鸿运彩票 - 极速时时彩');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('鸿运彩票 - 极速时时彩');
    const row = await box(firstRow);
    const bar = await box(page.getByTestId('bet-bar'));
    expect(row.y).toBeGreaterThan(0);
    expect(row.y + row.height).toBeLessThanOrEqual(bar.y);
    expect(bar.y + bar.height).toBeLessThanOrEqual(VIEWPORT_H + 0.5);
    for (const n of ['0', '9']) {
      const ball = await box(page.getByRole('button', { name: `万位 ${n}`, exact: true }));
      expect(Math.min(ball.width, ball.height)).toBeGreaterThanOrEqual(32);
    }
    // the rows under it scroll above the bar and the spacer keeps the last one reachable
    await page.getByRole('button', { name: '个位 9', exact: true }).scrollIntoViewIfNeeded();
    const last = await box(page.getByRole('button', { name: '个位 9', exact: true }));
    expect(last.y + last.height).toBeLessThanOrEqual((await box(page.getByTestId('bet-bar'))).y);

    // every family on its first play: at least the first line of numbers above the bar, from
    // the first row whole where it fits (SSC above, 排列3 here; LHC's 49 numbers cannot)
    for (const [family, code] of SELF_GAMES) {
      await page.goto(`${b.baseUrl}/lottery/${family}/${code}`);
      const { row, firstBall } = firstPickerRow(page);
      await firstBall.waitFor({ timeout: 20_000 });
      const ball = await box(firstBall);
      const barTop = (await box(page.getByTestId('bet-bar'))).y;
      expect(ball.y + ball.height, family).toBeLessThanOrEqual(barTop);
      expect(Math.min(ball.width, ball.height), family).toBeGreaterThanOrEqual(32);
      if (family === 'PL35') {
        const whole = await box(row);
        expect(whole.y + whole.height, family).toBeLessThanOrEqual(barTop);
      }
      expect(await tabBars(page), family).toBe(0);
    }

    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_1MIN}`);
    const issueBar = page.getByRole('region', { name: '期号与开奖' });
    await issueBar.getByRole('link', { name: '走势图', exact: true }).click();
    await page.waitForURL(`${b.baseUrl}/trendChart/${SSC_1MIN}`, { timeout: 10_000 });
    await page.getByRole('heading', { name: '极速时时彩走势图' }).waitFor({ timeout: 15_000 });
    expect(await tabBars(page)).toBe(1);

    await page.goBack();
    await issueBar.getByRole('button', { name: '历史开奖', exact: true }).click();
    const history = page.getByRole('dialog', { name: '历史开奖' });
    await history.getByRole('link', { name: '查看走势图', exact: true }).click();
    await page.waitForURL(`${b.baseUrl}/trendChart/${SSC_1MIN}`, { timeout: 10_000 });
    await page.getByRole('heading', { name: '极速时时彩走势图' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
  }, 90_000);

  it('an official game shows its last result, the issue awaiting its result and the next draw time', async () => {
    const lottery = await requireLottery(fx.sql, PL35_OFFICIAL);
    const past = issuesBetween(lottery.schedule, Date.now() - 5 * DAY_MS, Date.now());
    const [drawnIssue, awaitingIssue] = past.slice(-2).map((i) => i.issue);
    await ensureIssueRows(fx.sql, lottery, [drawnIssue!, awaitingIssue!]);
    const operator = new ApiClient(baseUrl());
    await operator.login(OPERATOR.userName, OPERATOR.password);
    await must(operator, 'POST', '/v1/admin/lottery/openResult', {
      lotteryCode: PL35_OFFICIAL,
      issue: drawnIssue!,
      result: '1,2,3,4,5',
    });

    const { userName, api } = await fundedPlayer(fx.sql, '10.00');
    const next = await nextIssue(api, PL35_OFFICIAL);
    expect(next.issue).not.toBeNull();
    const drawDay = beijingDrawDay(next.openTime);
    expect(drawDay).toMatch(/ 20:30$/); // 排列3/5 draws at 20:30 Beijing time (seed.ts)

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/PL35/${PL35_OFFICIAL}`);
    const bar = page.getByRole('region', { name: '期号与开奖' });
    await bar.getByRole('img', { name: '开奖号码 1 2 3 4 5' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => bar.innerText(), { timeout: 10_000 }).toContain(`下期开奖 ${drawDay}`);
    const text = await bar.innerText();
    expect(text).toContain(`第${next.issue}期`);
    expect(text).toContain(`第${drawnIssue}期开奖`);
    expect(text).toContain(`第${awaitingIssue}期 等待开奖`);

    await page.goto(`${b.baseUrl}/lotteryHall?key=PL35`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '排列3/5', exact: true }) });
    await card.getByRole('img', { name: '开奖号码 1 2 3 4 5' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain(`下期开奖 ${drawDay}`);
    const cardText = await card.innerText();
    expect(cardText).toContain(`${drawnIssue}期`);
    expect(cardText).toContain(`第${awaitingIssue}期 等待开奖`);
    expect(cardText).not.toContain('期号获取失败');
  }, 90_000);

  it('the 长龙 sheet keeps 投注 in view with many streaks listed', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '10.00');
    const onSale = await saleWindow(api, SSC_5MIN, 90_000, 200_000);
    const lottery = await requireLottery(fx.sql, SSC_5MIN);
    const before = issuesBetween(
      lottery.schedule,
      onSale.openTime - 8 * 300_000,
      onSale.openTime - 1,
    )
      .slice(-6)
      .map((i) => i.issue);
    expect(before).toHaveLength(6);
    await fx.sql.begin(async (tx) => {
      await ensureIssueRows(tx, lottery, before);
      for (const issue of before) {
        const s = bigOddSeed();
        await tx`
          update lottery_issues set seed = ${s.seed}, seed_hash = ${s.seedHash}, result = ${s.result}, status = 'settled',
            drawn_at = draw_at, settled_at = draw_at
          where lottery_code = ${SSC_5MIN} and issue = ${issue}`;
      }
    });
    // every position 大 and 单, the sum 大: ten position streaks and more, six issues long
    const dragons = await must<{ list: { lotteryCode: string; times: number }[] }>(
      api,
      'GET',
      '/v1/lottery/longDragon',
      { type: 1 },
    );
    const mine = dragons.list.filter((r) => r.lotteryCode === SSC_5MIN && r.times >= 6);
    expect(mine.length).toBeGreaterThanOrEqual(11);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/SSC/${SSC_5MIN}`);
    await page.getByRole('button', { name: '长龙', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: '长龙助手' });
    const items = sheet.getByRole('list', { name: '最新长龙' }).getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(11);
    const betButton = sheet
      .getByRole('form', { name: '长龙投注' })
      .getByRole('button', { name: '投注', exact: true });

    /** The button lies inside the viewport and is what a tap at its centre reaches. */
    const reachable = async () => {
      const r = await box(betButton);
      if (r.y < 0 || r.y + r.height > VIEWPORT_H) return false;
      return betButton.evaluate(
        (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
        [r.x + r.width / 2, r.y + r.height / 2],
      );
    };
    // many items: the last one starts below the sheet's bottom
    expect((await box(items.last())).y).toBeGreaterThan(VIEWPORT_H);
    expect(await reachable()).toBe(true);
    await items.last().scrollIntoViewIfNeeded();
    expect(await reachable()).toBe(true);
    const lastItem = await box(items.last());
    expect(lastItem.y + lastItem.height).toBeLessThanOrEqual((await box(betButton)).y);
  }, 300_000);

  it('offline, a hall card shows the issue last seen, marked offline', async () => {
    const b = await fx.browser();
    const page = b.page;
    await page.goto(`${b.baseUrl}/index`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
      await page.reload();
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
        timeout: 15_000,
      });
    }
    await page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '极速时时彩', exact: true }) });
    await expect.poll(() => card.innerText(), { timeout: 20_000 }).toMatch(/第\d+期/);
    const seen = /第(\d+)期/.exec(await card.innerText())![1];

    await b.context.setOffline(true);
    await page.goto(`${b.baseUrl}/lotteryHall?key=SSC`);
    await expect
      .poll(() => card.innerText(), { timeout: 20_000 })
      .toContain('离线，显示上次获取的期号');
    const text = await card.innerText();
    // the last answer kept: the one seen, or a later one if the issue rolled over meanwhile
    expect(Number(/第(\d+)期/.exec(text)?.[1])).toBeGreaterThanOrEqual(Number(seen));
    expect(text).not.toContain('期号获取失败');
    await b.context.setOffline(false);
  }, 90_000);
});
