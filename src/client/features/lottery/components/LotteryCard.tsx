/** A hall card: name, issue on sale with its countdown, and the latest result. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getOpenData, RESULTS_STRIP_SIZE, type LotteryItem, type OpenRow } from '../api';
import { CloseTimer } from './CloseTimer';
import { useIssue } from '../hooks/useIssue';
import { Balls } from './Balls';

export function LotteryCard({ item }: { item: LotteryItem }) {
  const issue = useIssue(item.lotteryCode);
  const d = issue.data;
  // The latest results also come from lotteryOpenData, which the service worker keeps for offline reading.
  const [fallback, setFallback] = useState<OpenRow | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last issue means a new result to fetch
  useEffect(() => {
    let live = true;
    getOpenData(item.lotteryCode, RESULTS_STRIP_SIZE, { quiet: true }).then((l) => { if (live) setFallback(l[0] ?? null); }, () => {});
    return () => { live = false; };
  }, [item.lotteryCode, d?.lastIssue]);
  const lastIssue = d?.lastIssue ?? fallback?.issue ?? null;
  const lastNumber = d?.lastOpenNumber ?? fallback?.openNumber ?? null;
  // the draw's time places the LHC zodiac in its lunar year; the last draw is recent when only the issue is known
  const lastDrawnAt = fallback && fallback.issue === lastIssue ? fallback.openTime : undefined;
  const href = `/lottery/${item.family}/${item.lotteryCode}`;
  return (
    <li className="rounded-xl bg-white p-3 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <Link href={href} className="text-base font-semibold text-gray-900 focus-visible:outline-2 focus-visible:outline-brand">
          {item.lotteryName}
        </Link>
        <Link href={`/howtoplay/${item.lotteryCode}`} className="text-xs text-gray-600 underline focus-visible:outline-2 focus-visible:outline-brand">玩法说明</Link>
      </div>
      <div className="mt-1 flex items-center justify-between text-sm text-gray-700">
        {issue.loading ? <span>加载中…</span>
          : issue.error && !d ? <span className="text-red-700">期号获取失败</span>
          : d?.issue ? <span>第{d.issue}期</span> : <span>暂停销售</span>}
        {issue.remainingMs !== null && (
          <CloseTimer remainingMs={issue.remainingMs} closedText="开奖中" className="font-mono tabular-nums text-brand" />
        )}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <span className="shrink-0 text-xs text-gray-600">{lastIssue ? `${lastIssue}期` : '上期'}</span>
        <Balls openNumber={lastNumber} family={item.family} drawnAt={lastDrawnAt} />
      </div>
      <Link href={href} className="mt-3 flex min-h-11 items-center justify-center rounded-lg bg-brand font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
        立即投注
      </Link>
    </li>
  );
}
