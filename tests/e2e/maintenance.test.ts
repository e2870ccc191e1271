/**
 * The operator's maintenance switch: turned on through the admin API, a player's next page
 * load lands on /maintain; turned off again, the site answers as before, the /maintain page leaves
 * for where the player was going as soon as 刷新 is tapped, and no answer cached by the service
 * worker during maintenance sends the player back there.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { DEMO_PLAYER, OPERATOR, controlled, logIn, openBrowser, type Browser } from './browser.ts';
import { ApiClient } from './api.ts';

let b: Browser;
const operator = new ApiClient(baseUrl());

async function setMaintenance(on: boolean) {
  const res = await operator.call<{ maintenance: boolean }>('POST', '/v1/admin/site/status', {
    maintenance: on ? 1 : 0,
  });
  expect(res.code, res.msg).toBe(1);
  expect(res.data.maintenance).toBe(on);
}

afterEach(async () => {
  await b?.close();
});
afterAll(async () => {
  await setMaintenance(false);
});

describe('maintenance', () => {
  it('sends a logged-in player to /maintain when the operator turns maintenance on', async () => {
    await operator.login(OPERATOR.userName, OPERATOR.password);
    b = await openBrowser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    await setMaintenance(true);
    await b.page.goto(`${b.baseUrl}/personalInfo`);
    await b.page.waitForURL((u) => u.pathname === '/maintain', { timeout: 15_000 });
    await b.page.getByText(/维护/).first().waitFor({ timeout: 10_000 });

    const player = new ApiClient(baseUrl());
    const refused = await player.call('GET', '/v1/management/content/banners');
    expect(refused.code).toBe(-7);
    await setMaintenance(false);
    const open = await player.call('GET', '/v1/management/content/banners');
    expect(open.code).toBe(1);
  });

  it('leaves /maintain on 刷新 once maintenance is off, and /lotteryHall no longer bounces there', async () => {
    await operator.login(OPERATOR.userName, OPERATOR.password);
    b = await openBrowser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    const rulesLink = () => b.page.getByRole('link', { name: '玩法说明' }).first();
    await b.page.goto(`${b.baseUrl}/lotteryHall`);
    await rulesLink().waitFor({ timeout: 15_000 });
    // the service worker serves the lottery list stale-while-revalidate: let it control the page
    await controlled(b.page);
    await rulesLink().waitFor({ timeout: 15_000 });

    await setMaintenance(true);
    // twice: the worker's copy of the lottery list is refreshed while maintenance is on
    for (let i = 0; i < 2; i++) {
      await b.page.goto(`${b.baseUrl}/lotteryHall`);
      await b.page.waitForURL((u) => u.pathname === '/maintain', { timeout: 15_000 });
      await b.page.waitForLoadState('networkidle');
    }
    await b.page.getByRole('heading', { name: '系统维护中' }).waitFor();

    await setMaintenance(false);
    // from now on no answer the page gets may say maintenance (a copy kept from before would bounce it back)
    const refusals: string[] = [];
    b.page.on('response', (r) => {
      if (!r.url().includes('/v1/')) return;
      r.json().then(
        (j: { code?: number } | null) => {
          if (j?.code === -7) refusals.push(r.url());
        },
        () => {},
      );
    });
    await b.page.getByRole('button', { name: '刷新' }).click();
    await b.page.waitForURL((u) => u.pathname === '/lotteryHall', { timeout: 8_000 });
    await rulesLink().waitFor({ timeout: 15_000 });
    await b.page.waitForLoadState('networkidle');
    expect(new URL(b.page.url()).pathname).toBe('/lotteryHall');

    // a fresh visit is served the lottery list (from the worker's copy first) and stays
    await b.page.goto(`${b.baseUrl}/lotteryHall`);
    await rulesLink().waitFor({ timeout: 15_000 });
    await b.page.waitForLoadState('networkidle');
    expect(new URL(b.page.url()).pathname).toBe('/lotteryHall');
    expect(refusals).toEqual([]);
  });
});
