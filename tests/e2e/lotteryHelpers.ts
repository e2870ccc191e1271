/**
 * Shared steps of the betting, chase and long-dragon end-to-end tests: a funded player of its own,
 * waiting for an issue with enough sale time left, drawing and settling an issue now (the test
 * servers' test-only draw, src/server/lottery/testDrawRoutes.ts, instead of waiting for its draw
 * time), and the expected payout of a settled bet computed independently with the domain (not read
 * back from the server).
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { OPERATOR, newUserName } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import type { Sql } from '../../src/server/db/client.ts';
import {
  DEFAULT_RULE_FLAGS,
  getPlay,
  parseDraw,
  parseSelection,
  settleTicket,
  type BetUnit,
  type LotteryFamily,
  type RuleFlags,
} from '../../src/domain/lottery/index.ts';
import { parseYuanToFen } from '../../src/domain/money.ts';
import { TEST_DRAW_PATH } from '../../src/server/lottery/testDrawRoutes.ts';

export const PASSWORD = 'player123';
export const SSC_1MIN = '1008';

/** Wire yuan ("12.50", or a number once settled) → fen. */
export function fenOf(v: string | number): number {
  const fen = parseYuanToFen(typeof v === 'number' ? v.toFixed(2) : v);
  if (fen === null) throw new Error(`not a yuan amount: ${String(v)}`);
  return fen;
}

/** An API client that fails the test on any refusal and returns `data`. */
export async function must<T>(
  api: ApiClient,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const res = await api.call<T>(method, path, params);
  expect(res.code, `${method} ${path} ${JSON.stringify(params)} → ${res.msg}`).toBe(1);
  return res.data;
}

let operator: ApiClient | null = null;
async function operatorClient(): Promise<ApiClient> {
  if (!operator) {
    const c = new ApiClient(baseUrl());
    await c.login(OPERATOR.userName, OPERATOR.password);
    operator = c;
  }
  return operator;
}

export interface Player {
  userName: string;
  api: ApiClient;
}

/** A new player, credited `yuan` by the operator (POST /v1/admin/balance/adjust), logged in through the API. */
export async function fundedPlayer(sql: Sql, yuan: string): Promise<Player> {
  const userName = newUserName();
  await insertUserWithPassword(sql, userName, PASSWORD);
  const adjust = await must<{ balance: string }>(
    await operatorClient(),
    'POST',
    '/v1/admin/balance/adjust',
    {
      userName,
      amount: yuan,
      remark: 'e2e 投注测试资金',
      requestId: `e2e-${crypto.randomBytes(8).toString('hex')}`,
    },
  );
  expect(adjust.balance).toBe(yuan);
  const api = new ApiClient(baseUrl());
  await api.login(userName, PASSWORD);
  return { userName, api };
}

export async function balanceFen(api: ApiClient): Promise<number> {
  const b = await must<{ balance: string; balanceFen: number }>(
    api,
    'GET',
    '/v1/balance/queryBalanceFront',
  );
  expect(fenOf(b.balance)).toBe(b.balanceFen);
  return b.balanceFen;
}

export interface NextIssue {
  issue: string | null;
  closeTime: number;
  openTime: number;
  serverTime: number;
}

export const nextIssue = (api: ApiClient, lotteryCode: string) =>
  must<NextIssue>(api, 'GET', '/v1/betting/nextIssueOpenData', { lotteryCode });

/**
 * Waits until the issue on sale has at least `minMs` before its sale closes (a bet started later
 * could meet the boundary) and returns it.
 *
 * It waits for the schedule rather than closing the short issue now with drawNow: a game page
 * already open keeps counting down the issue it was given (an issue never closes early outside
 * the tests), so after an early close it showed the old issue past the caller's wait (chase and
 * new-plays failed so in a fresh-clone run on 2026-11-28). Waiting is the test suite's remaining
 * wall-clock wait, up to one issue long.
 */
export async function saleWindow(
  api: ApiClient,
  lotteryCode: string,
  minMs: number,
  timeoutMs = 80_000,
): Promise<NextIssue & { issue: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await nextIssue(api, lotteryCode);
    const left = d.closeTime - d.serverTime;
    if (d.issue && left >= minMs) return d as NextIssue & { issue: string };
    if (Date.now() > until)
      throw new Error(
        `no issue of ${lotteryCode} with ${minMs} ms of sale left (last ${d.issue}, ${left} ms)`,
      );
    // past the close the server rolls over at the draw; ask again shortly after
    await new Promise((r) => setTimeout(r, Math.max(1000, Math.min(left + 1500, 5000))));
  }
}

/** Bet row of the wire (docs/lottery-design.md). */
export interface BetRow {
  id: number;
  orderNo: string;
  lotteryCode: string;
  lotteryName: string;
  issue: string;
  playDetailCode: string;
  bettingNumber: string;
  bettingCount: number;
  bettingAmount: string;
  bettingPoint: number;
  bettingUnit: number | string;
  graduationCount: number;
  status: string;
  statusText: string;
  returnAmount: number | string;
  openNumber: string;
  chaseId: number | null;
}
export interface BetDetail extends BetRow {
  winDetail: unknown;
  seedHash: string | null;
  rebate: string | number | null;
}

