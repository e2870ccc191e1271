/**
 * Activity red envelopes in real Chromium against the real server: the operator creates a giveaway
 * through the admin API; a funded player opens /redEnvelope (360 px), claims it through the opening
 * dialog, sees the amount, and the balance grows by exactly that amount (the dialog, /personalInfo and
 * the database agree); the envelope then shows as claimed and in the history; the ledger stays zero-sum.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { OPERATOR, e2eFixture, logIn } from './browser.ts';
import { ApiClient } from './api.ts';
import { PASSWORD, fundedPlayer, must } from './lotteryHelpers.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { beijingFormTime } from '../../src/domain/activity/index.ts';

const fx = e2eFixture();

async function walletFen(userName: string): Promise<number> {
  const [row] = await fx.sql<{ balance: string }[]>`
    select a.balance::text from ledger_accounts a join users u on u.id = a.user_id
    where lower(u.user_name) = lower(${userName}) and a.kind = 'player'`;
  return Number(row?.balance ?? 0);
}

describe('activity red envelope', () => {
  it('a player claims an operator giveaway on /redEnvelope and the balance grows by its amount exactly', async () => {
    const operator = new ApiClient(baseUrl());
    await operator.login(OPERATOR.userName, OPERATOR.password);
    const title = `e2e派送${crypto.randomBytes(3).toString('hex')}`;
    const { id } = await must<{ id: number }>(
      operator,
      'POST',
      '/v1/admin/activityRedEnvelope/save',
      {
        kind: 'giveaway',
        title,
        budget: '100',
        amount: '8.88',
        startTime: beijingFormTime(Date.now() - 60_000),
        endTime: beijingFormTime(Date.now() + 3_600_000),
      },
    );

    const { userName } = await fundedPlayer(fx.sql, '50.00');
    expect(await walletFen(userName)).toBe(5_000);
    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/redEnvelope`);
    const card = b.page.getByTestId(`activity-envelope-${id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain(title);
    await card.getByRole('button', { name: '领取' }).click();
    await b.page.getByRole('button', { name: '开红包' }).click();
    const amount = b.page.getByTestId('envelope-amount');
    await amount.waitFor({ timeout: 15_000 });
    expect(await amount.textContent()).toBe('8.88元');
    expect(await b.page.getByTestId('envelope-balance').textContent()).toBe('58.88');
    expect(await walletFen(userName)).toBe(5_888);

    await b.page.getByRole('button', { name: '好的' }).click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    expect(await card.getByTestId('claimed-amount').textContent()).toBe('已领取 8.88 元');
    await b.page.getByRole('tab', { name: '我的领取' }).click();
    expect(await b.page.getByRole('list', { name: '我的领取记录' }).textContent()).toContain(
      `${title}`,
    );

    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await expect
      .poll(() => b.page.getByText('58.88').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    const [t] = await fx.sql<{ transfer_id: string; type_code: number; amount: string }[]>`
      select t.transfer_id, t.type_code, t.amount::text from transfers t join users u on u.id = t.user_id
      where lower(u.user_name) = lower(${userName}) and t.type_code = 206`;
    expect(t).toMatchObject({ type_code: 206, amount: '888' });
    expect(t!.transfer_id).toMatch(new RegExp(`^ar:${id}:\\d+$`));
    expect(await ledgerSum(fx.sql)).toBe(0);
    expect(await ledgerMismatches(fx.sql)).toEqual([]);
  });
});
