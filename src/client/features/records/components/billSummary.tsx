/** Income and expense of the main wallet over the filtered range. */
import { formatSignedFen, signedYuanText, wireFen } from '../../../../domain/money';
import { profitTone, yuan } from '../format';
import type { BillSummary as Summary } from './billApi';
import { FigureGrid, type Figure } from './FigureGrid';

export function BillSummary({ data }: { data: Summary }) {
  const cells: Figure[] = [
    ['收入', signedYuanText(data.income), profitTone(data.income)],
    ['支出', formatSignedFen(-(wireFen(data.expense) ?? 0)), profitTone(-Number(data.expense))],
    ['净额', yuan(data.net), profitTone(data.net)],
  ];
  return (
    <section
      aria-label="收支统计"
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <FigureGrid figures={cells} cols="grid-cols-3" centered />
      <p className="mt-2 text-xs text-gray-600">
        {data.startDate === data.endDate ? data.startDate : `${data.startDate} 至 ${data.endDate}`}
        （北京时间，主钱包，单位：元）
      </p>
    </section>
  );
}
