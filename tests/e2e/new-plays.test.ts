/**
 * Plays added for issue 11, one per family, bet in real Chromium against the real server: the player
 * picks the play from the menu, picks numbers (balls, labelled balls or 单式 entries), sees the bet
 * count and amount the domain gives for that selection, bets the issue on sale, and finds the bet in
 * the server's list and on the 投注记录 page under the play's name.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, e2eFixture } from './browser.ts';
import {
  PASSWORD,
  choosePlay,
  fundedPlayer,
  must,
  pageBalanceFen,
  quoteOf,
  saleWindow,
  type BetRow,
} from './lotteryHelpers.ts';
import {
  formatSelection,
  getPlay,
  parseSelection,
  quoteBet,
  type LotteryFamily,
} from '../../src/domain/lottery/index.ts';
import { formatFen } from '../../src/domain/money.ts';

const fx = e2eFixture();

interface NewPlay {
  family: LotteryFamily;
  lotteryCode: string;
  lotteryName: string;
  playCode: string;
  group: string;
  name: string;
  /** the selection in the domain's text, as the player's picks below make it */
  selection: string;
  pick(page: Page): Promise<void>;
}

const balls = (names: string[]) => async (page: Page) => {
  for (const name of names) await page.getByRole('button', { name, exact: true }).click();
};

const NEW_PLAYS: NewPlay[] = [
  {
    family: 'SSC',
    lotteryCode: '1008',
    lotteryName: '极速时时彩',
    playCode: 'WX_BDW1',
    group: '不定位',
    name: '五星一码不定位',
    selection: '3 7',
    pick: balls(['号码 3', '号码 7']),
  },
  {
    family: 'SYX5',
    lotteryCode: '1105',
    lotteryName: '极速11选5',
    playCode: 'RX2_DS',
    group: '任选单式',
    name: '任选二中二单式',
    selection: '01 02,03 11',
    pick: async (page) => {
      await page.getByLabel('单式号码', { exact: true }).fill('01 02\n03 11');
    },
  },
  {
    family: 'PK10',
    lotteryCode: '1304',
    lotteryName: '极速赛车',
    playCode: 'QE_AW',
    group: '猜前二',
    name: '猜前二按位',
    selection: '04,09',
    pick: balls(['冠军 04', '亚军 09']),
  },
  {
    family: 'K3',
    lotteryCode: '1407',
    lotteryName: '极速快3',
    playCode: 'SLHDX',
    group: '三连号',
    name: '三连号单选',
    selection: '123 345',
    pick: balls(['三连号 123', '三连号 345']),
  },
];

/** The count and amount the domain gives the selection (unit 元, ×1, no rebate), and its wire text. */
function expected(p: NewPlay, userGroup: number) {
  const play = getPlay(p.family, p.playCode);
  if (!play) throw new Error(`no play ${p.family} ${p.playCode}`);
  const sel = parseSelection(play, p.selection);
  if (!sel) throw new Error(`cannot parse ${p.selection} for ${p.playCode}`);
  const q = quoteBet(play, sel, { unit: 'yuan', multiple: 1, userGroup, rebatePermille: 0 });
  if (!q.ok) throw new Error(`${p.playCode}: ${q.msg}`);
  return {
    lines: q.lines,
    amount: formatFen(q.amountFen),
    bettingNumber: formatSelection(play, sel),
  };
}

describe('new plays of issue 11 in the browser', () => {
  it.each(NEW_PLAYS)(
    '$family $name: picked from the menu, quoted, bet and listed',
    async (p) => {
      const { userName, api } = await fundedPlayer(fx.sql, '100.00');
      const { prizeGroup } = await must<{ prizeGroup: number }>(
        api,
        'GET',
        '/v1/betting/getBetRebate',
        { lotteryType: p.family },
      );
      const want = expected(p, prizeGroup);

      const b = await fx.browser();
      const page = b.page;
      await logIn(b, userName, PASSWORD);
      await page.goto(`${b.baseUrl}/lottery/${p.family}/${p.lotteryCode}`);
      await expect.poll(() => pageBalanceFen(page), { timeout: 15_000 }).toBe(10_000);
      await choosePlay(page, p.group, p.name);
      await p.pick(page);
      await expect
        .poll(() => quoteOf(page).textContent())
        .toBe(`共${want.lines}注，${want.amount}元`);

      // not too close to the sale close: wait until the page shows an issue with time to bet
      const onSale = await saleWindow(api, p.lotteryCode, 20_000);
      await expect
        .poll(() => page.getByRole('region', { name: '期号与开奖' }).textContent(), {
          timeout: 15_000,
        })
        .toContain(`第${onSale.issue}期`);
      await page.getByRole('button', { name: '立即投注', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: '确认投注' });
      await expect
        .poll(() => confirm.textContent())
        .toContain(`${p.lotteryName} 第${onSale.issue}期`);
      await confirm.getByRole('button', { name: '确认投注', exact: true }).click();
      await expect
        .poll(() => page.getByRole('dialog', { name: '投注成功' }).textContent(), {
          timeout: 15_000,
        })
        .toContain(`第${onSale.issue}期投注了${want.lines}注，共${want.amount}元`);

      const list = await must<{ list: BetRow[]; total: number }>(
        api,
        'GET',
        '/v1/betting/getBetting',
        { lotteryCode: p.lotteryCode, page: 1, pageSize: 10 },
      );
      expect(list.total).toBe(1);
      expect(list.list[0]).toMatchObject({
        issue: onSale.issue,
        playDetailCode: `${p.lotteryCode}${p.playCode}`,
        bettingNumber: want.bettingNumber,
        bettingCount: want.lines,
        bettingAmount: want.amount,
        status: 'PENDING',
      });

      await page.goto(`${b.baseUrl}/betRecord`);
      const row = page
        .getByRole('list', { name: '投注记录' })
        .getByRole('link')
        .filter({ hasText: `第${onSale.issue}期` });
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(p.name);
      expect(await row.textContent()).toContain(p.lotteryName);
    },
    150_000,
  );
});
