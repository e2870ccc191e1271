/**
 * /PLstatement: today's profit and loss. Only the betting side exists so far (getBetData for today's
 * Beijing date); recharges and withdrawals join when the wallet calls exist.
 */
import { getBetData } from '../../lottery/api';
import { Link } from '../../../router';
import { ErrorState, LoadingState, Page, useAsync } from '../../../ui';
import { dateRange } from '../format';
import { SummaryCard } from '../components/SummaryCard';

export default function PLStatementPage() {
  const today = dateRange('today', Date.now());
  const q = useAsync(() => getBetData(today), [today.startDate]);
  return (
    <Page title="今日盈亏" back>
      <div className="mx-auto max-w-xl space-y-3">
        <p className="text-sm text-gray-700">统计日期：{today.startDate}（北京时间）</p>
        {q.loading ? <LoadingState />
          : q.error || !q.data ? <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
            : <SummaryCard data={q.data} title="彩票投注" />}
        <p className="text-xs leading-relaxed text-gray-600">中奖金额与返点在每期开奖结算后计入。</p>
        <Link href="/betRecord" className="block text-center text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand">查看今日投注记录</Link>
      </div>
    </Page>
  );
}
