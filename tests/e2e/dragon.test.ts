/**
 * 长龙助手 (/longDragon) in real Chromium against the real server. A streak is made the way the
 * server would have drawn it: the six issues of 五分时时彩 (1009) before the one on sale get seeds
 * whose provably fair draws are 小, then 大 ×5 for the sum, so the helper lists 和 大 连开5期.
 * The §5 messages come first (nothing selected, no amount); then a side and an amount bet it:
 * 投注成功, the balance drops by the amount, the bet is in 我的投注 and in getBetting, staked as a
 * long-dragon bet (ledger type 304).
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  balanceFen,
  fundedPlayer,
  must,
  saleWindow,
  type BetRow,
} from './lotteryHelpers.ts';
import { issuesBetween } from '../../src/domain/lottery/index.ts';
import { drawFromSeedHex, seedHashOf } from '../../src/server/lottery/draw.ts';
import { ensureIssueRows } from '../../src/server/lottery/issues.ts';
import { requireLottery } from '../../src/server/lottery/lotteries.ts';

const SSC_5MIN = '1009';
const NAME = '五分时时彩';
/** SSC sum of the five digits: 大 from 23 (lottery-rules §3.5). */
const BIG_FROM = 23;

const fx = e2eFixture();

/** A fresh seed whose draw is big (or small) for the sum, with its result text. */
function seedFor(big: boolean): { seed: string; seedHash: string; result: string } {
  for (;;) {
    const seed = crypto.randomBytes(32).toString('hex');
    const result = drawFromSeedHex('SSC', seed);
    const total = result.split(',').reduce((s, d) => s + Number(d), 0);
    if (total >= BIG_FROM === big) return { seed, seedHash: seedHashOf(seed), result };
  }
}

/** The six issues drawn before `onSaleDrawMs` become drawn and settled: 小, then 大 five times. */
async function makeBigStreak(onSaleDrawMs: number): Promise<string[]> {
  const lottery = await requireLottery(fx.sql, SSC_5MIN);
  const intervalMs = 300_000;
  const before = issuesBetween(lottery.schedule, onSaleDrawMs - 8 * intervalMs, onSaleDrawMs - 1)
    .slice(-6)
    .map((i) => i.issue);
  expect(before).toHaveLength(6);
  await fx.sql.begin(async (tx) => {
    await ensureIssueRows(tx, lottery, before);
    for (const [i, issue] of before.entries()) {
      const s = seedFor(i > 0);
      await tx`
        update lottery_issues set seed = ${s.seed}, seed_hash = ${s.seedHash}, result = ${s.result}, status = 'settled',
          drawn_at = draw_at, settled_at = draw_at
        where lottery_code = ${SSC_5MIN} and issue = ${issue}`;
    }
  });
  return before;
}

interface DragonApiRow {
  lotteryCode: string;
  playCode: string;
  name: string;
  desc: string;
  times: number;
  currIssue: string;
  options: { label: string; bettingNumber: string; odds: number }[];
}

describe('long dragon', () => {
  it('lists a 5-issue 和大 streak, checks the §5 messages, and bets a side from /longDragon', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '200.00');
    const start = await balanceFen(api);
    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);

    const onSale = await saleWindow(api, SSC_5MIN, 90_000, 200_000);
    const streak = await makeBigStreak(onSale.openTime);
    const verify = await must<{ hashMatches: boolean; resultMatches: boolean }>(
      api,
      'GET',
      '/v1/lottery/verifyDraw',
      { lotteryCode: SSC_5MIN, issue: streak.at(-1)! },
    );
    expect(verify).toMatchObject({ hashMatches: true, resultMatches: true });

    const dragons = await must<{ list: DragonApiRow[] }>(api, 'GET', '/v1/lottery/longDragon', {
      type: 1,
    });
    const mine = dragons.list.find(
      (r) => r.lotteryCode === SSC_5MIN && r.name === '和' && r.desc === '大',
    );
    expect(mine).toMatchObject({ times: 5, currIssue: onSale.issue });
    expect(mine!.options.length).toBeGreaterThanOrEqual(2);

    await page.goto(`${b.baseUrl}/longDragon`);
    const row = page.getByRole('listitem', { name: `${NAME} 和大 连开5期` });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(`第${onSale.issue}期`);

    const form = page.getByRole('form', { name: '长龙投注' });
    const amount = form.getByLabel('每注金额（元）');
    const betButton = form.getByRole('button', { name: '投注', exact: true });
    await betButton.click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: 5_000 })
      .toBe('请选择一注号码投注');

    const side = row.getByRole('button').filter({ hasText: mine!.options[0]!.label });
    await side.click();
    await expect.poll(() => side.getAttribute('aria-pressed')).toBe('true');
    await betButton.click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: 5_000 })
      .toBe('投注金额不能为空');
    expect(await balanceFen(api)).toBe(start);

    await amount.fill('10');
    await betButton.click();
    const confirm = page.getByRole('dialog', { name: '确认投注 1 注，每注 10 元，共 10 元？' });
    await confirm.getByRole('button', { name: '确认投注', exact: true }).click();
    await expect
      .poll(() => page.getByText('投注成功', { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => side.getAttribute('aria-pressed')).toBe('false');
    expect(await balanceFen(api)).toBe(start - 1000);

    const bets = await must<{ list: BetRow[]; total: number }>(
      api,
      'GET',
      '/v1/betting/getBetting',
      { page: 1, pageSize: 10 },
    );
    expect(bets.total).toBe(1);
    const bet = bets.list[0]!;
    expect(bet).toMatchObject({
      lotteryCode: SSC_5MIN,
      issue: onSale.issue,
      playDetailCode: mine!.playCode,
      bettingNumber: mine!.options[0]!.bettingNumber,
      bettingCount: 1,
      bettingAmount: '10.00',
      graduationCount: 1,
      status: 'PENDING',
    });
    const [stored] = await fx.sql<
      { stake_type: number }[]
    >`select stake_type from bets where id = ${bet.id}`;
    expect(stored!.stake_type).toBe(304);
    const stake = await fx.sql<{ type_code: number; amount: string }[]>`
      select type_code, amount::text from transfers where transfer_id = ${`bet:${bet.id}`}`;
    expect(stake).toEqual([{ type_code: 304, amount: '1000' }]);

    await page.getByRole('tab', { name: '我的投注' }).click();
    const myBets = page
      .getByRole('tabpanel', { name: '我的投注' })
      .getByRole('list', { name: '投注记录' });
    await expect
      .poll(() => myBets.textContent(), { timeout: 15_000 })
      .toContain(`第${onSale.issue}期`);
    expect(await myBets.textContent()).toContain(NAME);
  }, 300_000);
});
