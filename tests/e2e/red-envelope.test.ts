/**
 * Chat red envelopes in Chromium at 360 px against the real server (issue 13): a player sends a
 * random envelope from the room's footer (form, safety password), two others see it arrive live,
 * open it and their shares add up to the total (the detail list and the balances say so); an
 * envelope whose 12 hours are over is refunded by the refund job and shows 已退回.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName, OPERATOR, type Browser } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { kdfHash } from '../../src/server/auth/kdf.ts';
import { playerBalance, transfer } from '../../src/server/ledger/ledger.ts';
import { refundDue } from '../../src/server/redEnvelope/refund.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { parseYuanToFen } from '../../src/domain/money.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
const SAFETY = '246810';
let op: ApiClient;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

async function makeRoom(): Promise<string> {
  const roomCode = `hb${Date.now().toString(36).slice(-6)}${crypto.randomInt(100)}`;
  const res = await op.call('POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: '红包房间',
    subTitle: '抢红包',
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
  return roomCode;
}

/** A player; `fen` > 0: funded and with a safety password. */
async function player(fen = 0): Promise<{ userName: string; userId: number; api: ApiClient }> {
  const userName = newUserName();
  const userId = (await insertUserWithPassword(fx.sql, userName, PASSWORD))!;
  if (fen > 0) {
    await fx.sql`update users set safety_kdf = ${await kdfHash(safetyPasswordHash(userName, SAFETY))} where id = ${userId}`;
    await transfer(fx.sql, {
      transferId: transferIds.fixture(`e2e-fund:${crypto.randomUUID()}`),
      from: { kind: 'house', userId: null },
      to: { kind: 'player', userId },
      amountFen: fen,
      typeCode: 401,
      userId,
    });
  }
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return { userName, userId, api };
}

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });
const envelopes = (page: Page) => log(page).getByRole('button', { name: /^红包：/ });
const connected = (page: Page) =>
  expect.poll(() => page.locator('[data-socket="open"]').count(), { timeout: 15_000 }).toBe(1);
const SHOTS = process.env.ENVELOPE_SHOTS;
/** once the dialog's pop-in (and any other animation) has finished */
const shot = (page: Page, name: string) =>
  SHOTS
    ? page
        .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
        .then(() => page.screenshot({ path: `${SHOTS}/${name}.png` }))
        .then(() => {})
    : Promise.resolve();

async function enter(b: Browser, userName: string, roomCode: string) {
  await logIn(b, userName, PASSWORD);
  await b.page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
  await connected(b.page);
}

/** Opens the room's only envelope in `b`'s page; answers the amount got (yuan text). */
async function grab(b: Browser, name: string): Promise<string> {
  await envelopes(b.page).first().click();
  const dialog = b.page.getByRole('dialog');
  await dialog.getByRole('button', { name: '开红包' }).waitFor({ timeout: 15_000 });
  await shot(b.page, `open-${name}`);
  await dialog.getByRole('button', { name: '开红包' }).click();
  const got = dialog.getByTestId('envelope-got');
  await got.waitFor({ timeout: 15_000 });
  await shot(b.page, `opened-${name}`);
  return /([\d.]+)元/.exec((await got.textContent()) ?? '')![1]!;
}

