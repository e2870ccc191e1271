/** Public content of the home, help and about pages. */
import { request } from '../../api/request';

export interface Banner {
  id: number;
  title: string;
  image: string;
  link: string;
}
export interface Notice {
  id: number;
  title: string;
  content: string;
  createdAt: number;
}
export interface Article {
  id: number;
  title: string;
  content: string;
}

const C = '/v1/management/content';
export const getBanners = () =>
  request<{ list: Banner[] }>('GET', `${C}/banners`, undefined, { inline: true }).then(
    (r) => r.list,
  );
export const getNotices = () =>
  request<{ list: Notice[] }>('GET', `${C}/notices`, undefined, { inline: true }).then(
    (r) => r.list,
  );
export const getArticles = (kind: 'helpList' | 'aboutList') =>
  request<{ list: Article[] }>('GET', `${C}/${kind}`, undefined, { inline: true }).then(
    (r) => r.list,
  );
export interface SiteStatus {
  maintenance: boolean;
  maintenanceMessage: string;
  closed: boolean;
  closedMessage: string;
}
export const getSiteStatus = () =>
  request<SiteStatus>('GET', '/v1/management/tenant/getSiteStatus', undefined, { inline: true });
