/**
 * Letters in real Chromium against the real server (360 px): the operator sends a letter to a grade
 * from /admin; a player of that grade sees the unread count on the user centre and the toolbar, opens
 * /letter, reads the letter (its text as text, line breaks kept) and the count drops; a player of
 * another grade gets nothing; the letter is one row, with one state row for the one reader.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { ApiClient } from './api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
const GRADE = 4;

async function playerOfGrade(grade: number): Promise<string> {
  const userName = newUserName();
  const id = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  await fx.sql`update users set grade = ${grade} where id = ${id}`;
  return userName;
}

describe('letters', () => {
  it('an operator sends a letter to a grade; a player of that grade sees the count, reads it and the count drops', async () => {
    const reader = await playerOfGrade(GRADE);
    const other = await playerOfGrade(GRADE - 2);
    const title = `e2e等级信${crypto.randomBytes(3).toString('hex')}`;

    const op = await fx.browser();
    await logIn(op, OPERATOR.userName, OPERATOR.password);
    await op.page.goto(`${op.baseUrl}/admin`);
    await op.page.getByRole('tab', { name: '站内信', exact: true }).click();
    await op.page.getByLabel('收件范围').selectOption('grade');
    await op.page.getByLabel('会员等级').selectOption(String(GRADE));
    await op.page.getByLabel('标题').fill(title);
    await op.page.getByLabel('内容（纯文本，可换行）').fill('第一行\n第二行 请查收');
    await op.page.getByRole('button', { name: '发送', exact: true }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect
      .poll(async () => (await fx.sql`select id from letters where title = ${title}`).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [letter] = await fx.sql<
      { id: number; audience: string; to_grade: number }[]
    >`select id, audience, to_grade from letters where title = ${title}`;
    expect(letter).toMatchObject({ audience: 'grade', to_grade: GRADE });
    await op.page.getByTestId(`admin-letter-${letter!.id}`).waitFor({ timeout: 15_000 });

    const otherApi = new ApiClient(baseUrl());
    await otherApi.login(other, PASSWORD);
    expect(
      (await otherApi.call<{ count: number }>('GET', '/v1/users/unReadMessage')).data.count,
    ).toBe(0);

    const b = await fx.browser();
    await logIn(b, reader, PASSWORD);
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    const badge = b.page.getByTestId('letters-unread-badge');
    await badge.waitFor({ timeout: 15_000 });
    expect(await badge.textContent()).toBe('1封未读');
    await b.page.getByTestId('toolbar-button').click();
    expect(await b.page.getByTestId('badge-letter').textContent({ timeout: 15_000 })).toBe('1');
    await b.page.getByRole('button', { name: '关闭', exact: true }).click();

    await b.page.getByRole('link', { name: /站内信/ }).click();
    await b.page.waitForURL((u) => u.pathname === '/letter', { timeout: 15_000 });
    const row = b.page.getByTestId(`letter-${letter!.id}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-read')).toBe('0');
    await row.getByRole('link').click();
    await b.page.waitForURL((u) => u.pathname === '/letterDetail', { timeout: 15_000 });
    const article = b.page.getByRole('article');
    await article.waitFor({ timeout: 15_000 });
    expect(await article.getByRole('heading').textContent()).toBe(title);
    expect(await article.innerText()).toContain('第一行\n第二行 请查收');

    await b.page.getByRole('button', { name: '返回' }).click();
    await b.page.waitForURL((u) => u.pathname === '/letter', { timeout: 15_000 });
    await expect.poll(() => row.getAttribute('data-read'), { timeout: 15_000 }).toBe('1');
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await b.page.getByRole('navigation', { name: '消息' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => b.page.getByTestId('letters-unread-badge').count(), { timeout: 15_000 })
      .toBe(0);

    // one letter row for the whole grade, one state row for its one reader
    expect((await fx.sql`select id from letters where title = ${title}`).length).toBe(1);
    expect(
      await fx.sql`select user_id from letter_states where letter_id = ${letter!.id}`,
    ).toHaveLength(1);
    await op.page.reload();
    await op.page.getByRole('tab', { name: '站内信', exact: true }).click();
    await expect
      .poll(
        () =>
          op.page.getByTestId(`admin-letter-${letter!.id}`).getByTestId('read-count').textContent(),
        { timeout: 15_000 },
      )
      .toBe('1');
  });
});
