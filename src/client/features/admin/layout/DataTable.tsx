/**
 * The console's table: a header row and one row per item, scrolling sideways inside its card on a
 * narrow screen; the loading, error and empty states of a useQuery list; paging under it.
 */
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState, PageNav } from '../../../ui';

export interface Column<T> {
  label: string;
  cell(row: T): ReactNode;
  /** extra classes of the column's cells (alignment, width) */
  className?: string;
}

interface ListState<T> { data: { list: T[]; total?: number } | undefined; error: Error | null; loading: boolean; reload(): void }

export function DataTable<T>({ label, columns, state, keyOf, empty, page, pageSize, onPage, caption }: {
  label: string; columns: Column<T>[]; state: ListState<T>; keyOf(row: T): string | number; empty: string;
  page?: number; pageSize?: number; onPage?(n: number): void; caption?: ReactNode;
}) {
  const { data, error, loading, reload } = state;
  if (loading && !data) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.list.length) return <EmptyState text={empty} />;
  const pages = page && pageSize && data.total !== undefined ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  return (
    <div>
      {caption}
      <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-gray-200">
        <table aria-label={label} className="w-full min-w-max text-left text-sm">
          <thead className="bg-gray-50 text-xs text-gray-600">
            <tr>{columns.map((c) => <th key={c.label} scope="col" className={`px-3 py-2 font-medium ${c.className ?? ''}`}>{c.label}</th>)}</tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {data.list.map((row) => (
              <tr key={keyOf(row)} className="hover:bg-gray-50">
                {columns.map((c) => <td key={c.label} className={`px-3 py-2 align-top text-gray-900 ${c.className ?? ''}`}>{c.cell(row)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onPage && page && <PageNav page={page} pages={pages} onPage={onPage} />}
    </div>
  );
}
