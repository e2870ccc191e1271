/**
 * The console's always-a-table list (the users table and a user's records): the loading, error and
 * empty states of a useQuery list around the shared ui DataTable, paging under it. On a phone the
 * table scrolls sideways inside its frame.
 */
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState, PageNav } from '../../../ui';
import { DataTable as Table, type Column } from '../../../ui/DataTable';

export type { Column };

interface ListState<T> {
  data: { list: T[]; total?: number } | undefined;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

export function DataTable<T>({
  label,
  columns,
  state,
  keyOf,
  empty,
  page,
  pageSize,
  onPage,
  caption,
}: {
  label: string;
  columns: Column<T>[];
  state: ListState<T>;
  keyOf(row: T): string | number;
  empty: string;
  page?: number;
  pageSize?: number;
  onPage?(n: number): void;
  caption?: ReactNode;
}) {
  const { data, error, loading, reload } = state;
  if (loading && !data) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.list.length) return <EmptyState text={empty} />;
  const pages =
    page && pageSize && data.total !== undefined
      ? Math.max(1, Math.ceil(data.total / pageSize))
      : 1;
  return (
    <div>
      {caption}
      <Table label={label} columns={columns} rows={data.list} keyOf={keyOf} />
      {onPage && page && <PageNav page={page} pages={pages} onPage={onPage} />}
    </div>
  );
}
