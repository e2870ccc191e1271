/**
 * The home page's live part: the hot lotteries with their issue countdowns (the lottery clock and
 * issue hook of features/lottery) and the latest big wins (getNewestBounsList, names masked by the
 * server). A lazy chunk of its own, so the home page's first paint never waits for lottery code.
 */
import { Link } from 'wouter';
import { EmptyState, ErrorState, LoadingState } from '../../ui';
import { formatBeijing } from '../../../domain/time';
import { type LotteryItem } from '../lottery/api';
import { getNewestWinners } from '../lottery/betsApi';
import { useLotteries } from '../lottery/hooks/useLotteries';
import { STALE_ISSUE_MSG, useIssue } from '../lottery/hooks/useIssue';
import { CloseTimer } from '../lottery/components/CloseTimer';
import { keys, useQuery } from '../../query';

/** The hall's first lotteries (the operator's sort order puts the popular ones first). */
export const HOT_LOTTERIES = 6;
const WINS_SHOWN = 10;

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
    <section aria-label="热门彩种" className="mt-3 rounded-xl bg-white p-3">
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

function NewestWins() {
  const q = useQuery({ queryKey: keys.content('newestWins'), queryFn: getNewestWinners });
  const wins = q.data?.slice(0, WINS_SHOWN) ?? [];
  return (
    <section aria-label="最新中奖" className="mt-3 rounded-xl bg-white p-3">
      <h2 className="mb-2 font-semibold text-gray-900">最新中奖</h2>
      {q.loading && !q.data ? (
        <LoadingState />
      ) : q.error && !q.data ? (
        <ErrorState message={q.error.message} onRetry={q.reload} />
      ) : wins.length === 0 ? (
        <EmptyState text="暂无中奖记录" />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {wins.map((w) => (
            <li
              key={`${w.time}-${w.userName}-${w.amount}`}
              className="flex items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0 truncate text-gray-800">
                {w.userName} <span className="text-gray-500">在{w.lotteryName}</span>
              </span>
              <span className="shrink-0 text-right">
                <span className="font-semibold text-brand tabular-nums">中{w.amount}元</span>
                <span className="block text-xs text-gray-500 tabular-nums">
                  {formatBeijing(w.time, 'MM-DD HH:mm')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function LiveSection() {
  return (
    <>
      <HotLotteries />
      <NewestWins />
    </>
  );
}
