/** Operator: the site's content (内容管理): banners, notices, help and about articles, one sub-tab each. */
import { useState } from 'react';
import { Tabs } from '../../../ui/Tabs';
import { BannersPanel } from './BannersPanel';
import { NoticesPanel } from './NoticesPanel';
import { ArticlesPanel } from './ArticlesPanel';

type Part = 'banners' | 'notices' | 'help' | 'about';
const PARTS: { value: Part; label: string }[] = [
  { value: 'banners', label: '轮播图' },
  { value: 'notices', label: '公告' },
  { value: 'help', label: '帮助中心' },
  { value: 'about', label: '关于我们' },
];

export function ContentPanel() {
  const [part, setPart] = useState<Part>('banners');
  return (
    <Tabs<Part>
      look="chips"
      className="mb-3"
      label="内容类别"
      value={part}
      options={PARTS}
      onChange={setPart}
      panel={(p) =>
        p === 'banners' ? (
          <BannersPanel />
        ) : p === 'notices' ? (
          <NoticesPanel />
        ) : (
          <ArticlesPanel key={p} kind={p} />
        )
      }
    />
  );
}
