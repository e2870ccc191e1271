/**
 * Payout caps before betting, in real Chromium against the real server: on 极速快乐8 (1308) a 选十 ticket at
 * unit 元 can win 选十中十 (about 847万元 at the default group), above the family's 500万元 per-bet cap; the
 * confirmation states 单注最高派奖 500万元 · 单期最高派奖 500万元 and warns that it would be paid at the cap.
 * The caps come from lotteryPlays, as the server sends them.
 */
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import { choosePlay, fundedPlayer, must, PASSWORD, saleWindow } from './lotteryHelpers.ts';

const fx = e2eFixture();
const KL8_1MIN = '1308';

describe('payout caps on the bet confirmation', () => {
  it('states the caps and warns for a 选十 ticket above the per-bet cap', {
    timeout: 120_000,
  }, async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '10.00');
    const plays = await must<{
      payoutCaps: { maxPayoutPerBet: string; maxPayoutPerIssue: string };
    }>(api, 'GET', '/v1/lottery/lotteryPlays', { lotteryCode: KL8_1MIN });
    expect(plays.payoutCaps).toEqual({
      maxPayoutPerBet: '5000000.00',
      maxPayoutPerIssue: '5000000.00',
    });

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/KL8/${KL8_1MIN}`);
    await choosePlay(page, '任选', '选十');
    await saleWindow(api, KL8_1MIN, 20_000);
    for (let n = 1; n <= 10; n++)
      await page.getByRole('button', { name: new RegExp(`^号码 0?${n}$`) }).click();
    await page.getByRole('button', { name: '立即投注', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '确认投注' });
    const note = confirm.getByTestId('cap-note');
    await expect
      .poll(() => note.textContent(), { timeout: 15_000 })
      .toContain('单注最高派奖 500万元 · 单期最高派奖 500万元');
    expect(await note.getByRole('note').textContent()).toMatch(
      /^选十「.+」最高可中\d+\.\d{2}元，超过单注最高派奖500万元，中奖时按500万元派奖$/,
    );
    await confirm.getByRole('button', { name: '取消', exact: true }).click();
  });
});
