/**
 * The agent's team pages in real Chromium against the real server: a member of an agent's team (the
 * relation made in SQL: users.is_agent, users.parent_id) bets through the API; the agent sees that
 * bet under the member's name in /agentBetRecord, the stake in today's team figures and day row of
 * /agentReport, in the member's row of /lowerReport and as a team bill in /agentBillRecord;
 * /agentChessRecord shows its empty state; the member finds its own profit and place in the
 * 盈亏排行 of /PLstatement. A player who is not an agent is sent away from the agent pages.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName } from './browser.ts';
import { PASSWORD, SSC_1MIN, fundedPlayer, must, saleWindow } from './lotteryHelpers.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { beijingDate } from '../../src/domain/time.ts';

const fx = e2eFixture();

interface TeamReport {
  betAmount: string;
  pendingBetAmount: string;
  startDate: string;
  endDate: string;
  memberCount: number;
}
/** A stake counts once: 待开奖 while it awaits its draw, 投注金额 once drawn (docs/agents.md). */
const STAKE_6 = /投注金额6\.00|待开奖6\.00/;

describe('agent team reports', () => {
  it("shows a member's bet in the team bet record and its stake in today's team report", async () => {
    const agentName = newUserName();
    await insertUserWithPassword(fx.sql, agentName, PASSWORD);
    const [agent] = await fx.sql<
      { id: string }[]
    >`update users set is_agent = true where user_name = ${agentName} returning id::text`;
    const member = await fundedPlayer(fx.sql, '100.00');
    await fx.sql`update users set parent_id = ${agent!.id} where user_name = ${member.userName}`;

    const onSale = await saleWindow(member.api, SSC_1MIN, 20_000);
    const placed = await must<{ orders: { id: number; orderNo: string }[] }>(
      member.api,
      'POST',
      '/v1/betting/addBetting',
      {
        bettingData: JSON.stringify([
          {
            lotteryCode: SSC_1MIN,
            playDetailCode: `${SSC_1MIN}DWD`,
            bettingNumber: '1 2 3,-,-,-,-',
            bettingCount: 3,
            bettingAmount: '6.00',
            bettingPoint: 0,
            bettingUnit: 1,
            bettingIssue: onSale.issue,
            graduationCount: 1,
          },
        ]),
        requestId: `e2e${crypto.randomBytes(8).toString('hex')}`,
      },
    );
    expect(placed.orders).toHaveLength(1);
    const today = beijingDate(Date.now());

    // The same figure through the wire first: the roll-up may be written just after the bet.
    const agentApi = new ApiClient(baseUrl());
    await agentApi.login(agentName, PASSWORD);
    await expect
      .poll(
        async () => {
          const r = await must<TeamReport>(
            agentApi,
            'GET',
            '/v1/report/agentReport/userAgentReport',
            { startTime: today, endTime: today },
          );
          return Math.round((Number(r.betAmount) + Number(r.pendingBetAmount)) * 100);
        },
        { timeout: 15_000 },
      )
      .toBe(600);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, agentName, PASSWORD);

    await page.goto(`${b.baseUrl}/agentBetRecord`);
    const bets = page.getByRole('list', { name: '团队投注记录' });
    const row = bets.getByRole('listitem').filter({ hasText: `第${onSale.issue}期` });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('bet-user').textContent()).toBe(member.userName);
    const rowText = await row.textContent();
    expect(rowText).toContain('极速时时彩');
    expect(rowText).toContain('投注 6.00 元');
    expect(rowText).toContain(placed.orders[0]!.orderNo);
    // the user-name filter keeps the member's bet and drops it for a name not in the team
    await page.getByLabel('用户名').fill('nobody0000');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByText('该用户在此期间暂无投注').waitFor({ timeout: 10_000 });

    await page.goto(`${b.baseUrl}/agentReport`);
    const team = page.getByRole('region', { name: '团队报表' });
    await expect.poll(() => team.textContent(), { timeout: 15_000 }).toMatch(STAKE_6);
    expect(await team.textContent()).toContain('团队人数2');
    // every column of 盈亏 fits the 360 px phone: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await page.getByText(`统计日期：${today}（北京时间）`).count()).toBe(1);
    const day = page
      .getByRole('list', { name: '每日明细' })
      .getByRole('listitem')
      .filter({ hasText: today });
    await expect.poll(() => day.textContent(), { timeout: 10_000 }).toContain('6.00');

    await page.getByRole('link', { name: '查看下级报表' }).click();
    await page.waitForURL((u) => u.pathname === '/lowerReport');
    const memberRow = page
      .getByRole('list', { name: '下级列表' })
      .getByRole('listitem')
      .filter({ hasText: member.userName });
    await expect.poll(() => memberRow.textContent(), { timeout: 15_000 }).toContain('6.00');
    expect(await memberRow.textContent()).toContain('红包');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // the member's stake is a team bill; the team has no card-game rounds
    await page.goto(`${b.baseUrl}/agentBillRecord`);
    const bill = page
      .getByRole('list', { name: '团队账变记录' })
      .getByRole('listitem')
      .filter({ hasText: member.userName })
      .filter({ hasText: '-6.00' });
    await expect.poll(() => bill.count(), { timeout: 15_000 }).toBe(1);
    await page.goto(`${b.baseUrl}/agentChessRecord`);
    await page.getByText('暂无棋牌记录').waitFor({ timeout: 15_000 });
    await page.goto(`${b.baseUrl}/agentReport`);
    await page.getByRole('region', { name: '团队报表' }).waitFor({ timeout: 15_000 });
    await page.goto(`${b.baseUrl}/agentBetRecord`);
    await page.getByRole('list', { name: '团队投注记录' }).waitFor({ timeout: 15_000 });

    // the member's own profit and place on /PLstatement
    const mb = await fx.browser();
    await logIn(mb, member.userName, PASSWORD);
    await mb.page.goto(`${mb.baseUrl}/PLstatement`);
    const mine = mb.page.getByRole('region', { name: '我的盈亏' });
    await expect.poll(() => mine.textContent(), { timeout: 15_000 }).toMatch(STAKE_6);
    expect(await mb.page.getByRole('region', { name: '盈亏统计' }).textContent()).toContain(
      '红包收支',
    );
    expect(await mb.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // (the issue may be drawn by now, so the profit is not fixed; the member has a place in today's rank)
    await expect
      .poll(() => mb.page.getByTestId('my-rank').textContent(), { timeout: 10_000 })
      .toMatch(/我的排名：第\d+名/);
  }, 120_000);

  it('sends a player who is not an agent away from the agent pages', async () => {
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);
    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/agentReport`);
    await b.page.waitForURL((u) => u.pathname === '/index', { timeout: 15_000 });
    expect(await b.page.getByRole('region', { name: '团队报表' }).count()).toBe(0);
  });
});
