/**
 * A hall card: name, issue on sale with its countdown (official games: the next draw's day and time),
 * and the latest result. Offline it shows the issue last seen on this device, marked as such.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { getOpenData, RESULTS_STRIP_SIZE, type LotteryItem } from '../api';
import { keys, useQuery } from '../../../query';
import { CloseTimer } from './CloseTimer';
import { STALE_ISSUE_MSG, useIssue } from '../hooks/useIssue';
import { formatDrawDay } from '../families';
import { lastResultOf } from '../lastResult';
import { Balls } from './Balls';

export function LotteryCard({ item }: { item: LotteryItem }) {
  const issue = useIssue(item.lotteryCode);
  const d = issue.data;
  // The latest results also come from lotteryOpenData, which the service worker keeps for offline
  // reading; the same cache entry as the betting page's strip (and the request started at app start).
  const results = useQuery({
    queryKey: keys.results(item.lotteryCode, RESULTS_STRIP_SIZE),
    queryFn: () => getOpenData(item.lotteryCode, RESULTS_STRIP_SIZE, { quiet: true }),
  });
  const latest = results.data?.[0] ?? null;
  const { reload } = results;
  // a new last issue means a new result to fetch (not its first arrival: the mount has just asked)
  const seenIssue = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const lastIssue = d?.lastIssue;
    if (lastIssue === undefined) return;
    const prev = seenIssue.current;
    seenIssue.current = lastIssue;
    if (prev !== undefined && prev !== lastIssue) reload();
  }, [d?.lastIssue, reload]);
  // the draw's time places the LHC zodiac in its lunar year; the last draw is recent when only the issue is known
  const last = lastResultOf(d, latest);
  const official = item.source === 'official';
  const href = `/lottery/${item.family}/${item.lotteryCode}`;
  // more than five balls (PK10, KL8, LHC) do not fit beside the issue at 360 px: the issue goes above them
  const stacked = (last.drawn?.openNumber.split(',').length ?? 0) > 5;
  return (
    <li className="rounded-xl bg-white p-3 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <Link
          href={href}
          className="text-base font-semibold text-gray-900 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {item.lotteryName}
        </Link>
        <Link
          href={`/howtoplay/${item.lotteryCode}`}
          className="text-xs text-gray-600 underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          玩法说明
        </Link>
      </div>
      <div className="mt-1 flex items-center justify-between text-sm text-gray-700">
        {issue.loading ? (
          <span>加载中…</span>
        ) : issue.error && !d ? (
          <span className="text-red-700">期号获取失败</span>
        ) : d?.issue ? (
          <span>第{d.issue}期</span>
        ) : (
          <span>暂停销售</span>
        )}
        {issue.remainingMs !== null && (
          <CloseTimer
            remainingMs={issue.remainingMs}
            closedText="开奖中"
            className="font-mono tabular-nums text-brand"
          />
        )}
      </div>
      {official && d?.issue && d.openTime !== null && (
        <p className="text-xs text-gray-700">下期开奖 {formatDrawDay(d.openTime)}</p>
      )}
      {issue.stale && <p className="text-xs text-amber-800">{STALE_ISSUE_MSG}</p>}
      <div className={`mt-2 flex ${stacked ? 'flex-col items-start gap-1' : 'items-center gap-2'}`}>
        <span className="shrink-0 text-xs text-gray-600">
          {last.drawn ? `${last.drawn.issue}期` : '上期'}
        </span>
        {last.drawn || !last.awaiting ? (
          <Balls
            openNumber={last.drawn?.openNumber}
            family={item.family}
            drawnAt={last.drawn?.openTime}
          />
        ) : (
          <span className="text-sm text-gray-600">第{last.awaiting}期 等待开奖</span>
        )}
      </div>
      {last.drawn && last.awaiting && (
        <p className="mt-1 text-xs text-gray-600">第{last.awaiting}期 等待开奖</p>
      )}
      <Link
        href={href}
        className="mt-3 flex min-h-11 items-center justify-center rounded-lg bg-brand font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        立即投注
      </Link>
    </li>
  );
}
