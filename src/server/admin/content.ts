/**
 * Operator content editing: banners (with an image upload), notices, help and about articles.
 * `save` creates a row (no id) or updates one (with id); `delete` removes it. Lists include
 * disabled rows; players see only enabled ones. docs/content.md "Banners, notices, help and about".
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok, refuse } from '../http/envelope.ts';
import { receiveOperatorImage } from '../account/uploads.ts';
import { MAX_ARTICLES, MAX_BANNERS, MAX_NOTICES } from '../site/content.ts';
import { Flag, Id, PlainText, SiteLink } from '../http/schemas.ts';
import { OPERATOR } from '../http/schemas.ts';

const Sort = Type.Integer({ minimum: -10_000, maximum: 10_000 });

const BannerForm = Form({
  id: Type.Optional(Id),
  title: PlainText(60, { minLength: 1 }),
  image: SiteLink(),
  link: Type.Optional(Type.Union([Type.Literal(''), SiteLink()])),
  sort: Type.Optional(Sort),
  enabled: Type.Optional(Flag),
});
const NoticeForm = Form({
  id: Type.Optional(Id),
  title: PlainText(60, { minLength: 1 }),
  content: PlainText(2000, { minLength: 1, multiline: true }),
  sort: Type.Optional(Sort),
  enabled: Type.Optional(Flag),
});
const DeleteForm = Form({ id: Id });
const KindText = Type.Union([Type.Literal('help'), Type.Literal('about')]);
const ArticleForm = Form({
  id: Type.Optional(Id),
  kind: KindText,
  title: PlainText(60, { minLength: 1 }),
  content: PlainText(20_000, { minLength: 1, multiline: true }),
  sort: Type.Optional(Sort),
});
const ArticleQuery = Form({ kind: KindText });
const ArticleDeleteForm = Form({ id: Id, kind: KindText });
/** 20,000 Chinese characters are ~180 KB once form-encoded: more than the site's default body limit. */
const ARTICLE_BODY_LIMIT_BYTES = 256 * 1024;
const KIND_NAMES = { help: '帮助文章', about: '关于我们文章' } as const;

function requireText(...values: string[]) {
  if (values.some((v) => v.trim() === '')) refuse('标题和内容不能为空');
}

