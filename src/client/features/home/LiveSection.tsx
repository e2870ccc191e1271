/**
 * The home page's live part: the hot lotteries with their issue countdowns (the lottery clock and
 * issue hook of features/lottery), then the latest big wins. A lazy chunk of its own, so the home
 * page's first paint never waits for lottery code. The hot lotteries are on a phone's first screen;
 * the big wins are below it (from y ≈ 820 on a 360 × 740 screen), so their code and their request
 * wait until the player scrolls towards them (NewestWins.tsx, a chunk of its own).
 */
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { EmptyState, ErrorState, LoadingState } from '../../ui';
import { WhenNear } from '../../ui/WhenNear';
import type { LotteryItem } from '../lottery/api';
import { useLotteries } from '../lottery/hooks/useLotteries';
import { STALE_ISSUE_MSG, useIssue } from '../lottery/hooks/useIssue';
import { CloseTimer } from '../lottery/components/CloseTimer';

/** The hall's first lotteries (the operator's sort order puts the popular ones first). */
export const HOT_LOTTERIES = 6;

const NewestWins = lazy(() => import('./NewestWins'));

function HotLottery({ item }: { item: LotteryItem }) {
  const issue = useIssue(item.lotteryCode);
  return (
    <li>
      <Link
        href={`/lottery/${item.family}/${item.lotteryCode}`}
        className="flex min-h-16 flex-col justify-center rounded-lg bg-gray-50 px-3 py-2 ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="truncate font-medium text-gray-900">{item.lotteryName}</span>
        <span className="text-xs text-gray-600">
          {issue.loading ? (
            '加载中…'
          ) : issue.error && !issue.data ? (
            '期号获取失败'
          ) : issue.stale ? (
            STALE_ISSUE_MSG
          ) : issue.data?.issue && issue.remainingMs !== null ? (
            <>
              第{issue.data.issue.slice(-4)}期{' '}
              <CloseTimer
                remainingMs={issue.remainingMs}
                closedText="开奖中"
                className="font-mono tabular-nums text-brand"
              />
            </>
          ) : (
            '暂停销售'
          )}
        </span>
      </Link>
    </li>
  );
}

function HotLotteries() {
  const { list, error, loading, reload } = useLotteries();
  const hot = list?.slice(0, HOT_LOTTERIES) ?? [];
  return (
    // while loading it keeps the height of its three rows, so the big wins' place below does not
    // come into view (and load them) only because this section was still short
    <section
      aria-label="热门彩种"
      className={`mt-3 rounded-xl bg-white p-3 ${list ? '' : 'min-h-66'}`}
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold text-gray-900">热门彩种</h2>
        <Link
          href="/lotteryHall"
          className="text-sm text-brand focus-visible:outline-2 focus-visible:outline-brand"
        >
          全部彩种 ›
        </Link>
      </div>
      {loading && !list ? (
        <LoadingState />
      ) : error && !list ? (
        <ErrorState message={error.message} onRetry={reload} />
      ) : hot.length === 0 ? (
        <EmptyState text="暂无可购彩种" />
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {hot.map((item) => (
            <HotLottery key={item.lotteryCode} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The big wins' place until they load: their heading and a section of about their height. */
function WinsPlaceholder() {
  return (
    <section aria-label="最新中奖" className="mt-3 min-h-40 rounded-xl bg-white p-3">
      <h2 className="mb-2 font-semibold text-gray-900">最新中奖</h2>
    </section>
  );
}

export default function LiveSection() {
  return (
    <>
      <HotLotteries />
      <WhenNear placeholder={<WinsPlaceholder />}>
        <Suspense fallback={<WinsPlaceholder />}>
          <NewestWins />
        </Suspense>
      </WhenNear>
    </>
  );
}
