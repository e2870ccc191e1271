/**
 * A new LHC play in real Chromium against the real server: a funded player opens 极速六合彩 (1300),
 * picks 生肖 › 二连肖不中 with 鼠 牛 虎 (3 lines of two zodiacs) at 2 元 a line; the page shows the play's
 * rule and both tiers' odds, the quote, 投注成功 and the balance drop. The issue is drawn and settled
 * (now, by the test-only draw, as the scheduler would at its draw time); the status, payout and balance equal the domain's settlement of the ticket at the odds the
 * bet was placed with, under the zodiac year of the draw.
 */
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  balanceFen,
  choosePlay,
  fenOf,
  fundedPlayer,
  must,
  pageBalanceFen,
  quoteOf,
  saleWindow,
  waitSettled,
  type BetRow,
} from './lotteryHelpers.ts';
import {
  getPlay,
  ODDS_SCALE,
  parseDraw,
  parseSelection,
  settleTicket,
} from '../../src/domain/lottery/index.ts';
import { formatOdds } from '../../src/domain/lottery/formatOdds.ts';
import { requireLottery, ruleFlagsAt } from '../../src/server/lottery/lotteries.ts';

const fx = e2eFixture();
const LHC_1MIN = '1300';

describe('a new LHC play through the betting page', () => {
  it('bets 二连肖不中 on 极速六合彩 and settles it as the domain does', async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '100.00');
    const start = await balanceFen(api);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/LHC/${LHC_1MIN}`);
    await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(start);

    await choosePlay(page, '生肖', '二连肖不中');
    await expect
      .poll(() => page.getByText(/^生肖·二连肖不中：/).textContent())
      .toContain('一个都没有出现即中奖');
    const onSale = await saleWindow(api, LHC_1MIN, 25_000);
    await expect
      .poll(() => page.getByRole('region', { name: '期号与开奖' }).textContent(), {
        timeout: 15_000,
      })
      .toContain(`第${onSale.issue}期`);

    for (const z of ['鼠', '牛', '虎'])
      await page.getByRole('button', { name: `生肖 ${z}`, exact: true }).click();
    await page.getByLabel('每注金额(元)').fill('2');
    await expect.poll(() => quoteOf(page).textContent()).toBe('共3注，6.00元');
    const prizes = page.getByRole('list', { name: '奖金' });
    const tierTexts = await prizes.getByRole('listitem').allTextContents();
    expect(tierTexts.map((t) => t.replace(/[\d.]+$/, ''))).toEqual([
      '二连肖不中：赔率 ',
      '含本命肖：赔率 ',
    ]);

    await page.getByRole('button', { name: '立即投注', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '确认投注' });
    await expect.poll(() => confirm.textContent()).toContain(`极速六合彩 第${onSale.issue}期`);
    await confirm.getByRole('button', { name: '确认投注', exact: true }).click();
    const success = page.getByRole('dialog', { name: '投注成功' });
    await expect
      .poll(() => success.textContent(), { timeout: 15_000 })
      .toContain(`第${onSale.issue}期投注了3注，共6.00元`);
    await expect.poll(() => pageBalanceFen(page), { timeout: 10_000 }).toBe(start - 600);

    const list = await must<{ list: BetRow[]; total: number }>(
      api,
      'GET',
      '/v1/betting/getBetting',
      { lotteryCode: LHC_1MIN, page: 1, pageSize: 10 },
    );
    expect(list.total).toBe(1);
    const placed = list.list[0]!;
    expect(placed).toMatchObject({
      issue: onSale.issue,
      playDetailCode: `${LHC_1MIN}LXBZ2`,
      bettingNumber: '鼠 牛 虎',
      bettingCount: 3,
      bettingAmount: '6.00',
      status: 'PENDING',
    });
    const [stored] = await fx.sql<
      { odds: Record<string, number>; amount: string; bet_group: number }[]
    >`select odds, amount, bet_group from bets where id = ${placed.id}`;
    // the page showed the odds the bet was taken at (rebate 0: the account's own group)
    expect(tierTexts).toEqual([
      `二连肖不中：赔率 ${formatOdds(stored!.odds.normal! / ODDS_SCALE)}`,
      `含本命肖：赔率 ${formatOdds(stored!.odds.odd! / ODDS_SCALE)}`,
    ]);

    const bet = await waitSettled(api, placed.id);
    const play = getPlay('LHC', 'LXBZ2')!;
    const draw = parseDraw('LHC', bet.openNumber)!;
    const rows = (
      await must<{ list: { issue: string; openTime: number }[] }>(
        api,
        'GET',
        '/v1/betting/lotteryOpenData',
        { lotteryCode: LHC_1MIN, pageSize: 10 },
      )
    ).list;
    const openTime = rows.find((r) => r.issue === bet.issue)?.openTime ?? Date.now();
    const flags = ruleFlagsAt(await requireLottery(fx.sql, LHC_1MIN), openTime);
    const want = settleTicket(play, parseSelection(play, '鼠 牛 虎')!, draw, flags, {
      unit: 'yuan',
      multiple: 1,
      lines: 3,
      amountFen: Number(stored!.amount),
      betGroup: stored!.bet_group,
      odds: stored!.odds,
    });
    expect(bet.status).toBe(want.status);
    expect(fenOf(bet.returnAmount)).toBe(want.payoutFen);
    await expect.poll(() => balanceFen(api), { timeout: 5_000 }).toBe(start - 600 + want.payoutFen);
  }, 240_000);
});
