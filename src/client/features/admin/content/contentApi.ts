/** Operator calls of the site content (/v1/admin/content/*): banners, notices, help and about articles. */
import { request } from '../../../api/request';

const P = (name: string) => `/v1/admin/content/${name}`;
const I = { inline: true } as const;

export type ArticleKind = 'help' | 'about';
export interface AdminBanner {
  id: number;
  title: string;
  image: string;
  link: string;
  sort: number;
  enabled: boolean;
}
export interface AdminNotice {
  id: number;
  title: string;
  content: string;
  sort: number;
  enabled: boolean;
  createdAt: number;
}
export interface AdminArticle {
  id: number;
  kind: ArticleKind;
  title: string;
  content: string;
  sort: number;
}

export interface BannerDraft {
  id?: number;
  title: string;
  image: string;
  link: string;
  sort: string;
  enabled: boolean;
}
export interface NoticeDraft {
  id?: number;
  title: string;
  content: string;
  sort: string;
  enabled: boolean;
}
export interface ArticleDraft {
  id?: number;
  kind: ArticleKind;
  title: string;
  content: string;
  sort: string;
}

/** The same bounds the server's schemas hold (server/admin/content.ts). */
export const TITLE_MAX = 60;
export const NOTICE_MAX = 2000;
export const ARTICLE_MAX = 20_000;

const flag = (b: boolean) => (b ? '1' : '0');
const idOf = (id?: number) => (id ? { id } : {});

export const listBanners = () =>
  request<{ list: AdminBanner[] }>('GET', P('banners'), undefined, I);
export const saveBanner = (d: BannerDraft) =>
  request<{ id: number }>(
    'POST',
    P('banners/save'),
    {
      ...idOf(d.id),
      title: d.title,
      image: d.image.trim(),
      link: d.link.trim(),
      sort: d.sort.trim() || '0',
      enabled: flag(d.enabled),
    },
    I,
  );
export const deleteBanner = (id: number) => request<null>('POST', P('banners/delete'), { id }, I);
export const uploadBannerImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ url: string }>('POST', P('banners/uploadImage'), undefined, {
    ...I,
    upload: form,
  });
};

export const listNotices = () =>
  request<{ list: AdminNotice[] }>('GET', P('notices'), undefined, I);
export const saveNotice = (d: NoticeDraft) =>
  request<{ id: number }>(
    'POST',
    P('notices/save'),
    {
      ...idOf(d.id),
      title: d.title,
      content: d.content,
      sort: d.sort.trim() || '0',
      enabled: flag(d.enabled),
    },
    I,
  );
export const deleteNotice = (id: number) => request<null>('POST', P('notices/delete'), { id }, I);

export const listArticles = (kind: ArticleKind) =>
  request<{ list: AdminArticle[] }>('GET', P('articles'), { kind }, I);
export const saveArticle = (d: ArticleDraft) =>
  request<{ id: number }>(
    'POST',
    P('articles/save'),
    { ...idOf(d.id), kind: d.kind, title: d.title, content: d.content, sort: d.sort.trim() || '0' },
    I,
  );
export const deleteArticle = (a: { id: number; kind: ArticleKind }) =>
  request<null>('POST', P('articles/delete'), { id: a.id, kind: a.kind }, I);
