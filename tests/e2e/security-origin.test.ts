/**
 * Cross-site request forgery in real Chromium: a page of another origin on the same host (so the
 * SameSite=Lax session cookie still goes along) posts a form to infoUpdate and links to logout.
 * Both are refused; the site's own pages keep working (every other e2e test relies on that).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { e2eFixture, logIn, newUserName } from './browser.ts';

const fx = e2eFixture();
let evil: http.Server;
let evilUrl = '';
let target = '';

beforeAll(async () => {
  evil = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>evil</title>
      <form id="f" method="post" action="${target}/v1/users/infoUpdate"><input name="nickName" value="被劫持"></form>
      <button id="post" onclick="document.getElementById('f').submit()">post</button>
      <a id="logout" href="${target}/v1/users/logout">logout</a>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())));

describe('requests from a page of another origin', () => {
  it('cannot change the profile nor log the user out', async () => {
    const b = await fx.browser();
    target = b.baseUrl;
    const userName = newUserName();
    const userId = (await insertUserWithPassword(fx.sql, userName, 'pass1234'))!;
    await logIn(b, userName, 'pass1234');

    await b.page.goto(evilUrl);
    await b.page.click('#post');
    await b.page.waitForURL(`${target}/v1/users/infoUpdate`);
    expect(JSON.parse(await b.page.innerText('body'))).toMatchObject({ code: -403 });
    const [row] = await fx.sql<
      { nick_name: string | null }[]
    >`select nick_name from users where id = ${userId}`;
    expect(row.nick_name).toBeNull();

    await b.page.goto(evilUrl);
    await b.page.click('#logout');
    await b.page.waitForURL(`${target}/v1/users/logout`);
    expect(JSON.parse(await b.page.innerText('body'))).toMatchObject({ code: -403 });
    const [open] = await fx.sql<{ n: number }[]>`
      select count(*)::int as n from sessions where user_id = ${userId} and ended_at is null`;
    expect(open.n).toBe(1);

    // The site's own page still changes the profile (same-origin Origin header from the app).
    await b.page.goto(`${target}/index`);
    const own = await b.page.evaluate(async () => {
      const res = await fetch('/v1/users/infoUpdate', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'nickName=%E6%9C%AC%E7%AB%99',
      });
      return (await res.json()).code as number;
    });
    expect(own).toBe(1);
  });
});
