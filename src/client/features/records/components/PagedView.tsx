/** The states of a load-more list: error with retry, loading, empty, the rows, then 加载更多 or the total. */
import type { ReactNode } from 'react';
import { Button, EmptyState, ErrorState, LoadingState } from '../../../ui';
import type { PagedList } from '../paging';

export function PagedView<T>({
  list,
  empty,
  children,
}: {
  list: PagedList<T>;
  empty: string;
  children(items: T[]): ReactNode;
}) {
  if (list.error && list.items.length === 0)
    return <ErrorState message={list.error.message} onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <LoadingState />;
  if (list.items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      {children(list.items)}
      <div className="flex flex-col items-center gap-2 pb-4">
        {list.error && (
          <p role="alert" className="text-sm text-red-700">
            {list.error.message}
          </p>
        )}
        {list.hasMore ? (
          <Button variant="secondary" loading={list.loading} onClick={list.loadMore}>
            加载更多
          </Button>
        ) : (
          <p className="text-sm text-gray-600">共 {list.total} 条，已全部加载</p>
        )}
      </div>
    </>
  );
}
