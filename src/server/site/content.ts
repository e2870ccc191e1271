/**
 * The site's content: banners, the notice marquee, help and about articles. Players read the
 * enabled rows in display order; the operator edits them (admin/content.ts).
 */
import type { Article, Banner, Notice } from '../../domain/site/content.ts';
import type { Sql } from '../db/client.ts';

export type { Article, Banner, Notice };
export type ArticleKind = 'help' | 'about';

/** Upper bounds on list sizes: the content is operator-made and small. */
export const MAX_BANNERS = 50;
export const MAX_NOTICES = 100;
export const MAX_ARTICLES = 200;

export function listBanners(sql: Sql): Promise<Banner[]> {
  return sql<Banner[]>`
    select id, title, image, link from content_banners
    where enabled order by sort, id limit ${MAX_BANNERS}`;
}

export async function listNotices(sql: Sql): Promise<Notice[]> {
  const rows = await sql<{ id: number; title: string; content: string; created_at: Date }[]>`
    select id, title, content, created_at from content_notices
    where enabled order by sort, id desc limit ${MAX_NOTICES}`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: r.created_at.getTime(),
  }));
}

export function listArticles(sql: Sql, kind: ArticleKind): Promise<Article[]> {
  return sql<Article[]>`
    select id, title, content from content_articles
    where kind = ${kind} order by sort, id limit ${MAX_ARTICLES}`;
}
