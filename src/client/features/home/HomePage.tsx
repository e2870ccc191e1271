/**
 * Home: banners, notice marquee, entry grid (only the entries whose page this build has: an entry
 * whose page is missing would only land back on /index), then the hot lotteries with their
 * countdowns and the latest big wins (LiveSection, a lazy chunk so the first paint does not wait).
 */
import { lazy, Suspense } from 'react';
import { LoadingState, ErrorState, EmptyState } from '../../ui';
import { Link } from 'wouter';
import { tenantName } from '../../state/tenant';
import { getBanners, getNotices } from '../content/api';
import { Carousel } from './Carousel';
import { useFirstRechargePath } from '../payments/firstChannel';
import { linkTarget } from './links';
import { keys, useQuery } from '../../query';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../state/session';
import { badgeText, useChatUnread } from '../chat/unread';

const ENTRIES = [
  {
    to: '/lotteryHall',
    label: '购彩大厅',
    color: '#c81e1e',
    d: 'M5 5h14v14H5zM9 9h2v2H9zm4 0h2v2h-2zm-4 4h2v2H9zm4 0h2v2h-2z',
  },
  { to: '/recharge', label: '充值', color: '#b45309', d: 'M4 7h16v11H4zM4 11h16M8 15h3' },
  { to: '/withdraw', label: '提现', color: '#047857', d: 'M12 4v12M7 11l5 5 5-5M5 20h14' },
  { to: '/betRecord', label: '投注记录', color: '#1d4ed8', d: 'M6 4h12v16H6zM9 8h6M9 12h6M9 16h4' },
  {
    to: '/activity',
    label: '优惠活动',
    color: '#be185d',
    d: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0m5 0c2-4 6-3 5 0',
  },
  {
    to: '/help',
    label: '客服帮助',
    color: '#6d28d9',
    d: 'M4 13a8 8 0 0116 0v4h-3v-5h3M4 13v4h3v-5H4',
  },
  {
    to: '/agentIntro',
    label: '代理中心',
    color: '#0e7490',
    d: 'M8 11a3 3 0 100-6 3 3 0 000 6zm8 0a3 3 0 100-6 3 3 0 000 6zM3 19a5 5 0 0110 0m-2 0a5 5 0 0110 0',
  },
  { to: '/chatRoom', label: '聊天室', color: '#0f766e', d: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5' },
  {
    to: '/about',
    label: '关于我们',
    color: '#4b5563',
    d: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7v1',
  },
  {
    to: '/notice',
    label: '网站公告',
    color: '#c2410c',
    d: 'M4 10v4h3l6 4V6L7 10H4zM16 9a4 4 0 010 6',
  },
  { to: '/personalLevel', label: 'VIP等级', color: '#a16207', d: 'M4 8l4 4 4-6 4 6 4-4-2 10H6z' },
  { to: '/mobile', label: 'APP下载', color: '#1e40af', d: 'M8 3h8v18H8zM11 18h2' },
];

/** The notice marquee: the 公告 tag opens /notice, a tap on a notice opens it (/noticeDetail). */
function Notices() {
  const { data, error, loading } = useQuery({
    queryKey: keys.content('notices'),
    queryFn: getNotices,
  });
  return (
    <div className="mt-3 flex items-center gap-2 overflow-hidden rounded-lg bg-white px-3 py-2 text-sm">
      <Link
        href="/notice"
        className="shrink-0 rounded bg-brand px-1.5 py-0.5 text-xs text-white focus-visible:outline-2 focus-visible:outline-brand"
      >
        公告
      </Link>
      <div
        className="relative flex-1 overflow-hidden whitespace-nowrap text-gray-800"
        aria-live="off"
      >
        {loading ? (
          '公告加载中…'
        ) : error ? (
          '公告加载失败'
        ) : data?.length ? (
          <span className="inline-block animate-marquee hover:[animation-play-state:paused]">
            {data.map((n) => (
              <Link
                key={n.id}
                href={`/noticeDetail?id=${n.id}`}
                className="mr-12 focus-visible:outline-2 focus-visible:outline-brand"
              >
                {n.title + (n.content ? `：${n.content.replace(/\n/g, ' ')}` : '')}
              </Link>
            ))}
          </span>
        ) : (
          '暂无公告'
        )}
      </div>
    </div>
  );
}

/** The chat entry's badge: unread private chats (spec 001 §2). */
function ChatBadge() {
  useSignals();
  const n = useChatUnread(Boolean(currentUser.value));
  return n ? (
    <span className="absolute -top-1 -right-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 text-white">
      {badgeText(n)}
      <span className="sr-only">个未读私聊</span>
    </span>
  ) : null;
}

const LiveSection = lazy(() => import('./LiveSection'));

export default function HomePage() {
  const banners = useQuery({ queryKey: keys.content('banners'), queryFn: getBanners });
  const rechargePath = useFirstRechargePath(); // 充值 opens the first channel of PaySort
  return (
    <div>
      <header className="flex h-12 items-center justify-center bg-brand text-white">
        <h1 className="text-lg font-semibold">{tenantName()}</h1>
      </header>
      <main className="px-3 py-3">
        {banners.loading ? (
          <div className="aspect-[5/2] rounded-xl bg-gray-200">
            <LoadingState />
          </div>
        ) : banners.error ? (
          <ErrorState message={banners.error.message} onRetry={banners.reload} />
        ) : banners.data?.length ? (
          <Carousel list={banners.data} />
        ) : (
          <EmptyState text="暂无活动" />
        )}
        <Notices />
        <nav
          aria-label="功能入口"
          className="mt-3 grid grid-cols-4 gap-y-4 rounded-xl bg-white px-2 py-4"
        >
          {ENTRIES.map((e) => ({ ...e, href: e.to === '/recharge' ? rechargePath : e.to }))
            .filter((e) => linkTarget(e.href))
            .map((e) => (
              <Link
                key={e.to}
                href={e.href}
                className="flex flex-col items-center gap-1.5 rounded-lg text-sm text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span
                  className="relative flex h-11 w-11 items-center justify-center rounded-full"
                  style={{ background: e.color }}
                >
                  {e.to === '/chatRoom' && <ChatBadge />}
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                    <path
                      d={e.d}
                      fill="none"
                      stroke="#fff"
                      strokeWidth="1.8"
                      strokeLinejoin="round"
                      strokeLinecap="round"
                    />
                  </svg>
                </span>
                {e.label}
              </Link>
            ))}
        </nav>
        <Suspense
          fallback={
            <div className="mt-3 rounded-xl bg-white p-3">
              <LoadingState />
            </div>
          }
        >
          <LiveSection />
        </Suspense>
      </main>
    </div>
  );
}
