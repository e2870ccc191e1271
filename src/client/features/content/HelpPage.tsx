import { ArticlesPage } from './Articles';
export default function HelpPage() {
  return <ArticlesPage title="帮助中心" kind="helpList" />;
}
