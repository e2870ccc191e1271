/**
 * The home banners go where their images say (issue 9): each seeded banner's title holds the words
 * drawn on its image and its link is the page those words name; the migration moves a site that still
 * holds the first seeds onto the same titles and links, leaving an operator's own banners alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_BANNERS } from '../../src/server/site/seedContent.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The headline and the button words drawn on a banner image. */
function wordsOf(image: string): { headline: string; button: string } {
  const svg = fs.readFileSync(path.join(ROOT, 'public', image), 'utf8');
  const texts = [...svg.matchAll(/<text[^>]*>([^<]+)</g)].map((m) => m[1]!.trim());
  return { headline: texts.find((t) => t.length >= 4)!, button: texts.at(-1)! };
}

/** The page each button's words name. */
const PAGE_OF_BUTTON: Record<string, string> = {
  立即注册: '/register',
  马上购彩: '/lotteryHall',
  了解详情: '/withdraw',
};
const PAGE_OF_HEADLINE: Record<string, string> = {
  新用户注册: '/register',
  极速快三: '/lotteryHall',
  安全提现: '/withdraw',
};

describe('seeded banners', () => {
  it('name what their images show and link to the page those words name', () => {
    for (const b of SEED_BANNERS) {
      const { headline, button } = wordsOf(b.image);
      expect(b.title, b.image).toContain(headline);
      expect(b.title, b.image).toContain(button);
      expect(b.link, b.image).toBe(PAGE_OF_BUTTON[button]);
      expect(b.link, b.image).toBe(PAGE_OF_HEADLINE[headline]);
    }
  });

  it('the migration corrects rows still holding the first seeds and nothing else', async () => {
    await ctx.sql`delete from content_banners`;
    await ctx.sql`
      insert into content_banners (title, image, link, sort) values
        ('新手指南 三分钟学会购彩', '/banners/1.svg', '/help', 0),
        ('快三、时时彩、六合彩 全天开奖', '/banners/2.svg', '/lotteryHall', 1),
        ('邀请好友 成为代理 共享返点', '/banners/3.svg', '/agentIntro', 2),
        ('运营自己的帮助横幅', '/uploads/own.png', '/help', 3)`;
    const file = path.join(ROOT, 'src/server/db/migrations/014_home_banner_links.sql');
    await ctx.sql.unsafe(fs.readFileSync(file, 'utf8'));
    const rows = await ctx.sql<
      { title: string; image: string; link: string }[]
    >`select title, image, link from content_banners order by sort`;
    expect(rows.slice(0, 3)).toEqual(
      SEED_BANNERS.map((b) => ({ title: b.title, image: b.image, link: b.link })),
    );
    expect(rows[3]).toEqual({
      title: '运营自己的帮助横幅',
      image: '/uploads/own.png',
      link: '/help',
    });
  });
});