export const SETTLED = ['WON', 'LOST', 'TIE_REFUND'];

export interface DrawnNow {
  lotteryCode: string;
  issue: string;
  openNumber: string | null;
  status: string;
}

/**
 * Closes the issue (default: the one on sale) of a self-run lottery now, draws it from its seed and
 * settles it, as the scheduler does at the draw time (the e2e server runs with SITE_TEST_HOOKS=1).
 * nextIssueOpenData then names the next issue, so the next bet on that lottery need not wait.
 */
export async function drawNow(lotteryCode: string, issue?: string): Promise<DrawnNow> {
  return must<DrawnNow>(
    await operatorClient(),
    'POST',
    TEST_DRAW_PATH,
    issue ? { lotteryCode, issue } : { lotteryCode },
  );
}

/**
 * Draws and settles the bet's issue now (drawNow settles before it answers), then reads the bet
 * back settled. drawNow is idempotent: asked again it only re-settles, for an issue the scheduler
 * was drawing at the same moment.
 */
export async function waitSettled(api: ApiClient, id: number): Promise<BetDetail> {
  for (let tries = 0; ; tries++) {
    const d = await must<BetDetail>(api, 'GET', '/v1/betting/getBetDetail', { id });
    if (SETTLED.includes(d.status)) return d;
    if (tries >= 3)
      throw new Error(`bet ${id} (issue ${d.issue}) not settled by drawNow: ${d.status}`);
    await drawNow(d.lotteryCode, d.issue);
  }
}

const UNITS: Record<string, BetUnit> = { '1': 'yuan', '0.1': 'jiao', '0.01': 'fen' };

/** The account's prize group on a family (getBetRebate). */
export async function userGroupOf(api: ApiClient, family: LotteryFamily): Promise<number> {
  return (
    await must<{ prizeGroup: number }>(api, 'GET', '/v1/betting/getBetRebate', {
      lotteryType: family,
    })
  ).prizeGroup;
}

/** The lottery's rule flags as settlement sees them (defaults + the row's overrides). */
export async function ruleFlagsOf(sql: Sql, lotteryCode: string): Promise<RuleFlags> {
  const [row] = await sql<
    { rule_flags: Partial<RuleFlags> }[]
  >`select rule_flags from lotteries where code = ${lotteryCode}`;
  return { ...DEFAULT_RULE_FLAGS, ...(row?.rule_flags ?? {}) };
}

/**
 * What a settled prize-group bet must pay, from its own fields and the draw alone: the domain's
 * settlement at the bet group (the account's group − 2 × rebate ‰) and the bettor's rebate
 * stake × (userGroup − betGroup) / 2000, rounded down.
 */
export function expectedSettlement(
  bet: BetRow,
  family: LotteryFamily,
  userGroup: number,
  flags: RuleFlags,
) {
  const play = getPlay(family, bet.playDetailCode.slice(bet.lotteryCode.length));
  if (!play) throw new Error(`unknown play ${bet.playDetailCode}`);
  const sel = parseSelection(play, bet.bettingNumber);
  const draw = parseDraw(family, bet.openNumber);
  if (!sel || !draw) throw new Error(`cannot parse ${bet.bettingNumber} / ${bet.openNumber}`);
  const unit = UNITS[String(bet.bettingUnit)];
  if (!unit) throw new Error(`unknown unit ${String(bet.bettingUnit)}`);
  const amountFen = fenOf(bet.bettingAmount);
  const betGroup = userGroup - 2 * Math.round(bet.bettingPoint * 10);
  const s = settleTicket(play, sel, draw, flags, {
    unit,
    multiple: bet.graduationCount,
    lines: bet.bettingCount,
    amountFen,
    betGroup,
    odds: null,
  });
  const rebateFen = Math.floor(((amountFen - s.refundFen) * (userGroup - betGroup)) / 2000);
  return { status: s.status, payoutFen: s.payoutFen, rebateFen };
}

/** The balance shown on the betting page ("余额：12.50元"), in fen; null while unknown. */
export async function pageBalanceFen(page: Page): Promise<number | null> {
  const text = await page
    .getByText(/^余额：/)
    .first()
    .textContent();
  const m = /余额：\s*([\d.]+)元/.exec(text ?? '');
  return m ? fenOf(m[1]!) : null;
}

/** The betting page's bottom bar quote ("共3注，6.00元"). */
export const quoteOf = (page: Page) => page.getByTestId('bet-quote');

/** Picks a play on the betting page: its group, then the play. */
export async function choosePlay(page: Page, group: string, play: string): Promise<void> {
  for (const button of [
    page.getByRole('group', { name: '玩法分组' }).getByRole('button', { name: group, exact: true }),
    page
      .getByRole('group', { name: `${group}玩法` })
      .getByRole('button', { name: play, exact: true }),
  ]) {
    // the strips scroll sideways: bring the tab to the middle, as a thumb would, clear of the
    // floating toolbar's button at the screen's right edge
    await button.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'center' }));
    await button.click();
  }
}
