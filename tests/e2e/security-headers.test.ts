/**
 * The site under its security headers in Chromium (security issue 23 item 8): every page is served
 * with the Content-Security-Policy and no page of the walk (home, login, a lottery, chat, wallet,
 * activities, the operator's /admin) logs a CSP violation or a page error. The login page's
 * `redirect` leads only to same-site paths: `/\host` and `//host` go to the home page, without an error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PLAYER, OPERATOR, e2eFixture, submitLogin } from './browser.ts';

const fx = e2eFixture();

/** CSP violations and uncaught errors the page reports from now on. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function visit(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp, url).toContain("script-src 'self'");
  expect(csp, url).toContain("frame-ancestors 'self'");
  expect(res?.headers()['x-frame-options'], url).toBe('SAMEORIGIN');
}

describe('pages under the CSP', () => {
  it('a player walks the main pages with no CSP violation', async () => {
    const b = await fx.browser();
    const problems = watch(b.page);
    for (const path of ['/index', '/login', '/lottery/SSC/1008', '/activity'])
      await visit(b.page, `${b.baseUrl}${path}`);
    // an unsafe redirect is dropped: the player lands on the home page, with no error shown
    await visit(b.page, `${b.baseUrl}/login?redirect=${encodeURIComponent('/\\evil.example')}`);
    await submitLogin(b.page, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    await b.page.waitForURL((u) => u.pathname === '/index', { timeout: 15_000 });
    expect(new URL(b.page.url()).origin).toBe(b.baseUrl);
    for (const path of ['/chatRoom', '/accountTotal', '/lottery/K3/1407'])
      await visit(b.page, `${b.baseUrl}${path}`);
    expect(problems).toEqual([]);
  });

  it('the operator opens /admin with no CSP violation; a //host redirect goes home', async () => {
    const b = await fx.browser();
    const problems = watch(b.page);
    await visit(
      b.page,
      `${b.baseUrl}/login?redirect=${encodeURIComponent('//evil.example/admin')}`,
    );
    await submitLogin(b.page, OPERATOR.userName, OPERATOR.password);
    await b.page.waitForURL((u) => u.pathname === '/index', { timeout: 15_000 });
    await visit(b.page, `${b.baseUrl}/admin`);
    await expect
      .poll(() => b.page.getByText('运营管理').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
