/**
 * A list of figure rows (a day of the team, a direct member's team): on the row, the columns its 盈亏
 * adds up and 盈亏 (short labels, domain/figures.ts); what is not in 盈亏 (待开奖 first) and the counts
 * behind 更多 (a native disclosure, so keyboards and screen readers get it for free).
 */
import type { ReactNode } from 'react';
import { FigureGrid } from '../../records/components/FigureGrid';
import type { Figures } from '../api';
import { countFigures, outsideFigures, profitFigures } from './Figures';

export interface FigureRow {
  key: string | number;
  title: ReactNode;
  figures: Figures;
  actions?: ReactNode;
}

export function FigureRows({ label, rows }: { label: string; rows: FigureRow[] }) {
  return (
    <ul
      aria-label={label}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {rows.map((r) => {
        const f = r.figures;
        const main = profitFigures(f, true);
        return (
          <li key={r.key} className="border-b border-gray-100 px-3 py-3 last:border-0">
            <div className="mb-2 flex items-center justify-between gap-2">
              <div className="min-w-0 truncate font-medium text-gray-900">{r.title}</div>
              {r.actions && <div className="flex shrink-0 gap-2">{r.actions}</div>}
            </div>
            <dl className="grid grid-cols-4 gap-1 text-center">
              {main.map(([k, v, tone]) => (
                <div key={k} className="min-w-0">
                  <dt className="text-xs text-gray-600">{k}</dt>
                  <dd className={`break-all text-sm font-semibold ${tone}`}>{v}</dd>
                </div>
              ))}
            </dl>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-brand focus-visible:outline-2 focus-visible:outline-brand">
                更多数据
              </summary>
              <div className="mt-2">
                <FigureGrid
                  figures={[...outsideFigures(f), ...countFigures(f)]}
                  cols="grid-cols-2"
                />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
