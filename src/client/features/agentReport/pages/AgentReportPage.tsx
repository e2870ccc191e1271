/**
 * /agentReport (代理报表): the team's figures (the agent included) over a preset or custom Beijing date
 * range, the team balance and size, and the same figures day by day.
 */
import { Link } from 'wouter';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { yuan } from '../../records/format';
import { getTeamDays, getTeamReport } from '../api';
import { FiguresCard } from '../components/Figures';
import { FigureRows } from '../components/FigureRows';
import { RangeFilter, useRangeValue } from '../components/RangeFilter';

export default function AgentReportPage() {
  const [range, setRange] = useRangeValue('today');
  const q = { startTime: range.range.startDate, endTime: range.range.endDate };
  const team = useQuery({
    queryKey: keys.agentReports('team', q),
    queryFn: () => getTeamReport(q),
  });
  const days = useQuery({
    queryKey: keys.agentReports('teamDays', q),
    queryFn: () => getTeamDays(q),
  });

  return (
    <Page title="代理报表" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="筛选"
          className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <RangeFilter value={range} onChange={setRange} />
        </section>
        {team.loading ? (
          <LoadingState />
        ) : team.error || !team.data ? (
          <ErrorState message={team.error?.message ?? '加载失败'} onRetry={team.reload} />
        ) : (
          <FiguresCard
            title="团队报表"
            figures={team.data}
            extra={[
              ['团队余额', yuan(team.data.teamBalance), 'text-gray-900'],
              ['团队人数', String(team.data.memberCount), 'text-gray-900'],
            ]}
            note="团队含本人及全部下级；金额单位：元。团队余额、团队人数为当前数据。"
          />
        )}
        <div className="flex justify-end">
          <Link
            href="/lowerReport"
            className="text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            查看下级报表
          </Link>
        </div>
        <h2 className="text-sm font-semibold text-gray-900">每日明细</h2>
        {days.loading ? (
          <LoadingState />
        ) : days.error || !days.data ? (
          <ErrorState message={days.error?.message ?? '加载失败'} onRetry={days.reload} />
        ) : days.data.length === 0 ? (
          <EmptyState text="该时段暂无数据" />
        ) : (
          <FigureRows
            label="每日明细"
            rows={days.data.map((d) => ({ key: d.date, title: d.date, figures: d }))}
          />
        )}
      </div>
    </Page>
  );
}
