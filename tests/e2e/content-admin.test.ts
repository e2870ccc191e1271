/**
 * Content editing in real Chromium against the real server (360 px): the operator, in /admin →
 * 内容管理, uploads a banner image (re-encoded, served at /uploads/, previewed), adds a help article
 * and a notice; a player then reads the article on /help and the notice on /notice and
 * /noticeDetail, as text with its line breaks. Everything made here is removed afterwards.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, OPERATOR, e2eFixture, logIn } from './browser.ts';

const fx = e2eFixture();
const tag = crypto.randomBytes(3).toString('hex');
const ARTICLE = `e2e帮助${tag}`;
const NOTICE = `e2e公告${tag}`;
const BANNER = `e2e轮播${tag}`;

afterAll(async () => {
  await fx.sql`delete from content_articles where title = ${ARTICLE}`;
  await fx.sql`delete from content_notices where title = ${NOTICE}`;
  await fx.sql`delete from content_banners where title = ${BANNER}`;
});

describe('content admin', () => {
  it('the operator adds a banner image, a help article and a notice; a player reads them', async () => {
    const op = await fx.browser();
    await logIn(op, OPERATOR.userName, OPERATOR.password);
    await op.page.goto(`${op.baseUrl}/admin`);
    await op.page.getByRole('tab', { name: '内容管理', exact: true }).click();

    // banner: upload an image, see it previewed from /uploads/, save
    await op.page.getByRole('tab', { name: '轮播图', exact: true }).click();
    await op.page.getByRole('button', { name: '新建轮播图' }).click();
    const bannerForm = op.page.getByRole('form', { name: '新建轮播图' });
    await bannerForm.getByLabel('标题', { exact: true }).fill(BANNER);
    const png = await sharp({
      create: { width: 500, height: 200, channels: 3, background: '#d03' },
    })
      .png()
      .toBuffer();
    await bannerForm
      .getByLabel(/^上传图片/)
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    const imageField = bannerForm.getByLabel('图片地址', { exact: true });
    await expect
      .poll(() => imageField.inputValue(), { timeout: 15_000 })
      .toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const preview = bannerForm.getByTestId('banner-preview');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(500);
    await bannerForm.getByLabel(/^点击跳转链接/).fill('/no-such-page');
    expect(await bannerForm.getByRole('status').textContent()).toContain('首页将不显示此链接');
    await bannerForm.getByLabel(/^点击跳转链接/).fill('/help');
    await bannerForm.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(
        async () =>
          (await fx.sql`select image from content_banners where title = ${BANNER}`).length,
        { timeout: 15_000 },
      )
      .toBe(1);

    // help article
    await op.page.getByRole('tab', { name: '帮助中心', exact: true }).click();
    await op.page.getByRole('button', { name: '新建文章' }).click();
    const articleForm = op.page.getByRole('form', { name: '新建文章' });
    await articleForm.getByLabel('标题', { exact: true }).fill(ARTICLE);
    await articleForm.getByLabel(/^内容/).fill('第一段：打开钱包\n第二段：选择充值金额');
    await articleForm.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(
        async () =>
          (await fx.sql`select id from content_articles where title = ${ARTICLE} and kind = 'help'`)
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [article] = await fx.sql<
      { id: number }[]
    >`select id from content_articles where title = ${ARTICLE}`;
    await op.page.getByTestId(`admin-article-${article!.id}`).waitFor({ timeout: 15_000 });

    // notice
    await op.page.getByRole('tab', { name: '公告', exact: true }).click();
    await op.page.getByRole('button', { name: '新建公告' }).click();
    const noticeForm = op.page.getByRole('form', { name: '新建公告' });
    await noticeForm.getByLabel('标题', { exact: true }).fill(NOTICE);
    await noticeForm.getByLabel(/^内容/).fill('今晚维护\n请提前安排');
    await noticeForm.getByLabel('排序（小的在前）').fill('-9999');
    await noticeForm.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(
        async () => (await fx.sql`select id from content_notices where title = ${NOTICE}`).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [notice] = await fx.sql<
      { id: number }[]
    >`select id from content_notices where title = ${NOTICE}`;
    await op.page.getByTestId(`admin-notice-${notice!.id}`).waitFor({ timeout: 15_000 });
    await op.page.getByRole('tab', { name: '轮播图', exact: true }).click();
    await op.page
      .getByTestId(/^admin-banner-/)
      .first()
      .waitFor({ timeout: 15_000 });
    // usable at 360 px: nothing wider than the screen
    expect(await op.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await op.page.getByRole('tab', { name: '帮助中心', exact: true }).click();
    await op.page.getByRole('button', { name: '新建文章' }).click();

    // the player
    const b = await fx.browser();
    await logIn(b, DEMO_PLAYER.userName, DEMO_PLAYER.password);
    await b.page.goto(`${b.baseUrl}/help`);
    const summary = b.page.locator('summary', { hasText: ARTICLE });
    await summary.waitFor({ timeout: 15_000 });
    await summary.click();
    const body = b.page.locator('details', { has: summary });
    await body.getByText('第二段：选择充值金额').waitFor({ timeout: 15_000 });
    expect(await body.locator('p').allTextContents()).toEqual([
      '第一段：打开钱包',
      '第二段：选择充值金额',
    ]);

    await b.page.goto(`${b.baseUrl}/notice`);
    const link = b.page.getByRole('link', { name: new RegExp(NOTICE) });
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await b.page.waitForURL((u) => u.pathname === '/noticeDetail', { timeout: 15_000 });
    await b.page.getByText(NOTICE).first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => b.page.locator('main').innerText(), { timeout: 15_000 })
      .toContain('今晚维护\n请提前安排');
  });
});
