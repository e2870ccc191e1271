/**
 * The LHC result as players read it, in real Chromium at 360 px: 极速六合彩 (1300) draws every minute;
 * the game page's latest result shows each ball in its wave colour with its zodiac under it (checked
 * against the domain's colourOf / zodiacOf with the lunar year of the draw's date, as settlement does),
 * the 特码 after a '+', all on one row; the 历史开奖 sheet and the hall card draw it the same way within
 * 360 px, and the play hint shows odds to two decimals.
 */
import { describe, expect, it } from 'vitest';
import { logIn, e2eFixture } from './browser.ts';
import { drawNow, fundedPlayer, must, PASSWORD } from './lotteryHelpers.ts';
import { COLOURS, colourOf, ZODIACS, zodiacOf } from '../../src/domain/lottery/lhcAttrs.ts';
import { lunarYearAnimal } from '../../src/domain/lottery/schedule.ts';

const fx = e2eFixture();
const LHC_1MIN = '1300';

interface Row {
  issue: string;
  openNumber: string;
  openTime: number;
}

describe('LHC result looks', () => {
  it('shows wave colours and zodiacs of the domain, the 特码 apart, on one row', {
    timeout: 150_000,
  }, async () => {
    const { userName, api } = await fundedPlayer(fx.sql, '1.00');
    // a self-run game draws on its schedule: draw the issue on sale now if there is no result yet
    const rows = async () =>
      (
        await must<{ list: Row[] }>(api, 'GET', '/v1/betting/lotteryOpenData', {
          lotteryCode: LHC_1MIN,
          pageSize: 5,
        })
      ).list;
    if ((await rows()).length === 0) await drawNow(LHC_1MIN);
    expect((await rows()).length).toBeGreaterThan(0);

    const b = await fx.browser();
    const page = b.page;
    await logIn(b, userName, PASSWORD);
    await page.goto(`${b.baseUrl}/lottery/LHC/${LHC_1MIN}`);
    const bar = page.getByRole('region', { name: '期号与开奖' });
    const result = bar.getByRole('img', { name: /^开奖号码 / }).first();
    await result.waitFor({ timeout: 15_000 });

    // the page and the API agree on one issue (a new draw may land in between: ask again)
    let shown: {
      issue: string;
      balls: { ball: string; wave: string; zodiac: string; bg: string; top: number }[];
    } | null = null;
    let row: Row | undefined;
    await expect
      .poll(
        async () => {
          const issue = /第(\S+)期开奖/.exec((await bar.textContent()) ?? '')?.[1] ?? '';
          const balls = await result.locator('[data-wave]').evaluateAll((els) => {
            // the computed colour may be lab()/oklch(): a canvas pixel gives it as sRGB
            const ctx = document.createElement('canvas').getContext('2d')!;
            const rgb = (c: string) => {
              ctx.fillStyle = c;
              ctx.fillRect(0, 0, 1, 1);
              return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(',');
            };
            return els.map((e) => ({
              ball: e.getAttribute('data-ball') ?? '',
              wave: e.getAttribute('data-wave') ?? '',
              zodiac: e.getAttribute('data-zodiac') ?? '',
              bg: rgb(getComputedStyle(e.firstElementChild!).backgroundColor),
              top: Math.round(e.getBoundingClientRect().top),
            }));
          });
          row = (await rows()).find((r) => r.issue === issue);
          shown = { issue, balls };
          return row !== undefined && balls.map((x) => x.ball).join(',') === row.openNumber;
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    const drawn = row!;
    const year = lunarYearAnimal(drawn.openTime);
    const numbers = drawn.openNumber.split(',').map(Number);
    const s = shown!;
    expect(s.balls.map((x) => x.wave)).toEqual(numbers.map((n) => COLOURS[colourOf(n)]));
    expect(s.balls.map((x) => x.zodiac)).toEqual(numbers.map((n) => ZODIACS[zodiacOf(n, year)]));
    // the wave is the ball's real colour: red, blue or green dominates the background
    for (const [i, x] of s.balls.entries()) {
      const [r, g, bl] = x.bg.split(',').map(Number) as [number, number, number];
      const strongest = r > g && r > bl ? 0 : bl > g ? 1 : 2;
      expect(strongest, `ball ${x.ball} ${x.bg}`).toBe(colourOf(numbers[i]!));
    }
    // one row at 360 px, the 特码 after a '+'
    expect(new Set(s.balls.map((x) => x.top)).size).toBe(1);
    expect(await result.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    const label = await result.getAttribute('aria-label');
    expect(label).toContain(
      `特码 ${drawn.openNumber.split(',')[6]}${COLOURS[colourOf(numbers[6]!)]}波${ZODIACS[zodiacOf(numbers[6]!, year)]}`,
    );
    expect(
      await result
        .locator('[data-wave]')
        .nth(6)
        .evaluate((e) => e.previousElementSibling?.textContent),
    ).toBe('+');

    // the 历史开奖 sheet draws every row the same way and still fits the phone's width
    await bar.getByRole('button', { name: '历史开奖' }).click();
    const sheet = page.getByRole('dialog', { name: '历史开奖' });
    const first = sheet.locator('tbody tr').first();
    await first.waitFor({ timeout: 15_000 });
    expect(await first.locator('[data-wave]').count()).toBe(7);
    // odds as sheets print them: two decimals at most (the 特码 hint would read 47.775 otherwise)
    expect(
      await page
        .getByText(/按赔率派彩/)
        .first()
        .textContent(),
    ).toMatch(/特码 \d+(\.\d{1,2})?。/);
    if (process.env.LOOKS_SHOT) await page.screenshot({ path: process.env.LOOKS_SHOT });
    expect(
      await sheet.locator('table').evaluate((t) => t.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(360);

    // the hall card of the game shows the latest result the same way, within the phone's width
    await page.goto(`${b.baseUrl}/lotteryHall?key=LHC`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '极速六合彩', exact: true }) });
    const cardResult = card.getByRole('img', { name: /^开奖号码 / });
    await cardResult.waitFor({ timeout: 15_000 });
    expect(await cardResult.locator('[data-wave]').count()).toBe(7);
    expect(await cardResult.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(
      360,
    );
  });
});
