/**
 * Issue on sale with the countdown to close (official games: also the next draw's day and time), the
 * latest result (with the issue still waiting for its official result), the history drawer and the
 * trend chart of the lottery.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { invalidateAfterMoney } from '../../../query';
import { RESULTS_STRIP_SIZE, type OpenRow } from '../api';
import { formatDrawDay } from '../families';
import { lastResultOf } from '../lastResult';
import { CloseTimer } from './CloseTimer';
import { STALE_ISSUE_MSG, type IssueState } from '../hooks/useIssue';
import { Balls } from './Balls';
import { useResults } from '../hooks/useResults';
import type { LotteryFamily } from '../../../../domain/lottery';

/** Older draws under the latest one, on wide screens only (a phone shows the latest; the drawer has the rest). */
const STRIP_OLDER_ROWS = 2;
// the drawer is a sheet (the dialog library's chunk): loaded when opened
const HistoryDrawer = lazy(() => import('./HistoryDrawer'));
const RESULT_LINK =
  'shrink-0 rounded-lg border border-gray-300 px-2 py-1 text-xs text-gray-800 focus-visible:outline-2 focus-visible:outline-brand';

/**
 * A new draw, or the latest one settled, changes my balance and bets: both are asked again then,
 * so a win shows without the player reloading anything. The first rows seen change nothing.
 */
function useRefreshAfterDraw(latest: OpenRow | undefined) {
  const mark = latest ? `${latest.issue}:${latest.status}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (mark === null) return;
    const prev = seen.current;
    seen.current = mark;
    if (prev !== null && prev !== mark) void invalidateAfterMoney('settlement');
  }, [mark]);
}

export function IssueBar({
  lotteryCode,
  family,
  official = false,
  issue,
}: {
  lotteryCode: string;
  family?: LotteryFamily;
  official?: boolean;
  issue: IssueState;
}) {
  const d = issue.data;
  const strip = useResults(lotteryCode, RESULTS_STRIP_SIZE, d?.lastIssue);
  const [historyOpen, setHistoryOpen] = useState(false);
  const latest = strip.rows?.[0];
  useRefreshAfterDraw(latest);
  const last = lastResultOf(d, latest, issue.remainingMs !== null && issue.remainingMs <= 0);
  return (
    <section aria-label="期号与开奖" className="rounded-xl bg-white p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <div>
          {issue.loading ? (
            <span>期号加载中…</span>
          ) : issue.error && !d ? (
            <span className="text-red-700">
              期号获取失败{' '}
              <button type="button" className="underline" onClick={issue.reload}>
                重试
              </button>
            </span>
          ) : d?.issue ? (
            <span>
              第<strong>{d.issue}</strong>期 {issue.stale ? '' : '距封盘'}
            </span>
          ) : (
            <span>当前暂停销售</span>
          )}
          {official && d?.issue && d.openTime !== null && (
            <p className="text-xs text-gray-700">下期开奖 {formatDrawDay(d.openTime)}</p>
          )}
          {issue.stale && <p className="text-xs text-amber-800">{STALE_ISSUE_MSG}</p>}
        </div>
        {issue.remainingMs !== null && (
          <CloseTimer
            remainingMs={issue.remainingMs}
            closedText="已封盘"
            className="rounded bg-gray-900 px-2 py-1 font-mono text-base tabular-nums text-white"
          />
        )}
      </div>
      <div className="mt-2 border-t border-gray-100 pt-2">
        <div className="mb-1 flex items-center justify-between gap-2">
          <span className="text-xs text-gray-600">
            {last.drawn ? `第${last.drawn.issue}期开奖` : '上期开奖'}
          </span>
          <span className="flex shrink-0 gap-2">
            <Link href={`/trendChart/${lotteryCode}`} className={RESULT_LINK}>
              走势图
            </Link>
            <button type="button" onClick={() => setHistoryOpen(true)} className={RESULT_LINK}>
              历史开奖
            </button>
          </span>
        </div>
        {last.drawn || !last.awaiting ? (
          <Balls
            openNumber={last.drawn?.openNumber}
            size="md"
            family={family}
            drawnAt={last.drawn?.openTime}
          />
        ) : null}
        {last.awaiting && (
          <p className="mt-1 text-xs text-gray-600">第{last.awaiting}期 等待开奖</p>
        )}
        {last.drawing && (
          <p className="mt-1 text-sm font-medium text-brand">第{last.drawing}期 开奖中</p>
        )}
      </div>
      {strip.rows && strip.rows.length > 1 && (
        <ol
          aria-label="近期开奖"
          className="mt-2 hidden flex-col gap-1 text-xs text-gray-700 sm:flex"
        >
          {strip.rows.slice(1, STRIP_OLDER_ROWS + 1).map((r) => (
            <li key={r.issue} className="flex items-center gap-2">
              <span className="w-28 shrink-0 whitespace-nowrap">{r.issue}期</span>
              <Balls openNumber={r.openNumber} family={family} drawnAt={r.openTime} />
            </li>
          ))}
        </ol>
      )}
      {historyOpen && (
        <Suspense fallback={null}>
          <HistoryDrawer
            lotteryCode={lotteryCode}
            family={family}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
