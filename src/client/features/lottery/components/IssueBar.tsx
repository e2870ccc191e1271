/**
 * Issue on sale with the countdown to close (official games: also the next draw's day and time), the
 * latest result (with the issue still waiting for its official result), the history drawer and the
 * trend chart of the lottery.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { invalidateAfterMoney, keys, useQuery } from '../../../query';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import { getOpenData, RESULTS_STRIP_SIZE, type OpenRow } from '../api';
import { EARLY_TTL_MS } from '../early';
import { formatDrawDay, formatTime } from '../families';
import { lastResultOf } from '../lastResult';
import { CloseTimer } from './CloseTimer';
import { STALE_ISSUE_MSG, type IssueState } from '../hooks/useIssue';
import { Balls } from './Balls';
import { Sheet } from '../../../ui/Sheet';
import type { LotteryFamily } from '../../../../domain/lottery';

/** Older draws under the latest one, on wide screens only (a phone shows the latest; the drawer has the rest). */
const STRIP_OLDER_ROWS = 2;
const HISTORY_SIZE = 50;
const RESULTS_POLL_MS = 20_000;
const RESULT_LINK = 'shrink-0 rounded-lg border border-gray-300 px-2 py-1 text-xs text-gray-800 focus-visible:outline-2 focus-visible:outline-brand';

/**
 * Recent results, polled (one cache entry per lottery and size). `refreshKey` (the last drawn issue)
 * asks again when it changes to a new value, not when it first arrives: the first load already has
 * that draw (asked once per page, or taken from the request started at app start).
 */
function useResults(lotteryCode: string, size: number, refreshKey: unknown) {
  const q = useQuery({
    queryKey: keys.results(lotteryCode, size),
    queryFn: () => getOpenData(lotteryCode, size, { quiet: true }),
    staleTime: EARLY_TTL_MS,
  });
  const { reload } = q;
  useEffect(() => {
    const t = setInterval(reload, RESULTS_POLL_MS);
    return () => clearInterval(t);
  }, [reload]);
  const seenKey = useRef<unknown>(null);
  useEffect(() => {
    if (refreshKey === null || refreshKey === undefined) return;
    const prev = seenKey.current;
    seenKey.current = refreshKey;
    if (prev !== null && prev !== refreshKey) reload();
  }, [refreshKey, reload]);
  return { rows: q.data, error: q.error, reload };
}

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

export function IssueBar({ lotteryCode, family, official = false, issue }: {
  lotteryCode: string; family?: LotteryFamily; official?: boolean; issue: IssueState;
}) {
  const d = issue.data;
  const strip = useResults(lotteryCode, RESULTS_STRIP_SIZE, d?.lastIssue);
  const [historyOpen, setHistoryOpen] = useState(false);
  const latest = strip.rows?.[0];
  useRefreshAfterDraw(latest);
  const last = lastResultOf(d, latest);
  return (
    <section aria-label="期号与开奖" className="rounded-xl bg-white p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <div>
          {issue.loading ? <span>期号加载中…</span>
            : issue.error && !d ? <span className="text-red-700">期号获取失败 <button type="button" className="underline" onClick={issue.reload}>重试</button></span>
            : d?.issue ? <span>第<strong>{d.issue}</strong>期 {issue.stale ? '' : '距封盘'}</span> : <span>当前暂停销售</span>}
          {official && d?.issue && d.openTime !== null && <p className="text-xs text-gray-700">下期开奖 {formatDrawDay(d.openTime)}</p>}
          {issue.stale && <p className="text-xs text-amber-800">{STALE_ISSUE_MSG}</p>}
        </div>
        {issue.remainingMs !== null && (
          <CloseTimer remainingMs={issue.remainingMs} closedText="已封盘" className="rounded bg-gray-900 px-2 py-1 font-mono text-base tabular-nums text-white" />
        )}
      </div>
      <div className="mt-2 border-t border-gray-100 pt-2">
        <div className="mb-1 flex items-center justify-between gap-2">
          <span className="text-xs text-gray-600">{last.drawn ? `第${last.drawn.issue}期开奖` : '上期开奖'}</span>
          <span className="flex shrink-0 gap-2">
            <Link href={`/trendChart/${lotteryCode}`} className={RESULT_LINK}>走势图</Link>
            <button type="button" onClick={() => setHistoryOpen(true)} className={RESULT_LINK}>历史开奖</button>
          </span>
        </div>
        {last.drawn || !last.awaiting
          ? <Balls openNumber={last.drawn?.openNumber} size="md" family={family} drawnAt={last.drawn?.openTime} />
          : null}
        {last.awaiting && <p className="mt-1 text-xs text-gray-600">第{last.awaiting}期 等待开奖</p>}
      </div>
      {strip.rows && strip.rows.length > 1 && (
        <ol aria-label="近期开奖" className="mt-2 hidden flex-col gap-1 text-xs text-gray-700 sm:flex">
          {strip.rows.slice(1, STRIP_OLDER_ROWS + 1).map((r) => (
            <li key={r.issue} className="flex items-center gap-2"><span className="w-28 shrink-0 whitespace-nowrap">{r.issue}期</span><Balls openNumber={r.openNumber} family={family} drawnAt={r.openTime} /></li>
          ))}
        </ol>
      )}
      {historyOpen && <HistoryDrawer lotteryCode={lotteryCode} family={family} onClose={() => setHistoryOpen(false)} />}
    </section>
  );
}

function HistoryDrawer({ lotteryCode, family, onClose }: { lotteryCode: string; family?: LotteryFamily; onClose(): void }) {
  const h = useResults(lotteryCode, HISTORY_SIZE, null);
  return (
    <Sheet open title="历史开奖" onClose={onClose} footer={<>
      <Link href={`/trendChart/${lotteryCode}`} className="flex min-h-11 flex-1 items-center justify-center rounded-lg border border-brand font-medium text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">查看走势图</Link>
      <Button variant="secondary" className="flex-1" onClick={onClose}>关闭</Button>
    </>}>
      {h.error && !h.rows ? <ErrorState message={h.error.message} onRetry={h.reload} />
        : !h.rows ? <LoadingState />
        : h.rows.length === 0 ? <EmptyState text="暂无开奖记录" />
        : (
          <table className="w-full text-sm">
            <thead><tr className="text-left text-gray-600"><th className="py-1 font-normal">期号</th><th className="py-1 font-normal">开奖号码</th><th className="py-1 font-normal">时间</th></tr></thead>
            <tbody>
              {h.rows.map((r) => (
                <tr key={r.issue} className="border-t border-gray-100">
                  <td className="py-2 pr-1 align-top text-xs">{r.issue}</td>
                  <td className="py-2 pr-1"><Balls openNumber={r.openNumber} family={family} drawnAt={r.openTime} /></td>
                  <td className="py-2 align-top text-xs text-gray-600">{formatTime(r.openTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </Sheet>
  );
}
