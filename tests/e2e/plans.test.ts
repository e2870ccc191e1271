/**
 * Push plans in Chromium at 360 px against the real server and its job runner (issue 14): the operator
 * makes a plan on 极速快3 (1407, one draw a minute) posting into a fresh room; a player in the room sees
 * the plan card for the issue on sale (等待); after the scheduler draws the issue, the plan job resolves it
 * and the card shows 中 or 未中 and the win rate the server recounts from the stored draws.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import type { Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { e2eFixture, logIn, newUserName, OPERATOR } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { parseSelection } from '../../src/domain/lottery/selection.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { selectionWins } from '../../src/domain/plans/pick.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
const K3_1MIN = '1407';
let op: ApiClient;

beforeAll(async () => {
  op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
});

const log = (page: Page) => page.getByRole('log', { name: '聊天消息' });

describe('a push plan in a chat room', () => {
  it('posts on a fast game, resolves after the draw and its win rate updates in the card', async () => {
    const roomCode = `jh${Date.now().toString(36).slice(-6)}${crypto.randomInt(100)}`;
    expect(
      (
        await op.call('POST', '/v1/admin/chat/rooms/save', {
          roomCode,
          title: '计划房间',
          subTitle: '计划',
        })
      ).code,
    ).toBe(1);
    const userName = newUserName();
    await insertUserWithPassword(fx.sql, userName, PASSWORD);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/chatRoom/${roomCode}`);
    await expect
      .poll(() => page.locator('[data-socket="open"]').count(), { timeout: 15_000 })
      .toBe(1);

    // 15 of the 16 sums, hot over the last 10 draws: the left-out sum is a rarely drawn one
    const saved = await op.call('POST', '/v1/admin/plans/save', {
      name: '快三和值计划',
      lotteryCode: K3_1MIN,
      playDetailCode: 'HZ',
      rule: 'hot',
      windowSize: 10,
      pickCount: 15,
      roomCodes: roomCode,
    });
    expect(saved.msg).toBe('保存成功');
    const planId = (saved.data as { id: number }).id;

    const card = log(page).getByRole('region', { name: '推送计划：快三和值计划' }).first();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    const issue = (await card.getAttribute('data-plan-issue'))!;
    await expect
      .poll(() => card.getByTestId('plan-current').textContent(), { timeout: 10_000 })
      .toBe('等待');
    const [pred] = await fx.sql<
      { betting_number: string }[]
    >`select betting_number from push_plan_predictions where plan_id = ${planId} and issue = ${issue}`;
    expect(await card.textContent()).toContain(pred!.betting_number);

    // the draw (≤ 60 s), the plan job (2 s) and the card's refresh (15 s)
    await expect
      .poll(() => card.getByTestId('plan-current').textContent(), {
        timeout: 110_000,
        interval: 2_000,
      })
      .toMatch(/^(中|未中)$/);
    const [drawn] = await fx.sql<
      { result: string }[]
    >`select result from lottery_issues where lottery_code = ${K3_1MIN} and issue = ${issue}`;
    const play = getPlay('K3', 'HZ')!;
    const won = selectionWins(
      play,
      parseSelection(play, pred!.betting_number)!,
      drawn!.result.split(',').map(Number),
      DEFAULT_RULE_FLAGS,
    );
    expect(await card.getByTestId('plan-current').textContent()).toBe(won ? '中' : '未中');
    // recount from every stored prediction of the plan and its draw
    const rows = await fx.sql<{ betting_number: string; result: string | null }[]>`
      select p.betting_number, i.result from push_plan_predictions p join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue
      where p.plan_id = ${planId} and i.status in ('drawn', 'settled')`;
    const hits = rows.filter((r) =>
      selectionWins(
        play,
        parseSelection(play, r.betting_number)!,
        r.result!.split(',').map(Number),
        DEFAULT_RULE_FLAGS,
      ),
    ).length;
    await expect
      .poll(() => card.getByTestId('plan-total-rate').textContent(), {
        timeout: 20_000,
        interval: 2_000,
      })
      .toBe(`${((hits * 100) / rows.length).toFixed(2)}%`);

    // the history list, a row's action sheet and the plan record view
    await card.getByRole('button', { name: '历史计划' }).click();
    await page.getByRole('button', { name: new RegExp(`^第${issue}期`) }).click();
    await page.getByRole('menuitem', { name: '查看开奖记录' }).click();
    const record = page.getByTestId('plan-record');
    await expect.poll(() => record.textContent(), { timeout: 10_000 }).toContain(drawn!.result);
    expect(await record.textContent()).toContain('极速快3');
    await op.call('POST', '/v1/admin/plans/delete', { id: planId });
  }, 240_000);
});
