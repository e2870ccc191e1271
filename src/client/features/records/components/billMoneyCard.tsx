/** The money side of today's profit and loss: recharges, withdrawals, rebates, activity and the day's total. */
import { Link } from 'wouter';
import { profitTone, yuan } from '../format';
import type { ProfitLoss } from './billApi';
import { FigureGrid, type Figure } from './FigureGrid';

export function BillMoneyCard({ data }: { data: ProfitLoss }) {
  const cells: Figure[] = [
    ['充值金额', yuan(data.rechargeAmount), 'text-gray-900'],
    ['提现金额', yuan(data.withdrawAmount), 'text-gray-900'],
    ['返点金额', yuan(data.rebateAmount), 'text-gray-900'],
    ['活动收入', yuan(data.activityAmount), 'text-gray-900'],
    ['虚拟钱包收益', yuan(data.walletIncome), 'text-gray-900'],
    ['其他', yuan(data.otherAmount), profitTone(data.otherAmount)],
  ];
  return (
    <section aria-label="资金统计" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">资金</h2>
      <FigureGrid figures={cells} cols="grid-cols-2 sm:grid-cols-3" />
      <div className="mt-3 flex items-center justify-between rounded-lg bg-brand/5 px-3 py-2">
        <span className="text-sm text-gray-800">今日盈亏（不含充值、提现）</span>
        <span className={`text-lg font-bold ${profitTone(data.profit)}`} data-testid="pl-profit">{yuan(data.profit)}</span>
      </div>
      <p className="mt-2 text-xs leading-relaxed text-gray-600">
        盈亏 = 中奖 {yuan(data.prizeAmount)} − 投注 {yuan(data.betAmount)} + 返点 + 活动收入 + 虚拟钱包收益 + 其他（单位：元）。
        提现在出款后计入。
      </p>
      <Link href="/billRecord" className="mt-1 inline-block text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand">查看账变记录</Link>
    </section>
  );
}
