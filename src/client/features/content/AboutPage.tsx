import { ArticlesPage } from './Articles';
export default function AboutPage() {
  return <ArticlesPage title="关于我们" kind="aboutList" />;
}
