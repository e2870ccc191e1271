/** The wire shapes of the site's public content (banners, notices, help and about articles): the server sends them, the client reads them. */
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
