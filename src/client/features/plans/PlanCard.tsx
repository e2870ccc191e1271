/**
 * The push-plan bubble of a chat message (type 10): the plan and play, the pick for the issue, the
 * win rates and the last history rows (中 / 未中 / 等待). The rates and rows are read live from
 * getPushPlayListFront (asked again every 15 s while shown), so the card updates when a draw resolves
 * the plan. 跟投 opens the follow dialog with the plan's entries; 历史 opens the history list.
 */
import { useEffect, useState } from 'react';
import type { ChatMessage } from '../chat/api';
import { keys, queryClient, useQuery } from '../../query';
import { getPlanHistory, PRIZE_LABELS, prizeClass, type PlanPayload } from './api';
import { PlanHistorySheet } from './PlanSheets';

const CARD_ROWS = 5;
const REFRESH_MS = 15_000;

export function PlanCard({ p }: { m: ChatMessage; p: PlanPayload }) {
  const [history, setHistory] = useState(false);
  const key = keys.planHistory(p.planId, 0);
  const live = useQuery({
    queryKey: key,
    queryFn: () => getPlanHistory(p.planId, 1, CARD_ROWS + 1),
  });
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: keys.planHistory(p.planId, 0) });
    }, REFRESH_MS);
    return () => clearInterval(t);
  }, [p.planId]);
  const rows = live.data?.list ?? p.history;
  const current = rows.find((h) => h.issue === p.bettingIssue);
  const past = rows.filter((h) => h.issue !== p.bettingIssue).slice(0, CARD_ROWS);
  const total = live.data?.totalWinRate ?? p.totalWinRate;
  const today = live.data?.todayWinRate ?? p.todayWinRate;
  const follow = () => {
    void import('../follow/openFollow').then((f) =>
      f.openFollowDialog({
        source: 'plan',
        lotteryCode: p.lotteryCode,
        lotteryName: p.lotteryName,
        issue: p.bettingIssue,
        entries: p.entries,
      }),
    );
  };
  return (
    <section
      aria-label={`推送计划：${p.playName}`}
      data-plan-id={p.planId}
      data-plan-issue={p.bettingIssue}
      className="w-64 max-w-[75vw] overflow-hidden rounded-xl bg-white text-left text-sm shadow-sm"
    >
      <header className="bg-brand px-3 py-2 text-white">
        <p className="truncate font-semibold">{p.playName}</p>
        <p className="truncate text-xs text-white/90">
          {p.lotteryName} · {p.betPlay}
        </p>
      </header>
      <div className="space-y-1.5 px-3 py-2">
        <p>
          第<span className="tabular-nums">{p.bettingIssue}</span>期 计划：
          <strong className="break-all">{p.predictionResult}</strong>
          {current && (
            <span className={`ml-1 ${prizeClass(current.isPrize)}`} data-testid="plan-current">
              {PRIZE_LABELS[current.isPrize]}
            </span>
          )}
        </p>
        <p className="text-xs text-gray-600" data-testid="plan-rates">
          总胜率 <span data-testid="plan-total-rate">{total}</span> · 今日胜率 {today}
        </p>
        {past.length > 0 && (
          <ul aria-label="最近计划" className="text-xs">
            {past.map((h) => (
              <li key={h.issue} className="grid grid-cols-[5.5rem_1fr_2.5rem] gap-1">
                <span className="tabular-nums text-gray-500">{h.issue}</span>
                <span className="truncate">{h.predictionResult}</span>
                <span className={`text-right ${prizeClass(h.isPrize)}`}>
                  {PRIZE_LABELS[h.isPrize]}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-[11px] leading-snug text-gray-500">{p.describePlay}</p>
      </div>
      <footer className="flex border-t border-gray-100">
        <button
          type="button"
          onClick={() => setHistory(true)}
          className="min-h-11 flex-1 text-gray-700 focus-visible:outline-2 focus-visible:outline-brand"
        >
          历史计划
        </button>
        <button
          type="button"
          onClick={follow}
          disabled={current !== undefined && current.isPrize !== 2}
          className="min-h-11 flex-1 border-l border-gray-100 font-semibold text-brand disabled:text-gray-300 focus-visible:outline-2 focus-visible:outline-brand"
        >
          跟投
        </button>
      </footer>
      <PlanHistorySheet
        plan={p}
        open={history}
        onClose={() => setHistory(false)}
        onFollow={follow}
      />
    </section>
  );
}
