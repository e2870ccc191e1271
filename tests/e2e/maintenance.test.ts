/**
 * The operator's maintenance switch: turned on through the admin API, a player's next page
 * load lands on /maintain; turned off again, the site answers as before.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEMO_PLAYER, OPERATOR, logIn, openBrowser, type Browser } from './browser.ts';
import { ApiClient } from './api.ts';

let b: Browser;
const operator = new ApiClient(inject('baseUrl'));

async function setMaintenance(on: boolean) {
  const res = await operator.call<{ maintenance: boolean }>('POST', '/v1/admin/site/status', { maintenance: on ? 1 : 0 });
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

    const player = new ApiClient(inject('baseUrl'));
    const refused = await player.call('GET', '/v1/management/content/banners');
    expect(refused.code).toBe(-7);
    await setMaintenance(false);
    const open = await player.call('GET', '/v1/management/content/banners');
    expect(open.code).toBe(1);
  });
});
