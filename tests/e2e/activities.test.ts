/**
 * Promotions in real Chromium against the real server: the operator uploads an image and publishes a
 * check-in activity with it (cover and inside the content, plus a script that must not run) through the
 * admin API; a player at 360 px goes from the home page's 优惠活动 to /activity, sees the card with its
 * cover, opens it, reads the content with the image shown, and signs in: the balance rises by the day's
 * reward exactly once (a second visit shows it signed, the ledger has one 签到奖励 and stays zero-sum).
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { beijingFormTime } from '../../src/domain/activity/index.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { TxType } from '../../src/domain/txTypes.ts';
import { ledgerMismatches, ledgerSum } from '../../src/server/ledger/ledger.ts';
import { ApiClient } from './api.ts';
import { OPERATOR, e2eFixture, logIn } from './browser.ts';
import { PASSWORD, fundedPlayer, must } from './lotteryHelpers.ts';

const fx = e2eFixture();

async function walletFen(userName: string): Promise<number> {
  const [row] = await fx.sql<{ balance: string }[]>`
    select a.balance::text from ledger_accounts a join users u on u.id = a.user_id
    where lower(u.user_name) = lower(${userName}) and a.kind = 'player'`;
  return Number(row?.balance ?? 0);
}

async function uploadImage(operator: ApiClient): Promise<string> {
  const png = await sharp({
    create: { width: 500, height: 200, channels: 3, background: '#e11d48' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
  const res = await fetch(baseUrl() + encodeEnpath('/v1/admin/activities/uploadImage'), {
    method: 'POST',
    headers: { cookie: operator.cookieHeader() },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(1);
  return body.data.url;
}

describe('activities', () => {
  it('an operator publishes a check-in with an image; a player reads it and signs in once', async () => {
    await fx.sql`update activities set enabled = false where kind = 'checkin'`;
    const operator = new ApiClient(baseUrl());
    await operator.login(OPERATOR.userName, OPERATOR.password);
    const url = await uploadImage(operator);
    const title = `e2e签到${crypto.randomBytes(3).toString('hex')}`;
    const { id } = await must<{ id: number }>(operator, 'POST', '/v1/admin/activities/save', {
      category: '4',
      kind: 'checkin',
      title,
      summary: '每天签到领彩金',
      coverImage: url,
      content:
        `<h2>签到说明</h2><p>每天来签到</p><img src="${url}" alt="签到海报" onerror="window.__xss=1"><script>window.__xss=2</script>` +
        '<table><tr><th>天数</th><th>奖励</th></tr><tr><td>第1天</td><td>1.88元</td></tr></table>',
      startTime: beijingFormTime(Date.now() - 60_000),
      endTime: beijingFormTime(Date.now() + 86_400_000),
      rule: JSON.stringify({ rewards: ['1.88', '2.88'], turnoverMultiple: '1' }),
    });

    const { userName } = await fundedPlayer(fx.sql, '20.00');
    const b = await fx.browser();
    await logIn(b, userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.getByRole('link', { name: '优惠活动' }).first().click();
    await b.page.waitForURL(/\/activity$/, { timeout: 15_000 });
    const card = b.page.getByTestId(`activity-${id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain(title);
    expect(await card.getByTestId('activity-state').textContent()).toBe('可签到');
    const cover = card.getByRole('img', { name: title });
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(500);

    await card.getByRole('link').click();
    await b.page.waitForURL(new RegExp(`/activity/${id}$`));
    const content = b.page.getByRole('region', { name: '活动内容' });
    await content.waitFor({ timeout: 15_000 });
    expect(await content.getByRole('heading', { name: '签到说明' }).count()).toBe(1);
    expect(await content.locator('table td').first().textContent()).toBe('第1天');
    const poster = content.getByRole('img', { name: '签到海报' });
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(500);
    expect(await content.innerHTML()).not.toMatch(/script|onerror/);
    expect(
      await b.page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();

    expect(await walletFen(userName)).toBe(2_000);
    await b.page.getByRole('button', { name: /立即签到（今日可得 1.88 元）/ }).click();
    const result = b.page.getByTestId('claim-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toBe(
      '签到成功，连续签到1天，获得 1.88 元，当前余额 21.88 元',
    );
    expect(await walletFen(userName)).toBe(2_188);

    // a second visit: signed today, no button, the balance unchanged
    await b.page.reload();
    await b.page.getByText('今日已签到，获得 1.88 元').waitFor({ timeout: 15_000 });
    expect(await b.page.getByRole('button', { name: /立即签到/ }).count()).toBe(0);
    await b.page.goto(`${b.baseUrl}/activityinfo`);
    const records = b.page.getByRole('list', { name: '活动领取记录' });
    await records.waitFor({ timeout: 15_000 });
    expect(await records.textContent()).toContain(title);
    expect(await walletFen(userName)).toBe(2_188);

    const rows = await fx.sql<{ type_code: number; amount: string }[]>`
      select t.type_code, t.amount::text from transfers t join users u on u.id = t.user_id
      where lower(u.user_name) = lower(${userName}) and t.transfer_id like 'act:%'`;
    expect(rows).toEqual([{ type_code: TxType.SIGN_IN_REWARD, amount: '188' }]);
    expect(await ledgerSum(fx.sql)).toBe(0);
    expect(await ledgerMismatches(fx.sql)).toEqual([]);
  });
});