describe('red envelopes in a chat room', () => {
  it('a random envelope sent from the footer is opened by two players whose shares add up to the total', async () => {
    const roomCode = await makeRoom();
    const a = await player(100_000);
    const b = await player();
    const c = await player();
    const [pa, pb, pc] = [await fx.browser(), await fx.browser(), await fx.browser()];
    await enter(pb, b.userName, roomCode);
    await enter(pc, c.userName, roomCode);
    // the envelope dialogs are a late chunk: not part of the room's first load, fetched on the first tap
    const scripts: string[] = [];
    pa.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await enter(pa, a.userName, roomCode);
    expect(scripts.some((x) => x.includes('EnvelopeDialogs'))).toBe(false);

    await pa.page.getByRole('button', { name: '发红包' }).click();
    const form = pa.page.getByRole('form', { name: '发红包' });
    await form.waitFor({ timeout: 15_000 });
    expect(scripts.some((x) => x.includes('EnvelopeDialogs'))).toBe(true);
    await expect
      .poll(() => pa.page.getByTestId('send-limits').textContent(), { timeout: 10_000 })
      .toContain('今日剩余额度');
    await form.getByLabel('红包个数').fill('2');
    await form.getByLabel('总金额（元）').fill('10');
    await expect.poll(() => pa.page.getByTestId('send-total').textContent()).toContain('¥10.00');
    await shot(pa.page, 'send-dialog');
    await form.getByRole('button', { name: '塞钱进红包' }).click();
    const popup = pa.page.getByRole('dialog', { name: '请输入资金密码' });
    await popup.getByRole('textbox', { name: '资金密码' }).fill(SAFETY);
    await popup.getByRole('button', { name: '发红包' }).click();
    await expect.poll(() => pa.page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => envelopes(pa.page).count(), { timeout: 10_000 }).toBe(1);
    expect(await playerBalance(fx.sql, a.userId)).toBe(100_000 - 1000);

    // the live push shows the envelope unread to the others
    for (const p of [pb, pc]) {
      await expect.poll(() => envelopes(p.page).count(), { timeout: 10_000 }).toBe(1);
      expect(await envelopes(p.page).first().getAttribute('data-envelope-read')).toBe('0');
      expect(await envelopes(p.page).first().getAttribute('aria-label')).toContain('未领取');
    }
    const gotB = await grab(pb, 'b');
    const gotC = await grab(pc, 'c');
    expect(parseYuanToFen(gotB)! + parseYuanToFen(gotC)!).toBe(1000);
    expect(await playerBalance(fx.sql, b.userId)).toBe(parseYuanToFen(gotB));
    expect(await playerBalance(fx.sql, c.userId)).toBe(parseYuanToFen(gotC));

    // the detail list: both shares, the total, the best luck once all are taken
    await pc.page.getByRole('button', { name: '查看领取详情 ›' }).click();
    await expect
      .poll(() => pc.page.getByTestId('detail-summary').textContent(), { timeout: 10_000 })
      .toContain('已领取2/2个，共10.00/10.00元');
    const rows = pc.page.getByRole('list', { name: '领取记录' }).getByRole('listitem');
    expect(await rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    const amounts = (
      await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-amount') ?? ''))
    ).map((t) => parseYuanToFen(t)!);
    expect(amounts.reduce((x, y) => x + y, 0)).toBe(1000);
    if (gotB !== gotC) expect(texts.filter((t) => t.includes('手气最佳'))).toHaveLength(1);
    await shot(pc.page, 'detail');
    await pc.page.getByRole('button', { name: '关闭' }).click();
    // the card says received, with the amount
    await expect
      .poll(() => envelopes(pb.page).first().getAttribute('aria-label'))
      .toContain(`已领取，${gotB}元`);
  });

  it('an envelope past its 12 hours is refunded by the job and shows 已退回', async () => {
    const roomCode = await makeRoom();
    const a = await player(100_000);
    const res = await a.api.call<{ message: string }>('POST', '/v1/chat/addMessage', {
      roomCode,
      messageTypeId: 3,
      status: 0,
      userIds: '',
      message: JSON.stringify({ num: 3, type: 1, amount: '5.00', wishingRemark: '过期测试' }),
      safetyPassword: safetyPasswordHash(a.userName, SAFETY),
      requestId: crypto.randomUUID().replace(/-/g, ''),
    });
    expect(res.code, res.msg).toBe(1);
    const recordId = (JSON.parse(res.data.message) as { recordId: string }).recordId;
    expect(await playerBalance(fx.sql, a.userId)).toBe(100_000 - 1500);
    await fx.sql`update red_envelopes set expires_at = now() - interval '1 minute' where record_code = ${recordId}`;
    await refundDue(fx.sql, Date.now());
    expect(await playerBalance(fx.sql, a.userId)).toBe(100_000);

    const other = await player();
    const p = await fx.browser();
    await enter(p, other.userName, roomCode);
    await expect.poll(() => envelopes(p.page).count(), { timeout: 10_000 }).toBe(1);
    expect(await envelopes(p.page).first().getAttribute('aria-label')).toContain('已退回');
    await envelopes(p.page).first().click();
    const dialog = p.page.getByRole('dialog');
    await dialog.getByRole('status').waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('button', { name: '开红包' }).count()).toBe(0);
    await shot(p.page, 'refunded');
    expect(await playerBalance(fx.sql, other.userId)).toBe(0);
  });
});
