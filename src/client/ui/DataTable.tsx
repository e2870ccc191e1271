/**
 * A data table for wide screens: a header row of column names (`<th scope="col">`), one row per
 * record, numbers and money right-aligned in tabular figures, actions in the last column. It
 * scrolls sideways inside its frame rather than widening the page. `useWideScreen` tells a list
 * when to show it (from 1024 px); below that the list keeps its cards, which read better on a
 * phone than a table scrolled sideways.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

export interface Column<T> {
  /** the header text; also the key of the column and, in a card, the field's name */
  label: string;
  cell(row: T): ReactNode;
  /** `end`: numbers and money, right-aligned in tabular figures, never wrapped */
  align?: 'start' | 'end';
  /** the row's buttons: kept on one line, compact, the column as narrow as they allow */
  actions?: boolean;
  /** extra classes of the column's cells (width, wrapping) */
  className?: string;
}

/** The breakpoint from which a list is a table (Tailwind's `lg`, where the console has its side navigation). */
export const WIDE_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const mq = typeof window !== 'undefined' ? window.matchMedia?.(WIDE_QUERY) : undefined;
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}
const wideNow = () =>
  (typeof window !== 'undefined' && window.matchMedia?.(WIDE_QUERY).matches) === true;

/** Whether the window is at least 1024 px wide, following resizes and rotations. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wideNow, () => false);
}

const ACTIONS =
  'w-px whitespace-nowrap [&_.flex-wrap]:flex-nowrap [&_button]:min-h-9 [&_button]:px-3 [&_button]:text-sm';

const cellClass = (c: { align?: 'start' | 'end'; actions?: boolean; className?: string }) =>
  `px-3 py-2 ${c.align === 'end' ? 'whitespace-nowrap text-right tabular-nums' : 'text-left'} ${c.actions ? ACTIONS : ''} ${c.className ?? ''}`;

export function DataTable<T>({
  label,
  columns,
  rows,
  keyOf,
  caption,
}: {
  /** the table's accessible name */
  label: string;
  columns: Column<T>[];
  rows: T[];
  keyOf(row: T): string | number;
  /** a visible caption (e.g. the total), shown above the header row */
  caption?: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-gray-200">
      <table aria-label={label} className="w-full text-sm">
        {caption && (
          <caption className="px-3 py-2 text-left text-sm text-gray-700">{caption}</caption>
        )}
        <thead className="bg-gray-50 text-xs text-gray-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={`whitespace-nowrap font-medium ${cellClass(c)}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={keyOf(row)} className="hover:bg-gray-50">
              {columns.map((c) => (
                <td key={c.label} className={`align-middle text-gray-900 ${cellClass(c)}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
