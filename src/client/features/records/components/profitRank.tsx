/**
 * 盈亏排行 on /PLstatement: for today, this week or this month (Beijing dates, the week from Monday),
 * my own profit report (userProfit) and the site's top 20 by profit with my place (userProfitRank;
 * other players' names come masked from the server).
 */
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { keys, useQuery } from '../../../query';
import { presetRange, type ReportPreset } from '../../../../domain/agent/reportRange';
import { getProfitRank, getUserProfit } from '../../agentReport/api';
import { profitTone, yuan } from '../format';
import { FigureGrid } from './FigureGrid';
import { pendingCell, profitCells, profitFormula } from './profitColumns';

type Period = 1 | 2 | 3;
const PERIODS: { value: Period; label: string; preset: ReportPreset }[] = [
  { value: 1, label: '今天', preset: 'today' },
  { value: 2, label: '本周', preset: 'thisWeek' },
  { value: 3, label: '本月', preset: 'thisMonth' },
];

function MyProfit({ period }: { period: Period }) {
  const r = presetRange(PERIODS.find((p) => p.value === period)!.preset, Date.now());
  const q = { startTime: r.startDate, endTime: r.endDate };
  const mine = useQuery({
    queryKey: keys.agentReports('userProfit', q),
    queryFn: () => getUserProfit(q),
  });
  if (mine.loading) return <LoadingState />;
  if (mine.error || !mine.data)
    return <ErrorState message={mine.error?.message ?? '加载失败'} onRetry={mine.reload} />;
  const d = mine.data;
  // the columns its 盈亏 adds up, then the stakes awaiting their draw apart (domain/figures.ts)
  return (
    <section aria-label="我的盈亏">
      <FigureGrid
        figures={[...profitCells('teamReport', d), pendingCell(d)]}
        cols="grid-cols-2 sm:grid-cols-3"
      />
      <p className="mt-1 text-xs text-gray-600">{profitFormula('teamReport')}；待开奖不计入。</p>
      <p className="mt-1 text-xs text-gray-600">
        {r.startDate === r.endDate ? r.startDate : `${r.startDate} 至 ${r.endDate}`}
        （北京时间，单位：元）
      </p>
    </section>
  );
}

function RankList({ period }: { period: Period }) {
  const rank = useQuery({
    queryKey: keys.agentReports('profitRank', period),
    queryFn: () => getProfitRank(period),
  });
  if (rank.loading) return <LoadingState />;
  if (rank.error || !rank.data)
    return <ErrorState message={rank.error?.message ?? '加载失败'} onRetry={rank.reload} />;
  const { list, mine } = rank.data;
  return (
    <>
      <p className="rounded-lg bg-brand/5 px-3 py-2 text-sm text-gray-800" data-testid="my-rank">
        我的排名：{mine.rank === null ? '未上榜' : `第${mine.rank}名`}，盈亏{' '}
        <span className={`font-semibold ${profitTone(mine.profit)}`}>{yuan(mine.profit)}</span> 元
      </p>
      {list.length === 0 ? (
        <EmptyState text="暂无排行数据" />
      ) : (
        <ol aria-label="盈亏排行榜" className="divide-y divide-gray-100">
          {list.map((row) => (
            <li key={row.rank} className="flex items-center gap-3 py-2 text-sm">
              <span
                className={`w-8 shrink-0 text-center font-semibold ${row.rank <= 3 ? 'text-red-700' : 'text-gray-700'}`}
              >
                {row.rank}
              </span>
              <span className="min-w-0 flex-1 truncate text-gray-900">{row.userName}</span>
              <span className={`shrink-0 font-medium ${profitTone(row.profit)}`}>
                {yuan(row.profit)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function ProfitRankCard() {
  const [period, setPeriod] = useState<Period>(1);
  return (
    <section
      aria-label="盈亏排行"
      className="space-y-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="text-sm font-semibold text-gray-900">盈亏排行</h2>
      <Tabs<Period>
        look="chips"
        label="排行周期"
        value={period}
        options={PERIODS}
        onChange={setPeriod}
      />
      <MyProfit period={period} />
      <RankList period={period} />
    </section>
  );
}
