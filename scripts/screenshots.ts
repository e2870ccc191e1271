/**
 * `npm run screenshots`: the real server on a temp data dir, 360x740 screenshots in Chromium
 * of the main screens into docs/screenshots/*.png (used by the README), then the server stops.
 * Needs the built site (`npx vite build`, or `npm start` once); DIST_DIR picks another build dir.
 *
 * The lottery screens need history: the last 30 issues of every self-run game are opened in the
 * past (the rows the server would have opened had it been running, each with its own seed), and
 * the server's scheduler draws and settles them itself, as it catches up after a downtime. The
 * demo player then bets on 极速时时彩 through the betting page; the bet record, detail and draw
 * check are taken once the scheduler has drawn and settled that bet (about a minute), and with them the
 * wallet and records screens (recharge, withdraw, cards, virtual wallet, pledges, bill records, the
 * day's profit and loss), so the bill record shows the bet and its prize.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DEMO_PLAYER,
  OPERATOR,
  submitLogin,
} from '../tests/e2e/browser.ts';
import { ApiClient } from '../tests/e2e/api.ts';
import { SSC_1MIN, choosePlay, quoteOf } from '../tests/e2e/lotteryHelpers.ts';
import { loadConfig } from '../src/server/config.ts';
import { issuesBetween } from '../src/domain/lottery/index.ts';
import { ensureIssueRows } from '../src/server/lottery/issues.ts';
import { listLotteries } from '../src/server/lottery/lotteries.ts';
import type { Sql } from '../src/server/db/client.ts';
import { startTempServer } from './tempServer.ts';
import { agentAndContentShots } from './shotsAgentsContent.ts';
import { chatShots } from './shotsChat.ts';
import { DESKTOP, must, PHONE, sleep, waitText, type Login, type Shot } from './shotsKit.ts';

const OUT_DIR = path.resolve('docs', 'screenshots');
const HISTORY = 30;
/** A toast shows for 2.5 s (src/client/ui/overlay.tsx). */
const TOAST_MS = 2700;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // Let lazy chunks render and entry animations finish.
  await page.waitForTimeout(600);
}

async function save(page: Page, name: string, label: string) {
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`${label.padEnd(28)} → ${path.relative(process.cwd(), file)}`);
}

/** A fresh browser profile (no shared cookies or service worker), logged in when `as` is given. */
async function openPage(
  baseUrl: string,
  profileRoot: string,
  as?: Login,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(profileRoot, 'p-')),
    {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      locale: 'zh-CN',
    },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  if (as) {
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, as.userName, as.password);
    await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  }
  return { context, page };
}

async function capture(baseUrl: string, shot: Shot, profileRoot: string) {
  const { context, page } = await openPage(baseUrl, profileRoot, shot.as, shot.viewport);
  try {
    await page.goto(baseUrl + shot.path);
    await settle(page);
    if (shot.prepare) {
      await shot.prepare(page);
      await settle(page);
    }
    await save(page, shot.name, shot.path);
  } finally {
    await context.close();
  }
}