export default async function contentAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get('/v1/admin/content/banners', opts, async () => {
    const rows = await sql`
      select id, title, image, link, sort, enabled from content_banners order by sort, id`;
    return ok({ list: rows });
  });

  app.post<{ Body: Static<typeof BannerForm> }>(
    '/v1/admin/content/banners/save',
    { ...opts, schema: { body: BannerForm } },
    async (req) => {
      const b = req.body;
      requireText(b.title);
      const row = {
        title: b.title.trim(),
        image: b.image,
        link: b.link ?? '',
        sort: b.sort ?? 0,
        enabled: b.enabled !== '0',
      };
      if (b.id === undefined) {
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from content_banners`;
        if (n >= MAX_BANNERS) refuse(`轮播图最多${MAX_BANNERS}张`);
        const [made] = await sql<{ id: number }[]>`
        insert into content_banners (title, image, link, sort, enabled)
        values (${row.title}, ${row.image}, ${row.link}, ${row.sort}, ${row.enabled}) returning id`;
        return ok({ id: made.id });
      }
      const updated = await sql`
      update content_banners set title = ${row.title}, image = ${row.image}, link = ${row.link},
             sort = ${row.sort}, enabled = ${row.enabled}, updated_at = now()
      where id = ${b.id} returning id`;
      if (updated.length === 0) refuse('轮播图不存在');
      return ok({ id: b.id });
    },
  );

  app.post<{ Body: Static<typeof DeleteForm> }>(
    '/v1/admin/content/banners/delete',
    { ...opts, schema: { body: DeleteForm } },
    async (req) => {
      const gone = await sql`delete from content_banners where id = ${req.body.id} returning id`;
      if (gone.length === 0) refuse('轮播图不存在');
      return ok(null);
    },
  );

  app.post('/v1/admin/content/banners/uploadImage', opts, (req) => receiveOperatorImage(app, req));

  app.get('/v1/admin/content/notices', opts, async () => {
    const rows = await sql<
      {
        id: number;
        title: string;
        content: string;
        sort: number;
        enabled: boolean;
        created_at: Date;
      }[]
    >`
      select id, title, content, sort, enabled, created_at from content_notices order by sort, id desc`;
    return ok({
      list: rows.map(({ created_at, ...r }) => ({ ...r, createdAt: created_at.getTime() })),
    });
  });

  app.post<{ Body: Static<typeof NoticeForm> }>(
    '/v1/admin/content/notices/save',
    { ...opts, schema: { body: NoticeForm } },
    async (req) => {
      const b = req.body;
      requireText(b.title, b.content);
      const row = {
        title: b.title.trim(),
        content: b.content.trim(),
        sort: b.sort ?? 0,
        enabled: b.enabled !== '0',
      };
      if (b.id === undefined) {
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from content_notices`;
        if (n >= MAX_NOTICES) refuse(`公告最多${MAX_NOTICES}条`);
        const [made] = await sql<{ id: number }[]>`
        insert into content_notices (title, content, sort, enabled)
        values (${row.title}, ${row.content}, ${row.sort}, ${row.enabled}) returning id`;
        return ok({ id: made.id });
      }
      const updated = await sql`
      update content_notices set title = ${row.title}, content = ${row.content}, sort = ${row.sort},
             enabled = ${row.enabled}, updated_at = now()
      where id = ${b.id} returning id`;
      if (updated.length === 0) refuse('公告不存在');
      return ok({ id: b.id });
    },
  );

  app.post<{ Body: Static<typeof DeleteForm> }>(
    '/v1/admin/content/notices/delete',
    { ...opts, schema: { body: DeleteForm } },
    async (req) => {
      const gone = await sql`delete from content_notices where id = ${req.body.id} returning id`;
      if (gone.length === 0) refuse('公告不存在');
      return ok(null);
    },
  );

  app.get<{ Querystring: Static<typeof ArticleQuery> }>(
    '/v1/admin/content/articles',
    { ...opts, schema: { querystring: ArticleQuery } },
    async (req) => {
      const rows = await sql<
        { id: number; kind: string; title: string; content: string; sort: number }[]
      >`
      select id, kind, title, content, sort from content_articles
      where kind = ${req.query.kind} order by sort, id`;
      return ok({ list: rows });
    },
  );

  app.post<{ Body: Static<typeof ArticleForm> }>(
    '/v1/admin/content/articles/save',
    { ...opts, bodyLimit: ARTICLE_BODY_LIMIT_BYTES, schema: { body: ArticleForm } },
    async (req) => {
      const b = req.body;
      requireText(b.title, b.content);
      const row = { title: b.title.trim(), content: b.content.trim(), sort: b.sort ?? 0 };
      const name = KIND_NAMES[b.kind];
      if (b.id === undefined) {
        const [{ n }] = await sql<
          { n: number }[]
        >`select count(*)::int as n from content_articles where kind = ${b.kind}`;
        if (n >= MAX_ARTICLES) refuse(`${name}最多${MAX_ARTICLES}篇`);
        const [made] = await sql<{ id: number }[]>`
          insert into content_articles (kind, title, content, sort)
          values (${b.kind}, ${row.title}, ${row.content}, ${row.sort}) returning id`;
        return ok({ id: made.id });
      }
      // The kind is part of the key: an edit from the help editor never rewrites an about article.
      const updated = await sql`
        update content_articles set title = ${row.title}, content = ${row.content}, sort = ${row.sort}
        where id = ${b.id} and kind = ${b.kind} returning id`;
      if (updated.length === 0) refuse(`${name}不存在`);
      return ok({ id: b.id });
    },
  );

  app.post<{ Body: Static<typeof ArticleDeleteForm> }>(
    '/v1/admin/content/articles/delete',
    { ...opts, schema: { body: ArticleDeleteForm } },
    async (req) => {
      const gone =
        await sql`delete from content_articles where id = ${req.body.id} and kind = ${req.body.kind} returning id`;
      if (gone.length === 0) refuse(`${KIND_NAMES[req.body.kind]}不存在`);
      return ok(null);
    },
  );
}
