/**
 * In real Chromium against the real server: the operator finds a member in /admin → 代理 by name and
 * moves it under another agent picked by name (the closure follows); a player who recharged 1000 yuan is
 * promoted by the grade job and /personalLevel shows VIP2 白银 with the ten tiers.
 */
import { describe, expect, it } from 'vitest';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { PASSWORD, fundedPlayer } from './lotteryHelpers.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { runGradePromotion } from '../../src/server/grades/promoteJob.ts';

const fx = e2eFixture();

describe('operator agents and player grades', () => {
  it('moves a member under another agent from the 代理 panel', async () => {
    const [fromName, toName, memberName] = [
      `${newUserName()}a`,
      `${newUserName()}b`,
      `${newUserName()}m`,
    ];
    const from = (await insertUserWithPassword(fx.sql, fromName, PASSWORD, { isAgent: true }))!;
    const to = (await insertUserWithPassword(fx.sql, toName, PASSWORD, { isAgent: true }))!;
    const member = (await insertUserWithPassword(fx.sql, memberName, PASSWORD))!;
    await fx.sql`update users set parent_id = ${from} where id = ${member}`;

    const b = await fx.browser();
    await logIn(b, OPERATOR.userName, OPERATOR.password);
    await b.page.goto(`${b.baseUrl}/admin`);
    await b.page.getByRole('tab', { name: '代理', exact: true }).click();
    await b.page.getByLabel('按用户名搜索').fill(memberName);
    await b.page.getByRole('button', { name: '搜索', exact: true }).click();
    const row = b.page.getByRole('listitem').filter({ hasText: memberName });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`上级：${fromName}`);
    await row.getByRole('button', { name: '转移' }).click();
    await row.getByLabel('新上级用户名').fill(toName);
    await row.getByRole('button', { name: '查找' }).click();
    await row.getByRole('button', { name: '移到此代理' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
    await expect
      .poll(
        async () => (await fx.sql`select parent_id from users where id = ${member}`)[0]!.parent_id,
        { timeout: 15_000 },
      )
      .toBe(to);
    const [link] =
      await fx.sql`select ancestor_id, depth from user_uplines where user_id = ${member}`;
    expect(link).toMatchObject({ ancestor_id: to, depth: 1 });
  });

  it('shows a promoted player its grade, totals and the ten tiers on /personalLevel', async () => {
    const { userName } = await fundedPlayer(fx.sql, '1000.00');
    await runGradePromotion(fx.sql);
    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/personalLevel`);
    const current = b.page.getByText('当前等级').locator('xpath=following-sibling::p[1]');
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('VIP2 · 白银');
    expect(await b.page.getByText('1000.00 元', { exact: true }).count()).toBe(1);
    expect(await b.page.locator('ol > li').count()).toBe(10);
    expect(await b.page.locator('li[aria-current="true"]').textContent()).toContain('VIP2 · 白银');
  });
});
