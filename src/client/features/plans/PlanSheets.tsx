/**
 * A plan's history list (getPushPlayListFront, paged), the detail action sheet of one row (查看开奖记录,
 * 跟投 while the issue waits) and the plan lottery record view (gameName, issue, openNumber, the pick, result).
 */
import { useState } from 'react';
import { Sheet } from '../../ui/Sheet';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PageNav } from '../../ui/PageNav';
import { keys, useQuery } from '../../query';
import {
  getPlanHistory,
  getPlanRecord,
  PLAN_PAGE_SIZE,
  PRIZE_LABELS,
  prizeClass,
  type PlanHistoryRow,
  type PlanPayload,
} from './api';

export function PlanRecordSheet({
  planId,
  issue,
  onClose,
}: {
  planId: number;
  issue: string | null;
  onClose(): void;
}) {
  const q = useQuery({
    queryKey: keys.planRecord(planId, issue ?? ''),
    queryFn: () => getPlanRecord(planId, issue!),
    enabled: issue !== null,
  });
  const r = q.data;
  return (
    <Sheet open={issue !== null} title="计划开奖记录" onClose={onClose}>
      {q.loading ? (
        <LoadingState />
      ) : q.error ? (
        <ErrorState message={q.error.message} onRetry={q.reload} />
      ) : (
        r && (
          <dl className="grid grid-cols-[5.5rem_1fr] gap-y-2 p-4 text-sm" data-testid="plan-record">
            <dt className="text-gray-500">彩种</dt>
            <dd>{r.gameName}</dd>
            <dt className="text-gray-500">期号</dt>
            <dd className="tabular-nums">第{r.issue}期</dd>
            <dt className="text-gray-500">玩法</dt>
            <dd>{r.playType}</dd>
            <dt className="text-gray-500">计划号码</dt>
            <dd className="break-all">{r.predictionResult}</dd>
            <dt className="text-gray-500">开奖号码</dt>
            <dd className="tabular-nums">{r.openNumber || '等待开奖'}</dd>
            <dt className="text-gray-500">结果</dt>
            <dd className={prizeClass(r.isPrize)}>{PRIZE_LABELS[r.isPrize] ?? ''}</dd>
          </dl>
        )
      )}
    </Sheet>
  );
}

function RowActions({
  row,
  onRecord,
  onFollow,
  onClose,
}: {
  row: PlanHistoryRow | null;
  onRecord(): void;
  onFollow?: () => void;
  onClose(): void;
}) {
  return (
    <Sheet open={row !== null} title={row ? `第${row.issue}期` : ''} onClose={onClose}>
      <div role="menu" aria-label="计划操作" className="flex flex-col p-2">
        <button
          type="button"
          role="menuitem"
          onClick={onRecord}
          className="min-h-11 rounded-lg px-3 text-left hover:bg-gray-100"
        >
          查看开奖记录
        </button>
        {onFollow && (
          <button
            type="button"
            role="menuitem"
            onClick={onFollow}
            className="min-h-11 rounded-lg px-3 text-left hover:bg-gray-100"
          >
            跟投本期
          </button>
        )}
        <button
          type="button"
          role="menuitem"
          onClick={onClose}
          className="min-h-11 rounded-lg px-3 text-left text-gray-500 hover:bg-gray-100"
        >
          取消
        </button>
      </div>
    </Sheet>
  );
}

export function PlanHistorySheet({
  plan,
  open,
  onClose,
  onFollow,
}: {
  plan: PlanPayload;
  open: boolean;
  onClose(): void;
  onFollow?: () => void;
}) {
  const [page, setPage] = useState(1);
  const [row, setRow] = useState<PlanHistoryRow | null>(null);
  const [record, setRecord] = useState<string | null>(null);
  const q = useQuery({
    queryKey: keys.planHistory(plan.planId, page),
    queryFn: () => getPlanHistory(plan.planId, page),
    enabled: open,
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PLAN_PAGE_SIZE));
  const canFollow = row && onFollow && row.issue === plan.bettingIssue && row.isPrize === 2;
  return (
    <>
      <Sheet
        open={open && row === null && record === null}
        title={`${plan.playName} 历史计划`}
        onClose={onClose}
      >
        {q.loading ? (
          <LoadingState />
        ) : q.error ? (
          <ErrorState message={q.error.message} onRetry={q.reload} />
        ) : !q.data?.list.length ? (
          <EmptyState text="暂无计划记录" />
        ) : (
          <div className="p-3 text-sm">
            <p className="mb-2 text-gray-600">
              总胜率 {q.data.totalWinRate} · 今日胜率 {q.data.todayWinRate}
            </p>
            <ul aria-label="历史计划" className="divide-y divide-gray-100">
              {q.data.list.map((h) => (
                <li key={h.issue}>
                  <button
                    type="button"
                    onClick={() => setRow(h)}
                    className="grid min-h-11 w-full grid-cols-[6.5rem_1fr_3rem] items-center gap-2 text-left"
                    aria-label={`第${h.issue}期 ${h.predictionResult} ${PRIZE_LABELS[h.isPrize]}`}
                  >
                    <span className="tabular-nums text-gray-600">{h.issue}</span>
                    <span className="truncate">{h.predictionResult}</span>
                    <span className={`text-right ${prizeClass(h.isPrize)}`}>
                      {PRIZE_LABELS[h.isPrize]}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <PageNav page={page} pages={pages} onPage={setPage} />
          </div>
        )}
      </Sheet>
      <RowActions
        row={row}
        onClose={() => setRow(null)}
        onRecord={() => {
          setRecord(row!.issue);
          setRow(null);
        }}
        onFollow={
          canFollow
            ? () => {
                setRow(null);
                onFollow!();
              }
            : undefined
        }
      />
      <PlanRecordSheet planId={plan.planId} issue={record} onClose={() => setRecord(null)} />
    </>
  );
}
