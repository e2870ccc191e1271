/**
 * /PLstatement's figures (profitLoss): the columns the day's 盈亏 adds up (domain/figures.ts), 盈亏,
 * the stakes awaiting their draw apart, and recharges and withdrawals, which are not in 盈亏.
 */
import { Link } from 'wouter';
import { yuan } from '../format';
import type { ProfitLoss } from './billApi';
import { FigureGrid, type Figure } from './FigureGrid';
import { columnCells, pendingCell, profitCell, profitFormula } from './profitColumns';

export function BillMoneyCard({ data }: { data: ProfitLoss }) {
  const [profitLabel, profitText, profitTone] = profitCell(data);
  const [pendingLabel, pendingText] = pendingCell(data);
  const outside: Figure[] = [
    ['充值金额', yuan(data.rechargeAmount), 'text-gray-900'],
    ['提现金额', yuan(data.withdrawAmount), 'text-gray-900'],
  ];
  return (
    <section
      aria-label="盈亏统计"
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="mb-2 text-sm font-semibold text-gray-900">盈亏构成</h2>
      <FigureGrid figures={columnCells('plStatement', data)} cols="grid-cols-2 sm:grid-cols-4" />
      <div className="mt-3 flex items-center justify-between rounded-lg bg-brand/5 px-3 py-2">
        <span className="text-sm text-gray-800">今日{profitLabel}</span>
        <span className={`text-lg font-bold ${profitTone}`} data-testid="pl-profit">
          {profitText}
        </span>
      </div>
      <p
        className="mt-2 flex items-center justify-between rounded-lg bg-amber-50 px-3 py-2 text-sm text-gray-800"
        data-testid="pending-bet"
      >
        <span>{pendingLabel}（不计入投注金额与盈亏）</span>
        <span className="font-semibold">{pendingText}</span>
      </p>
      <p className="mt-2 text-xs leading-relaxed text-gray-600">
        {profitFormula('plStatement')}（单位：元）。投注、中奖与返点只计已开奖的注单。
      </p>
      <h3 className="mb-2 mt-3 text-sm font-semibold text-gray-900">充值与提现（不计入盈亏）</h3>
      <FigureGrid figures={outside} cols="grid-cols-2" />
      <p className="mt-2 text-xs leading-relaxed text-gray-600">提现在出款后计入。</p>
      <Link
        href="/billRecord"
        className="mt-1 inline-block text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
      >
        查看账变记录
      </Link>
    </section>
  );
}
