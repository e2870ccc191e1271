/** Public content of the home, help and about pages. */
import type { Article, Banner, Notice } from '../../../domain/site/content';
import { request } from '../../api/request';

export type { Article, Banner, Notice };

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
