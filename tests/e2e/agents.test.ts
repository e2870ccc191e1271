/**
 * Agents in real Chromium against the real server: an agent (made in the database, as the operator
 * would) reaches its invite codes from the user centre, makes a member code with its own points per
 * family, a new player registers through the code's register link and shows up in /agentMember
 * with those points, bets, and the agent finds that bet in /agentBetRecord and its stake in
 * /agentReport; the agent opens a downline account from /manageInvite, which appears in the
 * team and can log in with the password the agent chose. A player is turned away from agent pages.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { OPERATOR, e2eFixture, logIn, newUserName, type Browser } from './browser.ts';
import { SSC_1MIN, must, saleWindow } from './lotteryHelpers.ts';
import { takeOverImageCodes } from './captcha.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { pointsOf, setPoints } from '../../src/server/agent/points.ts';
import { REBATE_FAMILIES, type RebatePoints } from '../../src/domain/agent/points.ts';

const PASSWORD = 'agent12345';
const fx = e2eFixture();

const flat = (point: number) =>
  Object.fromEntries(REBATE_FAMILIES.map((f) => [f, point])) as unknown as RebatePoints;

/** A logged-in top-level agent holding 8 on every family. */
async function agentBrowser(): Promise<{ b: Browser; agentId: number; agentName: string }> {
  const agentName = newUserName();
  const agentId = (await insertUserWithPassword(fx.sql, agentName, PASSWORD, { isAgent: true }))!;
  await setPoints(fx.sql, agentId, flat(8));
  const b = await fx.browser();
  await logIn(b, agentName, PASSWORD);
  return { b, agentId, agentName };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The team list's card of `userName` once it is there. */
async function memberCard(page: Page, baseUrl: string, userName: string) {
  await page.goto(`${baseUrl}/agentMember`);
  const card = page.getByRole('listitem', { name: `成员 ${userName}` });
  await card.waitFor({ timeout: 15_000 });
  return card;
}

describe('agents', () => {
  it('an agent makes a member code; a player registers with its link, appears in the team with its points, bets, and the agent sees the bet and the stake', async () => {
    const { b, agentId } = await agentBrowser();

    // from the user centre's 代理 menu to the member codes
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await b.page
      .getByRole('navigation', { name: '代理' })
      .getByRole('link', { name: '邀请码管理' })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/manageIcode/agentCode');
    await b.page.getByRole('tab', { name: '会员邀请码' }).click();
    await b.page.waitForURL((u) => u.pathname === '/manageIcode/memberCode');
    await b.page.getByText('暂无会员邀请码，请在下方生成').waitFor();

    const form = b.page.getByRole('form', { name: '生成会员邀请码' });
    // the form starts at the operator's default 7.5 and shows the agent's margin beside each point
    expect(await field(b.page, '快三返点').inputValue()).toBe('7.5');
    await form.getByText('可设 0 - 8 · 返点差 0.5').first().waitFor();
    await field(b.page, '快三返点').fill('8.5');
    await form.getByRole('button', { name: '生成邀请码' }).click();
    await b.page.getByText('快三 返点不能高于上级的 8').waitFor();
    await field(b.page, '快三返点').fill('7.5');
    await field(b.page, '时时彩返点').fill('6');
    await field(b.page, '棋牌返点').fill('1.5');
    await field(b.page, '备注（选填）').fill('e2e推广');
    await form.getByRole('button', { name: '生成邀请码' }).click();
    const card = b.page.getByRole('listitem', { name: /^邀请码 \d{8}$/ });
    await card.waitFor({ timeout: 15_000 });
    const code = ((await card.getAttribute('aria-label')) ?? '').replace('邀请码 ', '');
    expect(await card.textContent()).toContain('e2e推广');
    const [row] = await fx.sql<
      { owner_id: string; is_agent: boolean }[]
    >`select owner_id, is_agent from invite_codes where code = ${code}`;
    expect(Number(row!.owner_id)).toBe(agentId);
    expect(row!.is_agent).toBe(false);

    // a new player opens the register link: the code is filled in
    const p = await fx.browser();
    const answers = await takeOverImageCodes(p.page, fx.sql);
    await p.page.goto(`${p.baseUrl}/register?inviteCode=${code}`);
    const codeInput = p.page.getByLabel(/^邀请码/);
    await codeInput.waitFor();
    expect(await codeInput.inputValue()).toBe(code);
    const playerName = newUserName();
    await field(p.page, '用户名').fill(playerName);
    await field(p.page, '密码').fill(PASSWORD);
    await field(p.page, '确认密码').fill(PASSWORD);
    if (await field(p.page, '验证码').count()) {
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await field(p.page, '验证码').fill(answers.at(-1)!);
    }
    await p.page.getByRole('button', { name: '注册', exact: true }).click();
    await p.page.waitForURL((u) => u.pathname !== '/register', { timeout: 15_000 });
    const [player] = await fx.sql<
      { id: string; parent_id: string }[]
    >`select id, parent_id from users where user_name = ${playerName}`;
    expect(Number(player!.parent_id)).toBe(agentId);

    // the player is no agent: the guard sends it home from an agent page
    await p.page.goto(`${p.baseUrl}/agentMember`);
    await p.page.waitForURL((u) => u.pathname === '/index', { timeout: 15_000 });

    // the agent sees the player with the code's points, and the code counted one use
    const member = await memberCard(b.page, b.baseUrl, playerName);
    const text = (await member.textContent()) ?? '';
    expect(text).toContain('会员');
    expect(text).toContain('快三7.5');
    expect(text).toContain('时时彩6');
    expect(text).toContain('棋牌1.5');
    // families the agent left alone start at the operator's default (7.5), not at its own 8
    expect(text).toContain('快乐87.5');
    const points = await pointsOf(fx.sql, Number(player!.id));
    expect(points.K3).toBe(7.5);
    expect(points.GAME).toBe(1.5);
    await b.page.goto(`${b.baseUrl}/manageIcode/memberCode`);
    expect(await b.page.getByRole('listitem', { name: `邀请码 ${code}` }).textContent()).toContain(
      '注册人数：1',
    );

    // the new member bets; the agent sees the bet in /agentBetRecord and the stake in today's /agentReport
    const operator = new ApiClient(baseUrl());
    await operator.login(OPERATOR.userName, OPERATOR.password);
    await must(operator, 'POST', '/v1/admin/balance/adjust', {
      userName: playerName,
      amount: '20.00',
      remark: 'e2e 代理下级投注',
      requestId: `e2e-${crypto.randomBytes(8).toString('hex')}`,
    });
    const playerApi = new ApiClient(baseUrl());
    await playerApi.login(playerName, PASSWORD);
    const onSale = await saleWindow(playerApi, SSC_1MIN, 20_000);
    await must(playerApi, 'POST', '/v1/betting/addBetting', {
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
    });
    await b.page.goto(`${b.baseUrl}/agentBetRecord`);
    const bet = b.page
      .getByRole('list', { name: '团队投注记录' })
      .getByRole('listitem')
      .filter({ hasText: `第${onSale.issue}期` });
    await expect.poll(() => bet.count(), { timeout: 15_000 }).toBe(1);
    expect(await bet.getByTestId('bet-user').textContent()).toBe(playerName);
    await b.page.goto(`${b.baseUrl}/agentReport`);
    const team = b.page.getByRole('region', { name: '团队报表' });
    // awaiting its draw the stake is 待开奖, once drawn it is in 投注金额 (docs/agents.md)
    await expect
      .poll(() => team.textContent(), { timeout: 15_000 })
      .toMatch(/投注金额6\.00|待开奖6\.00/);
    expect(await team.textContent()).toContain('团队人数2');
  }, 180_000);

  it('an agent opens a downline agent account from /manageInvite; it appears in the team and can log in', async () => {
    const { b, agentId } = await agentBrowser();
    await b.page.goto(`${b.baseUrl}/agentIntro`);
    await b.page
      .getByRole('navigation', { name: '代理功能' })
      .getByRole('link', { name: /开户中心/ })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/manageInvite');

    const form = b.page.getByRole('form', { name: '开设下级账号' });
    const name = newUserName();
    await b.page.getByRole('tab', { name: '代理' }).click();
    await field(b.page, '用户名').fill(name);
    await field(b.page, '密码').fill(PASSWORD);
    await field(b.page, '确认密码').fill(PASSWORD);
    await field(b.page, 'PK拾返点').fill('6');
    await form.getByRole('button', { name: '立即开户' }).click();
    await b.page.getByRole('heading', { name: '开户成功' }).waitFor({ timeout: 15_000 });
    const [row] = await fx.sql<
      { id: string; parent_id: string; is_agent: boolean }[]
    >`select id, parent_id, is_agent from users where user_name = ${name}`;
    expect(Number(row!.parent_id)).toBe(agentId);
    expect(row!.is_agent).toBe(true);

    await b.page.getByRole('link', { name: '查看团队成员' }).click();
    const member = b.page.getByRole('listitem', { name: `成员 ${name}` });
    await member.waitFor({ timeout: 15_000 });
    const text = (await member.textContent()) ?? '';
    expect(text).toContain('代理');
    expect(text).toContain('PK拾6');
    expect(text).toContain('快三7.5');

    // the new account logs in with the password the agent chose (the same credential hash as register)
    const n = await fx.browser();
    await logIn(n, name, PASSWORD);
    expect(new URL(n.page.url()).pathname).not.toBe('/login');
  });
});
