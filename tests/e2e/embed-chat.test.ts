/**
 * The embedded-chat bridge in Chromium: the test serves a partner page on another origin
 * (http://localhost:<port>, the site being http://127.0.0.1:<port>), the operator points the site at
 * it, and the partner frame exchanges the spec's messages with the site (tenant name, login start
 * with the partner's signature of the muid and a one-time key, bind, a replayed key refused, avatar
 * and uid, bind success, refresh avatar). The site's CSP does not let a third origin
 * (http://127.0.0.1:<partner port>) be framed, and the same page opened from there as a popup is
 * ignored. No step but that refused frame logs a CSP violation.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Frame } from 'playwright-core';
import { ApiClient } from './api.ts';
import { OPERATOR, e2eFixture, logIn, newUserName } from './browser.ts';
import { must } from './lotteryHelpers.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';

/** The partner's page: `ask(request)` posts to the site and resolves with the reply of the same seq (or 'timeout'). */
const PARTNER_HTML = `<!doctype html><meta charset="utf-8"><title>partner</title><p>合作方聊天</p><script>
  const site = new URLSearchParams(location.search).get('site');
  const target = window.opener || parent;
  const waiting = new Map(); let seq = 0; window.replies = [];
  addEventListener('message', (e) => {
    if (e.origin !== site) return;
    window.replies.push(e.data);
    const done = waiting.get(e.data && e.data.seq); if (done) { waiting.delete(e.data.seq); done(e.data); }
  });
  window.ask = (req, ms = 5000) => new Promise((resolve) => {
    const id = ++seq; waiting.set(id, resolve);
    target.postMessage({ ...req, seq: id }, site);
    setTimeout(() => { if (waiting.delete(id)) resolve('timeout'); }, ms);
  });
</script>`;

let partner: http.Server;
let port = 0;
let op: ApiClient;

beforeAll(async () => {
  partner = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PARTNER_HTML);
  });
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  port = (partner.address() as AddressInfo).port;
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});
afterAll(async () => {
  await must(op, 'POST', '/v1/admin/site/customerService', { embedChatEnabled: '0' });
  await new Promise((r) => partner.close(r));
});

const frameUrls = (page: import('playwright-core').Page) => page.frames().map((f) => f.url());

async function partnerFrame(page: import('playwright-core').Page, origin: string): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(origin)), { timeout: 15_000 })
    .toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(origin))!;
  await frame.waitForFunction(
    () => typeof (window as unknown as { ask?: unknown }).ask === 'function',
  );
  return frame;
}

type Answer = {
  ltType: string;
  seq: number;
  code: number;
  msg: string;
  data: Record<string, string | number> | null;
};
type Reply = Answer | 'timeout';
const dataOf = (r: Reply) => (r as Answer).data ?? {};
/** What the partner's server does (docs/embedded-chat.md): signs its user's muid with the secret. */
function vouch(secret: string, muid: string) {
  const expires = Math.floor(Date.now() / 1000) + 120;
  const nonce = crypto.randomBytes(16).toString('base64url');
  return {
    muid,
    expires,
    nonce,
    sig: crypto.createHmac('sha256', secret).update(`${muid}.${expires}.${nonce}`).digest('hex'),
  };
}
const ask = (f: Frame, req: Record<string, unknown>, ms?: number) =>
  f.evaluate(
    ([r, t]) => (window as unknown as { ask(r: unknown, t?: number): Promise<unknown> }).ask(r, t),
    [req, ms] as const,
  ) as Promise<Reply>;

