/** Betting totals of getBetData: bet, won, rebate and profit. */
import type { BetSummary } from '../../lottery/api';
import { profitTone, yuan } from '../format';
import { FigureGrid, type Figure } from './FigureGrid';

export function SummaryCard({ data, title }: { data: BetSummary; title?: string }) {
  const cells: Figure[] = [
    ['投注金额', yuan(data.betAmount), 'text-gray-900'],
    ['中奖金额', yuan(data.winAmount), 'text-gray-900'],
    ['返点金额', yuan(data.rebateAmount), 'text-gray-900'],
    ['盈亏', yuan(data.profit), profitTone(data.profit)],
  ];
  return (
    <section aria-label={title ?? '投注统计'} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
      {title && <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>}
      <FigureGrid figures={cells} cols="grid-cols-2 sm:grid-cols-4" />
      <p className="mt-2 text-xs text-gray-600">共 {data.betCount} 笔投注（金额单位：元）</p>
    </section>
  );
}