/** Opens the last HISTORY issues of every self-run game in the past; resolves once the scheduler drew them. */
async function openHistory(sql: Sql) {
  const now = Date.now();
  let want = 0;
  for (const lottery of await listLotteries(sql)) {
    if (!lottery.enabled || lottery.source !== 'self') continue;
    const past = issuesBetween(lottery.schedule, now - 6 * 3600_000, now - 2000).slice(-HISTORY);
    await ensureIssueRows(
      sql,
      lottery,
      past.map((i) => i.issue),
    );
    want += past.length;
  }
  const until = Date.now() + 60_000;
  for (;;) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from lottery_issues where status = 'settled' and draw_at <= ${new Date(now)}`;
    if (row!.n >= want) return;
    if (Date.now() > until)
      throw new Error(`the scheduler settled ${row!.n} of ${want} past issues in 60 s`);
    await sleep(1000);
  }
}

/** Waits until 1008's issue on sale has 25 s of sale left, so the bet below cannot meet the close. */
async function saleWindow(api: ApiClient): Promise<string> {
  const until = Date.now() + 90_000;
  for (;;) {
    const d = await must<{ issue: string | null; closeTime: number; serverTime: number }>(
      api,
      'GET',
      '/v1/betting/nextIssueOpenData',
      { lotteryCode: SSC_1MIN },
    );
    const left = d.closeTime - d.serverTime;
    if (d.issue && left >= 25_000) return d.issue;
    if (Date.now() > until) throw new Error('no issue of 1008 with 25 s of sale left');
    await sleep(Math.max(1000, Math.min(left + 1500, 5000)));
  }
}

/**
 * The betting page with 定位胆 numbers picked, the bet slip and the confirm dialog, then the bet
 * placed; returns the issue it went on.
 */
async function betThroughPage(
  baseUrl: string,
  profileRoot: string,
  api: ApiClient,
): Promise<string> {
  const { context, page } = await openPage(baseUrl, profileRoot, DEMO_PLAYER);
  try {
    await page.goto(`${baseUrl}/lottery/SSC/${SSC_1MIN}`);
    await settle(page);
    await choosePlay(page, '定位胆', '定位胆');
    const issue = await saleWindow(api);
    const issueBar = page.getByRole('region', { name: '期号与开奖' });
    await waitText(() => issueBar.textContent(), `第${issue}期`);
    for (const n of ['1', '3', '5'])
      await page.getByRole('button', { name: `万位 ${n}`, exact: true }).click();
    for (const n of ['2', '8'])
      await page.getByRole('button', { name: `千位 ${n}`, exact: true }).click();
    await waitText(() => quoteOf(page).textContent(), '共5注，10.00元');
    // The issue bar and play picker in view, and the toasts (2.5 s) gone.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(TOAST_MS);
    await save(page, 'lottery', `/lottery/SSC/${SSC_1MIN} 选号`);

    await page.getByRole('button', { name: '加入号码篮', exact: true }).click();
    await page.waitForTimeout(TOAST_MS);
    await page.getByRole('button', { name: '号码篮(1)', exact: true }).click();
    const slip = page.getByRole('dialog', { name: '号码篮（1）' });
    await waitText(() => slip.textContent(), '1 3 5');
    await settle(page);
    await save(page, 'betSlip', '号码篮');

    await slip.getByRole('button', { name: '确认投注', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '确认投注' });
    await waitText(() => confirm.textContent(), `第${issue}期`);
    await settle(page);
    await save(page, 'betConfirm', '确认投注');

    await confirm.getByRole('button', { name: '确认投注', exact: true }).click();
    const success = page.getByRole('dialog', { name: '投注成功' });
    await waitText(() => success.textContent(), `第${issue}期投注了5注，共10.00元`);
    await settle(page);
    await save(page, 'betSuccess', '投注成功');
    return issue;
  } finally {
    await context.close();
  }
}

/** The demo player's bet on `issue`, once the scheduler has drawn and settled it. */
async function settledBet(api: ApiClient, issue: string): Promise<{ id: number }> {
  const until = Date.now() + 150_000;
  for (;;) {
    const list = await must<{ list: { id: number; issue: string; status: string }[] }>(
      api,
      'GET',
      '/v1/betting/getBetting',
      { lotteryCode: SSC_1MIN, page: 1, pageSize: 10 },
    );
    const bet = list.list.find((b) => b.issue === issue);
    if (!bet) throw new Error(`the bet on ${issue} is not in the record`);
    if (['WON', 'LOST', 'TIE_REFUND'].includes(bet.status)) return bet;
    if (Date.now() > until)
      throw new Error(`the bet on ${issue} is not settled after 150 s: ${bet.status}`);
    await sleep(2000);
  }
}

const STATIC_SHOTS: Shot[] = [
  { name: 'index', path: '/index' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'personalInfo', path: '/personalInfo', as: DEMO_PLAYER },
  { name: 'securityCenter', path: '/securityCenter', as: DEMO_PLAYER },
  { name: 'admin', path: '/admin', as: OPERATOR },
  {
    name: 'adminLottery',
    path: '/admin',
    as: OPERATOR,
    prepare: (page) => page.getByRole('tab', { name: '彩票管理' }).click(),
  },
  { name: 'adminConsole', path: '/admin', as: OPERATOR, viewport: DESKTOP },
  // a visitor's /chatRoom: the way to log in and the demo's guest room
  { name: 'chatGuestRooms', path: '/chatRoom' },
  { name: 'lotteryHall', path: '/lotteryHall', as: DEMO_PLAYER },
  { name: 'trendChart', path: `/trendChart/${SSC_1MIN}`, as: DEMO_PLAYER },
  { name: 'longDragon', path: '/longDragon', as: DEMO_PLAYER },
  { name: 'rebateDes', path: '/rebateDes', as: DEMO_PLAYER },
  {
    // The installed app opened with no network: the shell from the cache, one offline banner.
    name: 'offline',
    path: '/lotteryHall?key=SSC',
    as: DEMO_PLAYER,
    prepare: async (page) => {
      // the service worker must control the page before the network goes (as in tests/e2e/offline.test.ts)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
        timeout: 15_000,
      });
      await page.getByText('极速时时彩').first().waitFor({ timeout: 20_000 });
      await page.context().setOffline(true);
      await page.reload();
      await page.getByText('离线内容，可能不是最新').waitFor({ timeout: 15_000 });
    },
  },
];

/** The wallet and records screens of issue 4, taken after the demo bet settled (so /billRecord has its rows). */
const WALLET_SHOTS: Shot[] = [
  { name: 'rechargeBank', path: '/recharge/banktransfer', as: DEMO_PLAYER },
  { name: 'withdraw', path: '/withdraw', as: DEMO_PLAYER },
  { name: 'bankCard', path: '/bankCard', as: DEMO_PLAYER },
  { name: 'accountTotal', path: '/accountTotal', as: DEMO_PLAYER },
  { name: 'pledgeShop', path: '/pledgeShop', as: DEMO_PLAYER },
  { name: 'billRecord', path: '/billRecord', as: DEMO_PLAYER },
  {
    name: 'billDetail',
    path: '/billRecord',
    as: DEMO_PLAYER,
    prepare: (page) =>
      page.getByRole('list', { name: '账变记录' }).getByRole('button').first().click(),
  },
  { name: 'plStatement', path: '/PLstatement', as: DEMO_PLAYER },
];

/** Two recharge orders of the demo player waiting for review, for the 充值审核 table. */
async function pendingRecharges(sql: Sql, player: ApiClient) {
  const sort = await must<{ list: { code: string }[] }>(
    player,
    'GET',
    '/v1/transaction/frontPaySort',
  );
  const [config] = await sql<{ id: number; channel: string }[]>`
    select id, channel from payment_configs where enabled and channel = any(${sort.list.map((c) => c.code)})
      and gateway_url = '' order by id limit 1`;
  for (const amount of ['100', '500']) {
    await must(player, 'POST', '/v1/transaction/rechargeFrontPaymentRecord', {
      channel: config!.channel,
      configId: config!.id,
      amount,
      requestId: crypto.randomUUID(),
    });
  }
}

/** The operator's lists at 1280 px: tables under their filter bars. */
const ADMIN_TABLE_SHOTS: Shot[] = [
  { name: 'adminRecharge', path: '/admin?s=recharge', as: OPERATOR, viewport: DESKTOP },
  { name: 'adminLedger', path: '/admin?s=ledger', as: OPERATOR, viewport: DESKTOP },
  { name: 'adminChatRooms', path: '/admin?s=chat', as: OPERATOR, viewport: DESKTOP },
  { name: 'adminAuditDesktop', path: '/admin?s=audit', as: OPERATOR, viewport: DESKTOP },
];

const { distDir } = loadConfig();
if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error(`${path.join(distDir, 'index.html')} is missing: run \`npx vite build\` first`);
  process.exit(1);
}
fs.mkdirSync(OUT_DIR, { recursive: true });
const profileRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shots-'));
const temp = await startTempServer();
try {
  await openHistory(temp.server.sql);
  const player = new ApiClient(temp.url);
  await player.login(DEMO_PLAYER.userName, DEMO_PLAYER.password);
  const issue = await betThroughPage(temp.url, profileRoot, player);
  // The other screens while the scheduler draws the bet's issue.
  for (const shot of STATIC_SHOTS) await capture(temp.url, shot, profileRoot);
  const bet = await settledBet(player, issue);
  const [demo] = await temp.server.sql<
    { id: number }[]
  >`select id from users where user_name = ${DEMO_PLAYER.userName}`;
  for (const shot of [
    // the operator's page of the demo player, once it has a settled bet and ledger rows
    { name: 'adminUser', path: `/admin/user/${demo!.id}`, as: OPERATOR, viewport: DESKTOP },
    { name: 'betRecord', path: '/betRecord', as: DEMO_PLAYER },
    { name: 'betDetail', path: `/betDetail?id=${bet.id}`, as: DEMO_PLAYER },
    {
      name: 'verifyDraw',
      path: `/verifyDraw?lotteryCode=${SSC_1MIN}&issue=${issue}`,
      as: DEMO_PLAYER,
    },
    ...WALLET_SHOTS,
  ])
    await capture(temp.url, shot, profileRoot);
  const operator = new ApiClient(temp.url);
  await operator.login(OPERATOR.userName, OPERATOR.password);
  for (const shot of await chatShots(operator, player, bet.id))
    await capture(temp.url, shot, profileRoot);
  for (const shot of await agentAndContentShots(temp.url, operator, new ApiClient(temp.url)))
    await capture(temp.url, shot, profileRoot);
  await pendingRecharges(temp.server.sql, player);
  for (const shot of ADMIN_TABLE_SHOTS) await capture(temp.url, shot, profileRoot);
  // The maintenance page, as a player sees it while the operator has the switch on.
  await operator.call('POST', '/v1/admin/site/status', { maintenance: 1 });
  await capture(temp.url, { name: 'maintain', path: '/maintain' }, profileRoot);
} finally {
  await temp.close();
  fs.rmSync(profileRoot, { recursive: true, force: true });
}
