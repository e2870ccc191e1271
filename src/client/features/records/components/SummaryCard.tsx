/**
 * Betting totals of getBetData (/betRecord): the settled stake, prize and rebate and their 盈亏
 * (domain/figures.ts), the stakes awaiting their draw apart.
 */
import type { BetSummary } from '../../lottery/betsApi';
import { FigureGrid } from './FigureGrid';
import { pendingCell, profitCells, profitFormula } from './profitColumns';

export function SummaryCard({ data, title }: { data: BetSummary; title?: string }) {
  const [pendingLabel, pendingText] = pendingCell(data);
  return (
    <section
      aria-label={title ?? '投注统计'}
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      {title && <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>}
      <FigureGrid figures={profitCells('betRecord', data)} cols="grid-cols-2 sm:grid-cols-4" />
      <p
        className="mt-2 flex items-center justify-between rounded-lg bg-amber-50 px-3 py-2 text-sm text-gray-800"
        data-testid="pending-bet"
      >
        <span>{pendingLabel}（不计入投注金额与盈亏）</span>
        <span className="font-semibold">{pendingText}</span>
      </p>
      <p className="mt-2 text-xs leading-relaxed text-gray-600">
        共 {data.betCount} 笔投注；投注、中奖与返点只计已开奖的注单，{profitFormula('betRecord')}
        （金额单位：元）。
      </p>
    </section>
  );
}
