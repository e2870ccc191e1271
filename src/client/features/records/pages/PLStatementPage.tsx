/**
 * /PLstatement: today's profit and loss (Beijing date), one call (profitLoss): the columns the day's
 * 盈亏 adds up, the stakes awaiting their draw apart, recharges and withdrawals (domain/figures.ts).
 * The bets themselves are on /betRecord, whose totals are the same figures.
 */
import { ErrorState, LoadingState, Page } from '../../../ui';
import { Link } from 'wouter';
import { dateRange } from '../format';
import { getProfitLoss } from '../components/billApi';
import { BillMoneyCard } from '../components/billMoneyCard';
import { keys, useQuery } from '../../../query';
import { ShareButton } from '../../share/ShareDialog';
import { ProfitRankCard } from '../components/profitRank';

export default function PLStatementPage() {
  const today = dateRange('today', Date.now());
  const money = useQuery({
    queryKey: keys.profitLoss(today.startDate),
    queryFn: () => getProfitLoss(today.startDate),
    keepOffline: true,
  });
  return (
    <Page title="今日盈亏" back>
      <div className="mx-auto max-w-xl space-y-3">
        <p className="text-sm text-gray-700">统计日期：{today.startDate}（北京时间）</p>
        {money.loading ? (
          <LoadingState />
        ) : money.error || !money.data ? (
          <ErrorState message={money.error?.message ?? '加载失败'} onRetry={money.reload} />
        ) : (
          <>
            <BillMoneyCard data={money.data} />
            <div className="flex justify-end">
              <ShareButton
                what={{ kind: 'record', date: today.startDate }}
                title="分享战绩"
                label="分享今日战绩"
                ariaLabel={`分享${today.startDate}的战绩`}
              />
            </div>
          </>
        )}
        <p className="text-xs leading-relaxed text-gray-600">
          中奖金额与返点在每期开奖结算后计入。
        </p>
        <Link
          href="/betRecord"
          className="block text-center text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          查看今日投注记录
        </Link>
        <ProfitRankCard />
      </div>
    </Page>
  );
}