describe('embedded-chat bridge', () => {
  it('exchanges the partner messages with a page on another origin and ignores a third origin', async () => {
    const site = baseUrl();
    const siteOrigin = new URL(site).origin;
    const partnerOrigin = `http://localhost:${port}`;
    await must(op, 'POST', '/v1/admin/site/customerService', {
      embedChatUrl: `${partnerOrigin}/chat?site=${encodeURIComponent(siteOrigin)}`,
      embedChatEnabled: '1',
    });
    const { secret } = await must<{ secret: string }>(op, 'POST', '/v1/admin/chat/embedChatSecret');
    const userName = newUserName();
    const userId = Number(await insertUserWithPassword(fx.sql, userName, PASSWORD));
    const b = await fx.browser();
    const cspViolations: string[] = [];
    b.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await logIn(b, userName, PASSWORD);
    // the entry: the toolbar offers 嵌入聊天 once the tenant enables it
    await b.page.goto(`${b.baseUrl}/index`);
    await b.page.getByRole('button', { name: '快捷工具' }).click();
    await b.page
      .getByRole('dialog', { name: '快捷工具' })
      .getByRole('button', { name: '嵌入聊天' })
      .click();
    await b.page.waitForURL((u) => u.pathname === '/embedChat');
    const f = await partnerFrame(b.page, partnerOrigin);

    const name = await ask(f, { ltType: 'tenantName' });
    expect(name).toMatchObject({ ltType: 'tenantName', code: 1 });
    expect(typeof dataOf(name).tenantName).toBe('string');
    // unsigned, the muid is not the partner's word: no key
    expect(await ask(f, { ltType: 'thirdLoginStart', muid: 'partner_777' })).toMatchObject({
      code: -1,
      msg: '缺少合作方签名',
    });
    const start = await ask(f, { ltType: 'thirdLoginStart', ...vouch(secret, 'partner_777') });
    expect(start).toMatchObject({
      ltType: 'thirdLoginStart',
      code: 1,
      data: { bound: 0, muid: 'partner_777', expiresInSec: 60 },
    });
    const key = String(dataOf(start).oneTimeKey);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ask(f, { ltType: 'bindAccount', oneTimeKey: key })).toMatchObject({
      code: 1,
      data: { bound: 1, muid: 'partner_777', uid: String(userId) },
    });
    // the key opened one bind: a replay is refused with its code and message
    expect(await ask(f, { ltType: 'bindAccount', oneTimeKey: key })).toMatchObject({
      code: -1,
      msg: '一次性密钥无效或已过期，请重新发起',
      data: null,
    });
    expect(await ask(f, { ltType: 'bindSuccess' })).toMatchObject({
      code: 1,
      data: { bound: 1, muid: 'partner_777' },
    });
    const avatar = await ask(f, { ltType: 'avatarUid' });
    expect(avatar).toMatchObject({ code: 1, data: { uid: String(userId), muid: 'partner_777' } });
    expect(String(dataOf(avatar).avatar)).toMatch(new RegExp(`^${siteOrigin}/`));
    expect(await ask(f, { ltType: 'refreshAvatar' })).toMatchObject({
      code: 1,
      data: { uid: String(userId) },
    });

    expect(cspViolations).toEqual([]);

    // the same page on a third origin, framed beside the partner: the CSP refuses the frame
    const stranger = `http://127.0.0.1:${port}`;
    const strangerUrl = `${stranger}/chat?site=${encodeURIComponent(siteOrigin)}`;
    await b.page.evaluate((src) => {
      const el = document.createElement('iframe');
      el.src = src;
      document.body.appendChild(el);
    }, strangerUrl);
    await expect.poll(() => cspViolations.length, { timeout: 15_000 }).toBe(1);
    expect(cspViolations[0]).toMatch(/frame-src/);
    expect(frameUrls(b.page).some((u) => u.startsWith(stranger))).toBe(false);
    // opened as a popup (no CSP stops that), it talks to its opener, which does not answer it
    const [popup] = await Promise.all([
      b.context.waitForEvent('page'),
      b.page.evaluate((src) => {
        window.open(src);
      }, strangerUrl),
    ]);
    const s = popup.mainFrame();
    await s.waitForFunction(
      () => typeof (window as unknown as { ask?: unknown }).ask === 'function',
    );
    expect(await ask(s, { ltType: 'tenantName' }, 1500)).toBe('timeout');
    expect(await ask(s, { ltType: 'thirdLoginStart', ...vouch(secret, 'intruder') }, 1500)).toBe(
      'timeout',
    );
    expect(await s.evaluate(() => (window as unknown as { replies: unknown[] }).replies)).toEqual(
      [],
    );
    const [n] = await fx.sql<
      { n: number }[]
    >`select count(*)::int as n from embed_chat_keys where muid = 'intruder'`;
    expect(n!.n).toBe(0);
    // and the partner is still answered
    expect(await ask(f, { ltType: 'tenantName' })).toMatchObject({ code: 1 });
    expect(cspViolations.length).toBe(1);
  });
});
