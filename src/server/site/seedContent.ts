/**
 * The demo site's content, written on first start (seed.ts): banners, the notice marquee,
 * and the help and about articles. Skipped when any content exists, so an operator's edits
 * are never overwritten. The banner images are served by the client from public/banners/.
 */
import type { Sql } from '../db/client.ts';
import { ABOUT_ARTICLES, HELP_ARTICLES } from './seedArticles.ts';

export const SEED_BANNERS = [
  // Each banner's title is the words drawn on its image, and its link the page those words name.
  { title: '新用户注册 立即注册', image: '/banners/1.svg', link: '/register' },
  { title: '极速快三 全天开奖 马上购彩', image: '/banners/2.svg', link: '/lotteryHall' },
  { title: '安全提现 极速到账 了解详情', image: '/banners/3.svg', link: '/withdraw' },
] as const;

export const SEED_NOTICES = [
  {
    title: '欢迎光临',
    content:
      '欢迎来到鸿运彩票！本站为演示站点，所有余额均为虚拟金额，仅供体验，不涉及任何真实资金。',
  },
  {
    title: '账户安全提醒',
    content: '请勿向任何人透露您的登录密码和资金密码，客服人员不会以任何理由向您索取密码。',
  },
  {
    title: '理性购彩',
    content: '彩票有风险，投注需谨慎。请量力而行，理性购彩，未满十八周岁者不得购彩。',
  },
] as const;

export async function seedSiteContent(sql: Sql): Promise<void> {
  const [{ n }] = await sql<{ n: number }[]>`
    select ((select count(*) from content_banners) + (select count(*) from content_notices)
          + (select count(*) from content_articles))::int as n`;
  if (n > 0) return;
  await sql.begin(async (tx) => {
    for (const [i, b] of SEED_BANNERS.entries()) {
      await tx`insert into content_banners (title, image, link, sort) values (${b.title}, ${b.image}, ${b.link}, ${i})`;
    }
    for (const [i, x] of SEED_NOTICES.entries()) {
      await tx`insert into content_notices (title, content, sort) values (${x.title}, ${x.content}, ${i})`;
    }
    for (const [kind, list] of [
      ['help', HELP_ARTICLES],
      ['about', ABOUT_ARTICLES],
    ] as const) {
      for (const [i, a] of list.entries()) {
        await tx`insert into content_articles (kind, title, content, sort) values (${kind}, ${a.title}, ${a.content}, ${i})`;
      }
    }
  });
}
