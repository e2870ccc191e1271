/** /trendChart/:id (id = lotteryCode): trend chart of the latest 30/50/100 draws, per family view and group. */
import { useMemo, useState } from 'react';
import {
  computeTrend,
  parseDraw,
  trendViews,
  type LotteryFamily,
} from '../../../../domain/lottery';
import { getOpenData, type OpenRow } from '../../lottery/api';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { Link, useRoute } from 'wouter';
import { Tabs } from '../../../ui/Tabs';
import { TrendGrid } from '../components/TrendGrid';
import { keys, useQuery } from '../../../query';

const SIZES = [30, 50, 100].map((n) => ({ value: n, label: `近${n}期` }));

export default function TrendChartPage() {
  const id = useRoute('/trendChart/:id')[1]?.id ?? '';
  const lotteries = useLotteries();
  const lottery = lotteries.byCode.get(id);
  const [pageSize, setPageSize] = useState(30);
  const draws = useQuery({
    queryKey: keys.results(id, pageSize),
    queryFn: () => getOpenData(id, pageSize),
  });
  const title = lottery ? `${lottery.lotteryName}走势图` : '走势图';
  return (
    <Page title={title} back>
      <div className="mx-auto max-w-screen-sm space-y-3">
        {lotteries.loading ? (
          <LoadingState />
        ) : lotteries.error ? (
          <ErrorState message={lotteries.error.message} />
        ) : !lottery ? (
          <EmptyState text="彩种不存在或已停售" />
        ) : (
          <>
            <Tabs<number>
              look="chips"
              label="期数"
              value={pageSize}
              options={SIZES}
              onChange={setPageSize}
            />
            {draws.loading && !draws.data ? (
              <LoadingState />
            ) : draws.error ? (
              <ErrorState message={draws.error.message} onRetry={draws.reload} />
            ) : (
              <Chart family={lottery.family} rows={draws.data ?? []} />
            )}
            <Link
              href={`/howtoplay/${encodeURIComponent(id)}`}
              className="block pb-4 text-center text-sm text-brand underline"
            >
              玩法说明
            </Link>
          </>
        )}
      </div>
    </Page>
  );
}

function Chart({ family, rows }: { family: LotteryFamily; rows: OpenRow[] }) {
  const views = useMemo(() => trendViews(family), [family]);
  const [viewId, setViewId] = useState(views[0]!.id);
  const [groupAt, setGroupAt] = useState(0);
  const [showMiss, setShowMiss] = useState(true);
  const [showLine, setShowLine] = useState(true);
  const view = views.find((v) => v.id === viewId) ?? views[0]!;
  // The API lists newest first; the chart reads top to bottom, oldest first.
  const drawn = useMemo(
    () =>
      rows
        .map((r) => ({ issue: r.issue, draw: parseDraw(family, r.openNumber) }))
        .filter((r): r is { issue: string; draw: number[] } => r.draw !== null)
        .reverse(),
    [rows, family],
  );
  const groups = useMemo(
    () =>
      computeTrend(
        view,
        drawn.map((d) => d.draw),
      ),
    [view, drawn],
  );
  const group = groups[Math.min(groupAt, groups.length - 1)]!;
  if (drawn.length === 0) return <EmptyState text="暂无开奖数据" />;
  return (
    <>
      {views.length > 1 && (
        <Tabs<string>
          look="chips"
          label="走势类型"
          value={view.id}
          options={views.map((v) => ({ value: v.id, label: v.nameZh }))}
          onChange={(v) => {
            setViewId(v);
            setGroupAt(0);
          }}
        />
      )}
      {groups.length > 1 && (
        <Tabs<number>
          look="chips"
          label="位置"
          value={Math.min(groupAt, groups.length - 1)}
          options={groups.map((g, i) => ({ value: i, label: g.name }))}
          onChange={setGroupAt}
        />
      )}
      <div className="flex flex-wrap items-center gap-4 text-sm text-gray-800">
        <label className="flex min-h-9 items-center gap-2">
          <input
            type="checkbox"
            checked={showMiss}
            onChange={(e) => setShowMiss(e.target.checked)}
            className="h-4 w-4 accent-brand"
          />
          显示遗漏
        </label>
        {group.single && (
          <label className="flex min-h-9 items-center gap-2">
            <input
              type="checkbox"
              checked={showLine}
              onChange={(e) => setShowLine(e.target.checked)}
              className="h-4 w-4 accent-brand"
            />
            显示折线
          </label>
        )}
        <span className="flex items-center gap-1 text-xs">
          <span className="inline-block h-3 w-3 rounded bg-red-100 ring-1 ring-red-300" />
          热号
        </span>
        <span className="flex items-center gap-1 text-xs">
          <span className="inline-block h-3 w-3 rounded bg-sky-100 ring-1 ring-sky-300" />
          冷号
        </span>
      </div>
      <TrendGrid
        group={group}
        issues={drawn.map((d) => d.issue)}
        showMiss={showMiss}
        showLine={showLine}
      />
      <p className="text-xs leading-relaxed text-gray-600">
        遗漏：该号码距上次开出的期数；最大遗漏：统计期内最长连续未开出期数；热号/冷号：统计期内开出次数最多/最少的号码。
      </p>
    </>
  );
}
